import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { LOCK_MS, MAX_WRONG_ATTEMPTS } from './withdrawal-password.service.ts';
import { newPlayer, PIN } from './withdrawals.test-helpers.ts';
import { burst, passwordChecks } from '../../../test/password-checks.ts';

vi.mock('../auth/passwords.ts', async (real) =>
  (await import('../../../test/password-checks.ts')).countingPasswords(await real()),
);

/**
 * Issue 12 #6: the withdrawal password under a burst. Every try is reserved before it is compared, so
 * 40 at once get exactly five comparisons; the right one is refused unless it was among them, and the
 * refusal says until when, in the player's language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({});
});
afterAll(async () => t?.close());

const change = (token: string, oldPassword: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/withdrawal-password',
    headers: { token, lang },
    payload: { oldPassword, newPassword: '135790', confirmPassword: '135790' },
  });

async function playerWithPin() {
  const p = await newPlayer(t);
  await call(t, {
    method: 'POST',
    url: '/wps/member/withdrawal-password',
    token: p.token,
    payload: { newPassword: PIN, confirmPassword: PIN },
  });
  return p;
}

describe('withdrawal password under a burst', () => {
  it('40 at once with the right one among them: 5 compared, the rest locked with the unlock time', async () => {
    const p = await playerWithPin();
    const answers = await burst(40, (i) => change(p.token, i === 20 ? PIN : String(100_000 + i)));
    expect(passwordChecks.checked).toHaveLength(MAX_WRONG_ATTEMPTS);
    const rightChecked = passwordChecks.checked.includes(PIN);
    const codes = answers.map((a) => a.json().code ?? String(a.statusCode));
    expect(codes.filter((c) => c === '200')).toHaveLength(rightChecked ? 1 : 0);
    expect(codes[20] === '200').toBe(rightChecked);
    // Four wrong ones at most were told how many tries were left; everything past the fifth try is locked.
    const wrong = codes.filter((c) => c === 'CASHIER_WITHDRAWAL_PASSWORD_WRONG').length;
    const locked = codes.filter((c) => c === 'CASHIER_WITHDRAWAL_PASSWORD_LOCKED').length;
    expect(wrong + locked + (rightChecked ? 1 : 0)).toBe(40);
    expect(locked).toBeGreaterThanOrEqual(35);
    if (!rightChecked) {
      const refused = answers[20]!;
      expect(refused.statusCode).toBe(429);
      const body = refused.json();
      const until = Date.parse(body.details.lockedUntil);
      expect(until).toBe(t.clock.now().getTime() + LOCK_MS);
      expect(body.details.retryAfterSeconds).toBe(LOCK_MS / 1000);
      expect(body.message).toMatch(/30 minutes/);
    }
  });

  it('the locked answer says what happened and when to try again, in the player language', async () => {
    const p = await playerWithPin();
    for (let i = 0; i < MAX_WRONG_ATTEMPTS; i++) await change(p.token, '000000');
    t.clock.advance(10 * 60_000);
    const en = (await change(p.token, PIN, 'en')).json();
    const pt = (await change(p.token, PIN, 'pt-BR')).json();
    for (const body of [en, pt]) {
      expect(body.code).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
      expect(body.details.retryAfterSeconds).toBe(20 * 60);
      expect(Date.parse(body.details.lockedUntil)).toBe(t.clock.now().getTime() + 20 * 60_000);
    }
    expect(en.message).toMatch(/locked for 30 minutes/);
    expect(pt.message).toMatch(/bloqueada por 30 minutos/);
  });
});
