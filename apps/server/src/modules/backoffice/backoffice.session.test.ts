import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoOperators } from './backoffice.seed.ts';
import { matchTotp, totpCode } from './backoffice.totp.ts';
import { IP_FAILURE_LIMIT } from './backoffice.session.service.ts';
import {
  boCall,
  createOperator,
  loginAs,
  operatorLogin,
  operatorToken,
  TEST_OPERATOR_PASSWORD,
  TEST_TOTP_SECRET,
  totpCodeFor,
} from './backoffice.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Moves the clock to the next 30-second step, so a new code exists. */
function nextStep() {
  t.clock.advance(30_000);
}

describe('operator sign-in', () => {
  it('with TOTP: the password alone is refused like a wrong one; with a valid code the token opens /bo/session/me', async () => {
    const op = await createOperator(t, 'finance');
    expect((await loginAs(t, op.username)).code).toBe('BO_INVALID_CREDENTIALS');
    const signedIn = await loginAs(t, op.username, {
      totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.value?.next).toBe('done');
    const me = await boCall(t, signedIn.value!.token, 'GET', '/bo/session/me');
    expect(me.value).toMatchObject({
      username: op.username,
      merchant: 'demo',
      role: 'finance',
      totpEnabled: true,
    });
    expect(me.value.permissions).toContain('members.adjust');
    expect(me.value.permissions).not.toContain('operators.manage');
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await operatorToken(t, 'support');
    const rows = await t.ctx.db.selectFrom('operator_sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses a code that was already used, even within its window', async () => {
    const op = await createOperator(t, 'finance');
    nextStep();
    const code = totpCodeFor(TEST_TOTP_SECRET, t.clock.now());
    expect((await loginAs(t, op.username, { totpCode: code })).status).toBe(200);
    const replay = await loginAs(t, op.username, { totpCode: code });
    expect(replay.status).toBe(401);
    expect(replay.code).toBe('BO_INVALID_CREDENTIALS');
  });

  it('answers an unknown user, a wrong password and another merchant the same way', async () => {
    const op = await createOperator(t, 'admin');
    const unknown = await loginAs(t, 'nobody-here');
    const wrong = await loginAs(t, op.username, { password: 'wrong-password' });
    const otherMerchant = await loginAs(t, op.username, {}, 'no-such-merchant');
    for (const r of [unknown, wrong, otherMerchant]) {
      expect(r.status).toBe(401);
      expect(r.code).toBe('BO_INVALID_CREDENTIALS');
    }
  });

  it('locks the account after five failures, even for the right password, until the lock ends', async () => {
    const op = await createOperator(t, 'admin');
    for (let i = 0; i < 5; i++) {
      expect((await loginAs(t, op.username, { password: 'wrong-password' })).code).toBe(
        'BO_INVALID_CREDENTIALS',
      );
    }
    nextStep();
    const locked = await loginAs(t, op.username, { totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()) });
    expect(locked.status).toBe(429);
    expect(locked.code).toBe('BO_ACCOUNT_LOCKED');
    t.clock.advance(16 * 60_000);
    const after = await loginAs(t, op.username, { totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()) });
    expect(after.status).toBe(200);
  });

  it('twenty failures from one address, over any accounts, hold that address (not others) for the window', async () => {
    const ops = await Promise.all(Array.from({ length: 5 }, () => createOperator(t, 'admin')));
    const from = (ip: string, username: string, password = 'wrong-password') =>
      operatorLogin(t, { merchant: 'demo', username, password }, ip);
    for (let i = 0; i < IP_FAILURE_LIMIT; i++)
      expect((await from('203.0.113.9', ops[i % ops.length]!.username)).statusCode).toBe(401);
    const right = {
      password: TEST_OPERATOR_PASSWORD,
      totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()),
    };
    const held = await operatorLogin(
      t,
      { merchant: 'demo', username: ops[0]!.username, ...right },
      '203.0.113.9',
    );
    expect([held.statusCode, held.json().code]).toEqual([429, 'RATE_LIMITED']);
    const elsewhere = await operatorLogin(
      t,
      { merchant: 'demo', username: ops[1]!.username, ...right },
      '198.51.100.7',
    );
    expect(elsewhere.statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    const later = { ...right, totpCode: totpCodeFor(TEST_TOTP_SECRET, t.clock.now()) };
    expect(
      (await operatorLogin(t, { merchant: 'demo', username: ops[2]!.username, ...later }, '203.0.113.9'))
        .statusCode,
    ).toBe(200);
  });

  it('wrong TOTP codes count towards the lockout too', async () => {
    const op = await createOperator(t, 'admin');
    const good = totpCodeFor(TEST_TOTP_SECRET, t.clock.now());
    const bad = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await loginAs(t, op.username, { totpCode: bad })).code).toBe('BO_INVALID_CREDENTIALS');
    expect((await loginAs(t, op.username, { totpCode: good })).code).toBe('BO_ACCOUNT_LOCKED');
  });
});

