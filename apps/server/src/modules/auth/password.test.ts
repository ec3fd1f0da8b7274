import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { createAuthTestApp, call, lastOutbox, login, registerUser } from './auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({
    USERNAMEREG3: true,
    CHNGPASSVERIF3: true,
    MOBILENUMREG3: true,
    MOBILENUMPASSREG3: true,
  });
});
afterAll(() => t.close());

const change = (token: string, payload: Record<string, string>) =>
  call(t, { method: 'POST', url: '/wps/member/password', token, payload });

describe('change password', () => {
  test('wrong old password, mismatch, rule, reuse, then success revoking other sessions', async () => {
    const { session } = await registerUser(t, 'changer01');
    const other = await login(t, 'changer01', 'secret12', {}, '10.0.0.1');
    expect(
      (
        await change(session.token, {
          oldPassword: 'nope1234',
          newPassword: 'better12',
          confirmNewPassword: 'better12',
        })
      ).code,
    ).toBe('AUTH_OLD_PASSWORD_WRONG');
    const mismatch = await change(session.token, {
      oldPassword: 'secret12',
      newPassword: 'better12',
      confirmNewPassword: 'better13',
    });
    expect(mismatch.details?.fields).toContainEqual({
      field: 'confirmNewPassword',
      key: 'mismatch',
      params: {},
    });
    const weak = await change(session.token, {
      oldPassword: 'secret12',
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(weak.details?.fields).toContainEqual({
      field: 'newPassword',
      key: 'reg_pattern_6',
      params: { min: 6, max: 20 },
    });
    expect(
      (
        await change(session.token, {
          oldPassword: 'secret12',
          newPassword: 'secret12',
          confirmNewPassword: 'secret12',
        })
      ).code,
    ).toBe('AUTH_PASSWORD_REUSED');
    expect(
      (await change(session.token, { newPassword: 'better12', confirmNewPassword: 'better12' })).details
        ?.fields,
    ).toContainEqual({
      field: 'oldPassword',
      key: 'required',
      params: {},
    });
    const ok = await change(session.token, {
      oldPassword: 'secret12',
      newPassword: 'better12',
      confirmNewPassword: 'better12',
    });
    expect(ok.value).toEqual({ ok: true });
    expect((await call(t, { method: 'GET', url: '/wps/member/info', token: session.token })).status).toBe(
      200,
    );
    expect((await call(t, { method: 'GET', url: '/wps/member/info', token: other.value.token })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await login(t, 'changer01', 'better12')).status).toBe(200);
  });
});

describe('forgot password', () => {
  test('by e-mail: same answer for anyone; the link works once', async () => {
    await registerUser(t, 'forgot001', { email: 'Forgot@Example.com' });
    const unknown = await call(t, {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'nobody01', email: 'x@example.com' },
    });
    const wrongMail = await call(t, {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'forgot001', email: 'x@example.com' },
    });
    expect(await lastOutbox(t, 'x@example.com')).toBeUndefined();
    // The form encoding of spec §7.
    const r = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=FORGOT001&email=forgot%40example.com',
    });
    for (const answer of [unknown, wrongMail, { status: r.statusCode, ...r.json() }])
      expect([answer.status, answer.value]).toEqual([200, { ok: true }]);
    const mail = await lastOutbox(t, 'forgot@example.com');
    expect(mail?.body).toContain(`/?modal=resetPassword&resetToken=${mail?.code}`);
    // A forged Host header must not receive the token: the link uses the merchant's own domain.
    await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { host: 'attacker.example', merchant: 'demo' },
      payload: { username: 'forgot001', email: 'forgot@example.com' },
    });
    const forged = await lastOutbox(t, 'forgot@example.com');
    expect(forged?.code).not.toBe(mail?.code);
    expect(forged?.body).not.toContain('attacker.example');
    expect(forged?.body).toMatch(/:\/\/(localhost|127\.0\.0\.1)\/\?modal=resetPassword/);
    const reset = (newPassword: string) =>
      call(t, {
        method: 'POST',
        url: '/wps/member/password/reset',
        payload: { resetToken: mail?.code, newPassword },
      });
    expect((await reset('x')).code).toBe('VALIDATION_FAILED');
    expect((await reset('renewed12')).value).toEqual({ ok: true });
    expect((await reset('renewed13')).code).toBe('AUTH_RESET_INVALID');
    expect((await login(t, 'forgot001', 'renewed12')).status).toBe(200);
  });

  test('reset links expire after 30 minutes', async () => {
    await registerUser(t, 'forgot002', { email: 'f2@example.com' });
    await call(t, {
      method: 'POST',
      url: '/wps/member/password/email',
      payload: { username: 'forgot002', email: 'f2@example.com' },
    });
    const mail = await lastOutbox(t, 'f2@example.com');
    t.clock.advance(31 * 60_000);
    const r = await call(t, {
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { resetToken: mail?.code, newPassword: 'renewed12' },
    });
    expect(r.code).toBe('AUTH_RESET_INVALID');
  });

  test('by phone: SMS code, new password, logged in', async () => {
    await call(t, {
      method: 'GET',
      url: '/wps/verification/sms/register?countryDialingCode=55&mobileNo=11944440001',
      ip: '10.20.0.1',
    });
    const regCode = (await lastOutbox(t, '5511944440001'))?.code;
    const reg = await call(t, {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        mobileNum: '11944440001',
        countryDialingCode: '+55',
        verificationCode: regCode,
        password: 'mobile12',
        confirmPassword: 'mobile12',
        ageConfirmed: true,
        termsAccepted: true,
      },
    });
    expect(reg.status).toBe(200);
    expect((await login(t, reg.value.account, 'mobile12')).status).toBe(200);
    t.clock.advance(2_000);
    const sent = await call(t, {
      method: 'GET',
      url: '/wps/verification/sms/password?countryDialingCode=55&mobileNo=11944440001',
      ip: '10.20.0.2',
    });
    expect(sent.value.expirationTime).toEqual(expect.any(String));
    const code = (await lastOutbox(t, '5511944440001'))?.code;
    const payload = {
      countryDialingCode: '+55',
      mobileNum: '11944440001',
      verificationCode: code,
      newPassword: 'phone123',
    };
    const r = await call(t, { method: 'POST', url: '/wps/member/password/verification', payload });
    expect(r.value.account).toBe(reg.value.account);
    expect((await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.token })).status).toBe(
      200,
    );
    expect((await login(t, reg.value.account, 'phone123')).status).toBe(200);
    expect((await call(t, { method: 'POST', url: '/wps/member/password/verification', payload })).code).toBe(
      'AUTH_SMS_CODE_INVALID',
    );
  });
});
