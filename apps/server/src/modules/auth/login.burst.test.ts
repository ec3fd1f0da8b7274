import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import {
  call,
  createAuthTestApp,
  lastOutbox,
  login,
  registerUser,
  setSecurity,
} from './auth.test-helpers.ts';
import { peekCaptchaAnswer } from './index.ts';
import { burst, passwordChecks } from '../../../test/password-checks.ts';

vi.mock('./passwords.ts', async (real) =>
  (await import('../../../test/password-checks.ts')).countingPasswords(await real()),
);

/**
 * Issue 12: limits that hold when the attempts come at once. Every attempt is reserved before its
 * password or code is compared, so a burst gets exactly the allowed number of comparisons.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ MOBILEVERCODELOGIN3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: false });
});
afterAll(() => t?.close());

const RIGHT = 'secret12';
const wrong = (i: number) => `wrong${String(i).padStart(3, '0')}`;

function tally(answers: { status: number; code?: string }[]) {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.code ?? String(a.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function solvedCaptcha(ip: string) {
  const r = await call(t, { method: 'GET', url: '/wps/captcha', ip });
  return { captchaId: r.value.captchaId as string, captchaCode: peekCaptchaAnswer(r.value.captchaId) ?? '' };
}

describe('player login under a burst', () => {
  test('40 at once from one address, the right password among them: 3 compared, the rest need a captcha', async () => {
    await registerUser(t, 'burst001');
    const answers = await burst(40, (i) =>
      login(t, 'burst001', i === 20 ? RIGHT : wrong(i), {}, '10.40.0.1'),
    );
    expect(passwordChecks.checked).toHaveLength(3);
    const rightChecked = passwordChecks.checked.includes(RIGHT);
    expect(tally(answers)).toEqual({
      AUTH_CAPTCHA_REQUIRED: 37,
      ...(rightChecked ? { AUTH_INVALID_CREDENTIALS: 2, '200': 1 } : { AUTH_INVALID_CREDENTIALS: 3 }),
    });
    expect(answers[20]!.status === 200).toBe(rightChecked);
  });

  test('200 wrong at once with the captcha off: 10 compared, 190 locked, and the right one is locked too', async () => {
    await registerUser(t, 'burst002');
    await setSecurity(t, { captchaAfterFailedLogins: 0 });
    try {
      const answers = await burst(200, (i) =>
        login(t, 'burst002', wrong(i), {}, `10.41.${Math.floor(i / 250)}.${i % 250}`),
      );
      expect(passwordChecks.checked).toHaveLength(10);
      expect(tally(answers)).toEqual({ AUTH_INVALID_CREDENTIALS: 10, AUTH_ACCOUNT_LOCKED: 190 });
      const right = await login(t, 'burst002', RIGHT, {}, '10.41.9.9');
      expect([right.status, right.code]).toEqual([429, 'AUTH_ACCOUNT_LOCKED']);
      expect(right.details?.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await setSecurity(t, { captchaAfterFailedLogins: 3 });
    }
  });

  test('40 at once, each with a solved captcha, the right one among them: 10 compared, 30 locked', async () => {
    await registerUser(t, 'burst003');
    const captchas: { captchaId: string; captchaCode: string }[] = [];
    for (let i = 0; i < 40; i++) captchas.push(await solvedCaptcha(`10.42.1.${i}`));
    const answers = await burst(40, (i) =>
      login(t, 'burst003', i === 30 ? RIGHT : wrong(i), { verification: captchas[i] }, `10.42.0.${i}`),
    );
    expect(passwordChecks.checked).toHaveLength(10);
    const rightChecked = passwordChecks.checked.includes(RIGHT);
    expect(tally(answers)).toEqual({
      AUTH_ACCOUNT_LOCKED: 30,
      ...(rightChecked ? { AUTH_INVALID_CREDENTIALS: 9, '200': 1 } : { AUTH_INVALID_CREDENTIALS: 10 }),
    });
    expect(answers[30]!.status === 200).toBe(rightChecked);
  });

  test('a right password after failures clears the account count and gives back its place on the address count', async () => {
    await registerUser(t, 'burst004');
    for (let i = 0; i < 2; i++) await login(t, 'burst004', wrong(i), {}, '10.43.0.1');
    expect((await login(t, 'burst004', RIGHT, {}, '10.43.0.1')).status).toBe(200);
    // Two more wrong ones do not reach the captcha: the success started the account's count over and
    // took its own reservation back from the address's count.
    for (let i = 0; i < 2; i++)
      expect((await login(t, 'burst004', wrong(i), {}, '10.43.0.2')).code).toBe('AUTH_INVALID_CREDENTIALS');
    expect((await login(t, 'burst004', RIGHT, {}, '10.43.0.2')).status).toBe(200);
  });
});

describe('SMS login code under a burst', () => {
  test('40 guesses at once, the right one among them: 5 compared, a token only if the right one was', async () => {
    const mobile = '11955551234';
    await call(t, {
      method: 'GET',
      url: `/wps/verification/sms/register?countryDialingCode=55&mobileNo=${mobile}`,
      ip: '10.44.0.1',
    });
    const reg = await call(t, {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        mobileNum: mobile,
        countryDialingCode: '+55',
        verificationCode: (await lastOutbox(t, `55${mobile}`))?.code,
        ageConfirmed: true,
        termsAccepted: true,
        login: false,
      },
    });
    expect([reg.status, reg.code, reg.details]).toEqual([200, undefined, undefined]);
    t.clock.advance(2_000);
    await call(t, {
      method: 'GET',
      url: `/wps/verification/sms/noLogin?countryDialingCode=55&mobileNo=${mobile}`,
      ip: '10.44.0.2',
    });
    const code = (await lastOutbox(t, `55${mobile}`))?.code as string;
    const guess = (i: number) =>
      i === 20 ? code : String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(t, {
          method: 'POST',
          url: '/wps/session/login',
          payload: { type: 'sms', countryDialingCode: '+55', mobileNum: mobile, smsCode: guess(i) },
          ip: `10.44.1.${i}`,
        }),
      ),
    );
    const row = await t.ctx.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('address', '=', `55${mobile}`)
      .where('purpose', '=', 'login')
      .executeTakeFirstOrThrow();
    // Every try is reserved before its comparison and no more than five are granted.
    expect(row.attempts).toBe(5);
    const tokens = answers.filter((a) => a.status === 200);
    expect(tokens.length).toBe(row.used_at ? 1 : 0);
    expect(tally(answers)).toEqual(
      row.used_at ? { AUTH_SMS_CODE_INVALID: 39, '200': 1 } : { AUTH_SMS_CODE_INVALID: 40 },
    );
    if (tokens.length) expect(answers[20]!.status).toBe(200);
    // Spent either way: the right code now gets nothing.
    const again = await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: mobile, smsCode: code },
      ip: '10.44.2.1',
    });
    expect(again.code).toBe('AUTH_SMS_CODE_INVALID');
  });
});
