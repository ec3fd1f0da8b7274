import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { outcome } from '../ledger/ledger.test-helpers.ts';
import { checkWithdrawalPassword } from './index.ts';
import { newPlayer, PIN } from './withdrawals.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({});
});
afterAll(async () => t?.close());

const setPassword = (token: string, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: '/wps/member/withdrawal-password', token, payload });

describe('withdrawal password', () => {
  it('is set once, then changes only with the right old one; confirm must match', async () => {
    const p = await newPlayer(t);
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, PIN))).toBe(
      'CASHIER_WITHDRAWAL_PASSWORD_REQUIRED',
    );
    expect((await setPassword(p.token, { newPassword: PIN, confirmPassword: '111111' })).code).toBe(
      'CASHIER_WITHDRAWAL_PASSWORD_MISMATCH',
    );
    const set = await setPassword(p.token, { newPassword: PIN, confirmPassword: PIN });
    expect(set.status).toBe(200);
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, PIN))).toBe('ok');

    const noOld = await setPassword(p.token, { newPassword: '135790', confirmPassword: '135790' });
    expect(noOld.code).toBe('VALIDATION_FAILED');
    const wrongOld = await setPassword(p.token, {
      oldPassword: '000000',
      newPassword: '135790',
      confirmPassword: '135790',
    });
    expect(wrongOld.code).toBe('CASHIER_WITHDRAWAL_PASSWORD_WRONG');
    const changed = await setPassword(p.token, {
      oldPassword: PIN,
      newPassword: '135790',
      confirmPassword: '135790',
    });
    expect(changed.status).toBe(200);
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, PIN))).toBe(
      'CASHIER_WITHDRAWAL_PASSWORD_WRONG',
    );
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, '135790'))).toBe('ok');
  });

  it('set twice at once: one wins, the other must give the old password', async () => {
    const p = await newPlayer(t);
    const answers = await Promise.all([
      setPassword(p.token, { newPassword: '111222', confirmPassword: '111222' }),
      setPassword(p.token, { newPassword: '333444', confirmPassword: '333444' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]?.status === 200 ? '111222' : '333444';
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, winner))).toBe('ok');
  });

  it('is not a 6-digit string: refused as bad input, nothing stored', async () => {
    const p = await newPlayer(t);
    const r = await setPassword(p.token, { newPassword: 'abc', confirmPassword: 'abc' });
    expect(r.status).toBe(400);
    expect(r.code).toBe('VALIDATION_FAILED');
    expect(await outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, PIN))).toBe(
      'CASHIER_WITHDRAWAL_PASSWORD_REQUIRED',
    );
  });

  it('locks for 30 minutes after 5 wrong answers in a row, even against the right one', async () => {
    const p = await newPlayer(t);
    await setPassword(p.token, { newPassword: PIN, confirmPassword: PIN });
    const check = (pin: string) => outcome(checkWithdrawalPassword(t.ctx.db, p.memberId, pin, t.clock.now()));
    for (let i = 0; i < 4; i += 1) expect(await check('000000')).toBe('CASHIER_WITHDRAWAL_PASSWORD_WRONG');
    expect(await check('000000')).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
    expect(await check(PIN)).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
    t.clock.advance(29 * 60_000);
    expect(await check(PIN)).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
    t.clock.advance(2 * 60_000);
    expect(await check(PIN)).toBe('ok');
    // The right answer cleared the count: four more wrong ones do not lock.
    for (let i = 0; i < 4; i += 1) expect(await check('000000')).toBe('CASHIER_WITHDRAWAL_PASSWORD_WRONG');
    expect(await check(PIN)).toBe('ok');
  });

  it('answers 429 with the lock through the HTTP API', async () => {
    const p = await newPlayer(t);
    await setPassword(p.token, { newPassword: PIN, confirmPassword: PIN });
    const change = (old: string) =>
      setPassword(p.token, { oldPassword: old, newPassword: '135790', confirmPassword: '135790' });
    for (let i = 0; i < 4; i += 1) expect((await change('000000')).status).toBe(400);
    const locked = await change('000000');
    expect(locked.status).toBe(429);
    expect(locked.code).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
    expect((await change(PIN)).code).toBe('CASHIER_WITHDRAWAL_PASSWORD_LOCKED');
  });
});
