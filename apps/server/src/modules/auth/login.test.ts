import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { findMemberByAccount, updatePassword } from '../members/index.ts';
import {
  createAuthTestApp,
  call,
  lastOutbox,
  login,
  registerUser,
  setFlags,
  setSecurity,
} from './auth.test-helpers.ts';
import { peekCaptchaAnswer } from './index.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({
    USERNAMEREG3: true,
    FREEPLAY3: true,
    MOBILEVERCODELOGIN3: true,
    PWDEXPFORCECHANGE3: false,
  });
});
afterAll(() => t.close());

async function captcha(ip: string) {
  const r = await call(t, { method: 'GET', url: '/wps/captcha', ip });
  expect(r.status).toBe(200);
  // A real PNG: the signature bytes after base64 decoding.
  expect(Buffer.from(r.value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
  return { captchaId: r.value.captchaId as string, captchaCode: peekCaptchaAnswer(r.value.captchaId) ?? '' };
}

describe('username login', () => {
  test('right password logs in; wrong password and unknown user answer the same', async () => {
    await registerUser(t, 'loginok1');
    const ok = await login(t, 'LOGINOK1', 'secret12', {}, '10.3.0.1');
    expect(ok.status).toBe(200);
    expect(ok.value).toMatchObject({
      account: 'loginok1',
      passwordExpired: false,
      mustChangePassword: false,
    });
    expect(ok.value.token).toMatch(/^[\w-]{43}$/);
    const wrong = await login(t, 'loginok1', 'wrong123', {}, '10.3.0.2');
    const unknown = await login(t, 'nosuchuser', 'wrong123', {}, '10.3.0.3');
    expect([wrong.status, wrong.code]).toEqual([401, 'AUTH_INVALID_CREDENTIALS']);
    expect([unknown.status, unknown.code, unknown.details]).toEqual([
      wrong.status,
      wrong.code,
      wrong.details,
    ]);
  });

  test('3 failures require a captcha; a solved captcha lets the right password in', async () => {
    await registerUser(t, 'captcha01');
    const ip = '10.4.0.1';
    for (let i = 0; i < 3; i++)
      expect((await login(t, 'captcha01', 'bad12345', {}, ip)).code).toBe('AUTH_INVALID_CREDENTIALS');
    const noCaptcha = await login(t, 'captcha01', 'secret12', {}, '10.4.0.2');
    expect([noCaptcha.code, noCaptcha.details]).toEqual(['AUTH_CAPTCHA_REQUIRED', { captchaRequired: true }]);
    const wrongCaptcha = await login(
      t,
      'captcha01',
      'secret12',
      { verification: { ...(await captcha(ip)), captchaCode: 'ZZZZZ' } },
      ip,
    );
    expect(wrongCaptcha.code).toBe('AUTH_CAPTCHA_INVALID');
    const solved = await captcha(ip);
    expect((await login(t, 'captcha01', 'secret12', { verification: solved }, ip)).status).toBe(200);
    // Single use: the same captcha cannot be replayed.
    expect((await login(t, 'someone9', 'secret12', { verification: solved }, ip)).code).toBe(
      'AUTH_CAPTCHA_INVALID',
    );
  });

  test('lockout after 10 failures, also for unknown names, lifted after lockoutMinutes', async () => {
    await registerUser(t, 'lockme01');
    await setSecurity(t, { captchaAfterFailedLogins: 0 });
    for (const name of ['lockme01', 'ghostname']) {
      for (let i = 0; i < 10; i++) await login(t, name, 'bad12345', {}, `10.5.${i}.1`);
      const locked = await login(t, name, 'secret12', {}, '10.5.99.1');
      expect([locked.status, locked.code]).toEqual([429, 'AUTH_ACCOUNT_LOCKED']);
    }
    t.clock.advance(16 * 60_000);
    expect((await login(t, 'lockme01', 'secret12', {}, '10.5.99.2')).status).toBe(200);
    await setSecurity(t, { captchaAfterFailedLogins: 3 });
  });

  test('the default password forces a change', async () => {
    // Set by an operator (none by default), kept as a hash: the sign-in compares against it.
    await setSecurity(t, { defaultPassword: '{secret}' });
    await registerUser(t, 'default01');
    const member = await findMemberByAccount(t.ctx.db, (await merchantId()) as string, 'default01');
    await updatePassword(t.ctx.db, member!.id, await hashPassword('{secret}'), t.clock.now(), false);
    const r = await login(t, 'default01', '{secret}', {}, '10.6.0.1');
    expect(r.value.mustChangePassword).toBe(true);
    const info = await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.token });
    expect(info.value.mustChangePassword).toBe(true);
    // The one thing such a session may do is change the password; then the flag is gone.
    const change = await call(t, {
      method: 'POST',
      url: '/wps/member/password',
      token: r.value.token,
      payload: { oldPassword: '{secret}', newPassword: 'chosen123', confirmNewPassword: 'chosen123' },
    });
    expect(change.status).toBe(200);
    const after = await login(t, 'default01', 'chosen123', {}, '10.6.0.1');
    expect(after.value.mustChangePassword).toBe(false);
  });

  test('an expired password with PWDEXPFORCECHANGE3 must be changed', async () => {
    await registerUser(t, 'expire001');
    await setSecurity(t, { passwordExpiryDays: 30 });
    t.clock.advance(31 * 86_400_000);
    expect((await login(t, 'expire001', 'secret12', {}, '10.7.0.1')).value).toMatchObject({
      passwordExpired: false,
      mustChangePassword: false,
    });
    await setFlags(t, { PWDEXPFORCECHANGE3: true });
    const r = await login(t, 'expire001', 'secret12', {}, '10.7.0.1');
    expect(r.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    await setFlags(t, { PWDEXPFORCECHANGE3: false });
  });
});

async function merchantId() {
  return (
    await t.ctx.db.selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
}

describe('sessions', () => {
  test('idle expiry, logout, missing and foreign tokens', async () => {
    const { session } = await registerUser(t, 'session01');
    expect((await call(t, { method: 'GET', url: '/wps/member/info' })).code).toBe('UNAUTHENTICATED');
    expect((await call(t, { method: 'GET', url: '/wps/member/info', token: 'x'.repeat(43) })).code).toBe(
      'UNAUTHENTICATED',
    );
    t.clock.advance(121 * 60_000);
    const expired = await call(t, { method: 'GET', url: '/wps/member/info', token: session.token });
    expect([expired.status, expired.code]).toEqual([401, 'AUTH_SESSION_EXPIRED']);
    const fresh = await login(t, 'session01', 'secret12', {}, '10.8.0.1');
    expect(
      (await call(t, { method: 'DELETE', url: '/wps/session/logout', token: fresh.value.token })).value,
    ).toEqual({ ok: true });
    expect((await call(t, { method: 'GET', url: '/wps/member/info', token: fresh.value.token })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  test('free play creates a trial member that real-account features refuse', async () => {
    expect(
      (await call(t, { method: 'POST', url: '/wps/session/login/freeplay', payload: {}, ip: '10.9.0.1' }))
        .code,
    ).toBe('VALIDATION_FAILED');
    const r = await call(t, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
      ip: '10.9.0.1',
    });
    expect(r.status).toBe(200);
    expect(r.value.account).toMatch(/^guest\d{8}$/);
    const info = await call(t, { method: 'GET', url: '/wps/member/info', token: r.value.token });
    expect(info.value.type).toBe(4);
    const change = await call(t, {
      method: 'POST',
      url: '/wps/member/password',
      token: r.value.token,
      payload: { oldPassword: 'x', newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
    });
    expect([change.status, change.code, change.details]).toEqual([
      403,
      'AUTH_TRIAL_ACCOUNT',
      { key: 'in_need_true_account' },
    ]);
    await setFlags(t, { FREEPLAY3: false });
    expect(
      (await call(t, { method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } }))
        .code,
    ).toBe('AUTH_FREEPLAY_DISABLED');
    await setFlags(t, { FREEPLAY3: true });
  });

  test('SMS login with a code from the outbox; unknown numbers get the same answer', async () => {
    await setFlags(t, { MOBILENUMREG3: true, MOBILENUMPASSREG3: false });
    await call(t, {
      method: 'GET',
      url: '/wps/verification/sms/register?countryDialingCode=55&mobileNo=11955550001',
      ip: '10.10.0.1',
    });
    const regCode = (await lastOutbox(t, '5511955550001'))?.code;
    const reg = await call(t, {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        mobileNum: '11955550001',
        countryDialingCode: '+55',
        verificationCode: regCode,
        ageConfirmed: true,
        termsAccepted: true,
        login: false,
      },
    });
    expect(reg.value.session).toBeNull();
    t.clock.advance(2_000);
    const known = await call(t, {
      method: 'GET',
      url: '/wps/verification/sms/noLogin?countryDialingCode=55&mobileNo=11955550001',
      ip: '10.10.0.2',
    });
    const unknown = await call(t, {
      method: 'GET',
      url: '/wps/verification/sms/noLogin?countryDialingCode=55&mobileNo=11955550999',
      ip: '10.10.0.3',
    });
    expect(known.status).toBe(200);
    expect(Object.keys(unknown.value)).toEqual(Object.keys(known.value));
    expect(await lastOutbox(t, '5511955550999')).toBeUndefined();
    const code = (await lastOutbox(t, '5511955550001'))?.code;
    expect(code).not.toBe(regCode);
    const r = await call(t, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'sms', countryDialingCode: '+55', mobileNum: '11955550001', smsCode: code },
    });
    expect(r.value.account).toBe(reg.value.account);
  });
});

describe('second verification from a new IP', () => {
  test('a known member at an unknown IP must enter a code sent by e-mail', async () => {
    await registerUser(t, 'ipcheck01', { email: 'ipcheck@example.com' });
    await setFlags(t, { ipVerification: true });
    // Registration logged in from 10.0.0.1, which is therefore known.
    expect((await login(t, 'ipcheck01', 'secret12', {}, '10.0.0.1')).status).toBe(200);
    const challenge = await login(t, 'ipcheck01', 'secret12', {}, '10.11.0.2');
    expect([challenge.status, challenge.code]).toEqual([403, 'AUTH_IP_VERIFICATION_REQUIRED']);
    expect(challenge.details).toMatchObject({
      methods: ['email'],
      maskedEmail: 'ip***@example.com',
      maskedMobile: null,
    });
    const sent = await call(t, {
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { challengeId: challenge.details?.challengeId, method: 'email' },
      ip: '10.11.0.2',
    });
    expect(sent.status).toBe(200);
    const code = (await lastOutbox(t, 'ipcheck@example.com'))?.code;
    expect(
      (
        await login(
          t,
          'ipcheck01',
          'secret12',
          { ipVerificationCode: '999999' === code ? '000000' : '999999' },
          '10.11.0.2',
        )
      ).code,
    ).toBe('AUTH_SMS_CODE_INVALID');
    expect((await login(t, 'ipcheck01', 'secret12', { ipVerificationCode: code }, '10.11.0.2')).status).toBe(
      200,
    );
    // Now known: no more challenge from that IP.
    expect((await login(t, 'ipcheck01', 'secret12', {}, '10.11.0.2')).status).toBe(200);
    await setFlags(t, { ipVerification: false });
  });
});