describe('TOTP enrolment', () => {
  it('an unenrolled operator gets a session that can only enrol, then works fully', async () => {
    const op = await createOperator(t, 'admin', { totp: false });
    const first = await loginAs(t, op.username);
    expect(first.value?.next).toBe('enroll');
    const token = first.value!.token;
    expect((await boCall(t, token, 'GET', '/bo/session/me')).value.totpEnabled).toBe(false);
    expect((await boCall(t, token, 'GET', '/bo/audit')).code).toBe('BO_TOTP_ENROLL_REQUIRED');

    const setup = await boCall(t, token, 'POST', '/bo/session/totp/setup');
    expect(setup.value.otpauthUrl).toContain(`secret=${setup.value.secret}`);
    const wrong = await boCall(t, token, 'POST', '/bo/session/totp/enable', {
      code: '000000' === totpCode(setup.value.secret, t.clock.now()) ? '111111' : '000000',
    });
    expect(wrong.code).toBe('BO_TOTP_INVALID');
    const code = totpCode(setup.value.secret, t.clock.now());
    expect((await boCall(t, token, 'POST', '/bo/session/totp/enable', { code })).status).toBe(200);
    expect((await boCall(t, token, 'GET', '/bo/audit')).status).toBe(200);

    // Enrolled now: the next sign-in needs a code, and the enrolment code itself cannot be reused.
    expect((await loginAs(t, op.username)).code).toBe('BO_INVALID_CREDENTIALS');
    expect((await loginAs(t, op.username, { totpCode: code })).code).toBe('BO_INVALID_CREDENTIALS');
    nextStep();
    expect(
      (await loginAs(t, op.username, { totpCode: totpCode(setup.value.secret, t.clock.now()) })).status,
    ).toBe(200);
    // A signed-in session cannot move the second factor to another phone.
    expect((await boCall(t, token, 'POST', '/bo/session/totp/setup')).code).toBe('BO_FORBIDDEN');
    expect(matchTotp(setup.value.secret, code, t.clock.now(), null)).not.toBeNull();
  });

  it('the demo operators are seeded unenrolled and sign in to enrol', async () => {
    expect((await loginAs(t, 'admin', { password: 'admin12345' })).value?.next).toBe('enroll');
    expect((await loginAs(t, 'finance', { password: 'finance12345' })).value?.next).toBe('enroll');
    // Seeding again (every start does) neither duplicates nor resets them.
    await seedDemoOperators(t.ctx);
    const demo = await t.ctx.db
      .selectFrom('operators')
      .select(['username', 'last_login_at'])
      .where('username', 'in', ['admin', 'finance'])
      .execute();
    expect(demo).toHaveLength(2);
    expect(demo.every((o) => o.last_login_at !== null)).toBe(true);
  });
});

describe('sessions', () => {
  it('logout ends the session', async () => {
    const token = await operatorToken(t, 'auditor');
    expect((await boCall(t, token, 'POST', '/bo/session/logout')).status).toBe(200);
    expect((await boCall(t, token, 'GET', '/bo/session/me')).code).toBe('BO_UNAUTHENTICATED');
  });

  it('ends after 30 idle minutes, but not while used', async () => {
    const token = await operatorToken(t, 'auditor');
    t.clock.advance(20 * 60_000);
    expect((await boCall(t, token, 'GET', '/bo/session/me')).status).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await boCall(t, token, 'GET', '/bo/session/me')).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await boCall(t, token, 'GET', '/bo/session/me')).code).toBe('BO_UNAUTHENTICATED');
  });

  it('refuses a missing or made-up token', async () => {
    expect((await boCall(t, null, 'GET', '/bo/session/me')).code).toBe('BO_UNAUTHENTICATED');
    expect((await boCall(t, 'x'.repeat(43), 'GET', '/bo/session/me')).code).toBe('BO_UNAUTHENTICATED');
  });
});
