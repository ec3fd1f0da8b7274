import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { IP_FAILURE_LIMIT, LOCK_AFTER_FAILURES } from './backoffice.session.service.ts';
import {
  createOperator,
  loginAs,
  operatorLogin,
  TEST_OPERATOR_PASSWORD,
  TEST_TOTP_SECRET,
  totpCodeFor,
} from './backoffice.test-helpers.ts';
import { burst, passwordChecks } from '../../../test/password-checks.ts';

vi.mock('../auth/passwords.ts', async (real) =>
  (await import('../../../test/password-checks.ts')).countingPasswords(await real()),
);

/**
 * Issue 12: the operator's lock and the address's limit hold when the attempts come at once (each is
 * reserved before its password is compared), and the answer never tells a right password from a wrong
 * one until the code is right too.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function tally(answers: { statusCode: number; json(): { code?: string } }[]) {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const key = a.json().code ?? String(a.statusCode);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('operator sign-in under a burst', () => {
  it('60 at once for one operator, the right password and code among them: 5 compared, 55 locked', async () => {
    const op = await createOperator(t, 'admin');
    t.clock.advance(30_000);
    const totpCode = totpCodeFor(TEST_TOTP_SECRET, t.clock.now());
    const answers = await burst(60, (i) =>
      operatorLogin(
        t,
        {
          merchant: 'demo',
          username: op.username,
          password: i === 30 ? TEST_OPERATOR_PASSWORD : `wrong-password-${i}`,
          totpCode,
        },
        `198.51.100.${i}`,
      ),
    );
    expect(passwordChecks.checked).toHaveLength(LOCK_AFTER_FAILURES);
    const rightChecked = passwordChecks.checked.includes(TEST_OPERATOR_PASSWORD);
    expect(tally(answers)).toEqual({
      BO_ACCOUNT_LOCKED: 55,
      ...(rightChecked ? { BO_INVALID_CREDENTIALS: 4, '200': 1 } : { BO_INVALID_CREDENTIALS: 5 }),
    });
    expect(answers[30]!.statusCode === 200).toBe(rightChecked);
  });

  it('60 usernames at once from one address: 20 compared, 40 held', async () => {
    const op = await createOperator(t, 'admin');
    t.clock.advance(30_000);
    const right = {
      username: op.username,
      password: TEST_OPERATOR_PASSWORD,
      totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()),
    };
    const answers = await burst(60, (i) =>
      operatorLogin(
        t,
        { merchant: 'demo', ...(i === 40 ? right : { username: `nobody${i}`, password: `wrong-${i}` }) },
        '203.0.113.60',
      ),
    );
    expect(passwordChecks.checked).toHaveLength(IP_FAILURE_LIMIT);
    const rightChecked = passwordChecks.checked.includes(TEST_OPERATOR_PASSWORD);
    expect(tally(answers)).toEqual({
      RATE_LIMITED: 40,
      ...(rightChecked ? { BO_INVALID_CREDENTIALS: 19, '200': 1 } : { BO_INVALID_CREDENTIALS: 20 }),
    });
    expect(answers[40]!.statusCode === 200).toBe(rightChecked);
  });
});

describe('the answer does not tell a right password before the code is right', () => {
  it('right password without a code or with a wrong one answers like a wrong password, and counts', async () => {
    const op = await createOperator(t, 'admin');
    t.clock.advance(30_000);
    const good = totpCodeFor(TEST_TOTP_SECRET, t.clock.now());
    const bad = good === '000000' ? '111111' : '000000';
    const answers = [
      await loginAs(t, op.username, { password: 'wrong-password' }),
      await loginAs(t, op.username, { password: 'wrong-password', totpCode: good }),
      await loginAs(t, op.username),
      await loginAs(t, op.username, { totpCode: bad }),
    ];
    for (const r of answers)
      expect([r.status, r.code, r.value]).toEqual([401, 'BO_INVALID_CREDENTIALS', undefined]);
    // Four failures so far: the fifth, without a code, locks the account like any other.
    expect((await loginAs(t, op.username)).code).toBe('BO_INVALID_CREDENTIALS');
    expect((await loginAs(t, op.username, { totpCode: good })).code).toBe('BO_ACCOUNT_LOCKED');
  });

  it('an operator who has not enrolled yet signs in with the password alone, to enrol', async () => {
    const op = await createOperator(t, 'admin', { totp: false });
    expect((await loginAs(t, op.username)).value?.next).toBe('enroll');
    // A code sent by a form that always asks for one changes nothing before enrolment.
    expect((await loginAs(t, op.username, { totpCode: '123456' })).value?.next).toBe('enroll');
  });
});
