import { memberInfoResponse, registerResponse } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import {
  createAuthTestApp,
  call,
  lastOutbox,
  registerUser,
  setFlags,
  setSecurity,
  validRegistration,
} from './auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: false });
});
afterAll(() => t.close());

const put = (payload: unknown, ip?: string) =>
  call(t, { method: 'PUT', url: '/wps/member/register', payload, ip });

describe('register by username', () => {
  test('creates the member, logs in and serves member info', async () => {
    const r = await registerUser(t, 'Player01', { email: 'p01@example.com' });
    expect(r.account).toBe('Player01');
    const info = await call(t, { method: 'GET', url: '/wps/member/info', token: r.session.token });
    expect(info.status).toBe(200);
    // The answers match the contracts the web codes against.
    expect(() => memberInfoResponse.parse(info.value)).not.toThrow();
    expect(() => registerResponse.parse(r)).not.toThrow();
    expect(info.value).toMatchObject({
      account: 'Player01',
      type: 0,
      isAgent: 0,
      firstTimeLogin: true,
      email: 'p01@example.com',
      currency: expect.any(String),
    });
    const first = await call(t, { method: 'POST', url: '/wps/member/first-login', token: r.session.token });
    expect(first.value).toEqual({ done: true, firstTime: true });
    const again = await call(t, { method: 'GET', url: '/wps/member/info', token: r.session.token });
    expect(again.value.firstTimeLogin).toBe(false);
  });

  test('a taken name (any case) is 409 AUTH_USER_EXISTS', async () => {
    await registerUser(t, 'Taken01');
    const r = await put(validRegistration('tAKEN01'));
    expect(r.status).toBe(409);
    expect(r.code).toBe('AUTH_USER_EXISTS');
  });

  test('10 simultaneous registrations of one name: exactly one wins', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => put(validRegistration('racer01'))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.code === 'AUTH_USER_EXISTS')).toHaveLength(9);
  });

  test('field rules come from the merchant config with their bounds', async () => {
    const r = await put(validRegistration('ab1'));
    expect(r.status).toBe(400);
    expect(r.code).toBe('VALIDATION_FAILED');
    expect(r.details?.fields).toContainEqual({
      field: 'username',
      key: 'reg_pattern_2',
      params: { min: 6, max: 16 },
    });
  });

  test('confirmation mismatch and missing required fields', async () => {
    const r = await put({ ...validRegistration('mismatch1'), confirmPassword: 'other123' });
    expect(r.details?.fields).toContainEqual({ field: 'confirmPassword', key: 'mismatch', params: {} });
    const missing = await put({ ageConfirmed: true, termsAccepted: true });
    expect(missing.details?.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', key: 'required' }),
        expect.objectContaining({ field: 'password', key: 'required' }),
      ]),
    );
  });

  test('age and terms must be confirmed', async () => {
    expect((await put({ ...validRegistration('underage1'), ageConfirmed: false })).code).toBe(
      'AUTH_AGE_NOT_CONFIRMED',
    );
    expect((await put({ ...validRegistration('noterms01'), termsAccepted: false })).code).toBe(
      'AUTH_TERMS_NOT_ACCEPTED',
    );
  });

  test('unknown affiliate and referral codes are refused; a valid referral links the member', async () => {
    expect((await put(validRegistration('affil001', { affiliateCode: 'NOPE' }))).code).toBe(
      'AUTH_AFFILIATE_INVALID',
    );
    expect((await put(validRegistration('refer001', { referralCode: 'NOPE' }))).code).toBe(
      'AUTH_REFERRAL_INVALID',
    );
    const referrer = await registerUser(t, 'referrer1');
    const row = await t.ctx.db
      .selectFrom('members')
      .select(['id', 'referral_code'])
      .where('account', '=', referrer.account)
      .executeTakeFirstOrThrow();
    const referred = await registerUser(t, 'referred1', { referralCode: row.referral_code.toLowerCase() });
    const linked = await t.ctx.db
      .selectFrom('members')
      .select('referred_by')
      .where('account', '=', referred.account)
      .executeTakeFirstOrThrow();
    expect(linked.referred_by).toBe(row.id);
  });

  test('an agent affiliate code puts the member under the agent', async () => {
    const agent = await registerUser(t, 'agent0001');
    await t.ctx.db
      .updateTable('members')
      .set({ type: 1, affiliate_code: 'AGENTX' })
      .where('account', '=', agent.account)
      .execute();
    const check = await call(t, { method: 'GET', url: '/wps/agent/affiliate?code=agentx&domain=localhost' });
    expect(check.value).toEqual({ valid: true, code: 'agentx' });
    expect((await call(t, { method: 'GET', url: '/wps/agent/affiliate?code=nobody' })).value.valid).toBe(
      false,
    );
    const r = await registerUser(t, 'downline1', { affiliateCode: 'AGENTX' });
    const rows = await t.ctx.db
      .selectFrom('members')
      .select(['id', 'parent_id', 'ancestry', 'account'])
      .where('account', 'in', [agent.account, r.account])
      .execute();
    const a = rows.find((x) => x.account === agent.account)!;
    const d = rows.find((x) => x.account === r.account)!;
    expect(d.parent_id).toBe(a.id);
    expect(d.ancestry).toBe(`/${a.id}/`);
  });

  test('USERNAMEREG3 off refuses username registration', async () => {
    await setFlags(t, { USERNAMEREG3: false });
    expect((await put(validRegistration('closed001'))).code).toBe('AUTH_REGISTRATION_DISABLED');
    await setFlags(t, { USERNAMEREG3: true });
  });
});

describe('register by mobile', () => {
  const phone = { countryDialingCode: '+55', mobileNo: '11987654321' };
  const smsUrl = (p: { countryDialingCode: string; mobileNo: string }) =>
    `/wps/verification/sms/register?countryDialingCode=${encodeURIComponent(p.countryDialingCode)}&mobileNo=${p.mobileNo}`;

  test('SMS code from the outbox, generated account, logged in', async () => {
    const sent = await call(t, { method: 'GET', url: smsUrl(phone), ip: '10.1.0.1' });
    expect(sent.status).toBe(200);
    expect(sent.value.expiredMinutes).toBeGreaterThan(0);
    const code = (await lastOutbox(t, '5511987654321'))?.code;
    expect(code).toMatch(/^\d{6}$/);
    const payload = {
      mobileNum: phone.mobileNo,
      countryDialingCode: '+55',
      verificationCode: code,
      ageConfirmed: true,
      termsAccepted: true,
    };
    const wrong = await call(t, {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: { ...payload, verificationCode: '000000' === code ? '111111' : '000000' },
    });
    expect(wrong.code).toBe('AUTH_SMS_CODE_INVALID');
    const r = await call(t, { method: 'PUT', url: '/wps/member/register/mobile', payload });
    expect(r.status).toBe(200);
    expect(r.value.account).toMatch(/^u\d{9}$/);
    const info = await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.session.token });
    expect(info.value).toMatchObject({
      account: r.value.account,
      mobileNum: '11987654321',
      countryDialingCode: '+55',
    });
    // The code is single use.
    const replay = await call(t, { method: 'PUT', url: '/wps/member/register/mobile', payload });
    expect(replay.code).toBe('AUTH_SMS_CODE_INVALID');
  });

  test('SMS requests are throttled: 1 per second and N per hour per number', async () => {
    await setSecurity(t, { smsPerNumberPerHour: 3 });
    const p = { countryDialingCode: '+55', mobileNo: '11900000001' };
    expect((await call(t, { method: 'GET', url: smsUrl(p), ip: '10.2.0.1' })).status).toBe(200);
    const tooSoon = await call(t, { method: 'GET', url: smsUrl(p), ip: '10.2.0.1' });
    expect([tooSoon.status, tooSoon.code]).toEqual([429, 'AUTH_SMS_THROTTLED']);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(1_100);
      expect((await call(t, { method: 'GET', url: smsUrl(p), ip: '10.2.0.1' })).status).toBe(200);
    }
    t.clock.advance(1_100);
    expect((await call(t, { method: 'GET', url: smsUrl(p), ip: '10.2.0.1' })).code).toBe(
      'AUTH_SMS_THROTTLED',
    );
    t.clock.advance(3_600_000);
    expect((await call(t, { method: 'GET', url: smsUrl(p), ip: '10.2.0.1' })).status).toBe(200);
    await setSecurity(t, { smsPerNumberPerHour: 5 });
  });
});
