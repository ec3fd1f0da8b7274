import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { call, createAuthTestApp, lastOutbox, validRegistration } from './auth.test-helpers.ts';
import { peekCaptchaAnswer } from './verification.service.ts';

/** Registration with the captcha and an SMS code together, and the SMS text itself (issue 13). */
let t: TestApp;
beforeAll(async () => {
  t = await createAuthTestApp({
    USERNAMEREG3: true,
    MOBILENUMREG3: true,
    MOBILENUMPASSREG3: false,
    captchaOnRegister: true,
  });
});
afterAll(() => t.close());

async function solvedCaptcha(ip: string) {
  const r = await call(t, { method: 'GET', url: '/wps/captcha', ip });
  return { captchaId: r.value.captchaId as string, captchaCode: peekCaptchaAnswer(r.value.captchaId) ?? '' };
}

const lowerCase = (c: { captchaId: string; captchaCode: string }) => ({
  ...c,
  captchaCode: c.captchaCode.toLowerCase(),
});

/** GET /wps/verification/sms/register, with the headers a browser sends. */
async function sendCode(
  mobileNo: string,
  ip: string,
  captcha?: { captchaId: string; captchaCode: string },
  headers: Record<string, string> = {},
) {
  const query = new URLSearchParams({ countryDialingCode: '+55', mobileNo, ...captcha });
  const r = await t.app.inject({
    method: 'GET',
    url: `/wps/verification/sms/register?${query}`,
    remoteAddress: ip,
    headers,
  });
  return { status: r.statusCode, ...(r.json() as { code?: string }) };
}

/** PUT /wps/member/register/mobile with the number, its code and the consent boxes ticked. */
function registerMobile(
  mobileNo: string,
  code: string | null | undefined,
  extra: Record<string, unknown> = {},
) {
  const payload = { mobileNum: mobileNo, countryDialingCode: '+55', verificationCode: code, ...extra };
  return call(t, {
    method: 'PUT',
    url: '/wps/member/register/mobile',
    payload: { ...payload, ageConfirmed: true, termsAccepted: true },
  });
}

describe('registering with an SMS code while the captcha is on', () => {
  test('sending the code needs a captcha; the registration then needs no second one', async () => {
    const mobileNo = '11955500001';
    expect((await sendCode(mobileNo, '10.30.0.1')).code).toBe('AUTH_CAPTCHA_REQUIRED');
    const captcha = await solvedCaptcha('10.30.0.1');
    expect((await sendCode(mobileNo, '10.30.0.1', captcha)).status).toBe(200);
    const code = (await lastOutbox(t, `55${mobileNo}`))?.code;
    // The form sends what is still in the captcha field: the answer the code request burnt.
    const r = await registerMobile(mobileNo, code, { login: true, verification: captcha });
    expect([r.status, r.code]).toEqual([200, undefined]);
    expect(r.value.account).toMatch(/^u\d{9}$/);
  });

  test('a wrong SMS code still fails, and a burnt captcha cannot send a second code', async () => {
    const mobileNo = '11955500002';
    const captcha = await solvedCaptcha('10.30.0.2');
    expect((await sendCode(mobileNo, '10.30.0.2', captcha)).status).toBe(200);
    t.clock.advance(1_100);
    expect((await sendCode(mobileNo, '10.30.0.2', captcha)).code).toBe('AUTH_CAPTCHA_INVALID');
    const r = await registerMobile(mobileNo, '12345678');
    expect(r.code).toBe('AUTH_SMS_CODE_INVALID');
  });

  test('without an SMS code the registration itself asks the captcha', async () => {
    expect(
      (await call(t, { method: 'PUT', url: '/wps/member/register', payload: validRegistration('capuser01') }))
        .code,
    ).toBe('AUTH_CAPTCHA_REQUIRED');
    const r = await call(t, {
      method: 'PUT',
      url: '/wps/member/register',
      // Answers are compared upper-cased: a player may type them in lower case.
      payload: validRegistration('capuser01', { verification: lowerCase(await solvedCaptcha('10.30.0.3')) }),
    });
    expect(r.status).toBe(200);
  });
});

describe('the SMS text', () => {
  test("is in the site's language (pt-BR by default) and names the brand", async () => {
    const mobileNo = '11955500003';
    expect((await sendCode(mobileNo, '10.31.0.1', await solvedCaptcha('10.31.0.1'))).status).toBe(200);
    const pt = await lastOutbox(t, `55${mobileNo}`);
    expect(pt?.body).toBe(`Seu código de verificação Sorte é ${pt?.code}. Ele expira em 5 minutos.`);

    t.clock.advance(1_100);
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    expect((await sendCode(mobileNo, '10.31.0.1', await solvedCaptcha('10.31.0.1'), english)).status).toBe(
      200,
    );
    const en = await lastOutbox(t, `55${mobileNo}`);
    expect(en?.body).toBe(`Your Sorte verification code is ${en?.code}. It expires in 5 minutes.`);
    expect(en?.body).not.toMatch(/demo/);
  });
});

describe('the password reset e-mail', () => {
  test("is in the site's language and names the brand", async () => {
    const verification = await solvedCaptcha('10.32.0.1');
    const payload = validRegistration('mailer001', { email: 'mailer@example.com', verification });
    expect((await call(t, { method: 'PUT', url: '/wps/member/register', payload })).status).toBe(200);
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers,
        payload: { username: 'mailer001', email: 'mailer@example.com' },
      });
    const newest = async () => {
      const r = await call(t, { method: 'GET', url: '/dev/outbox?to=mailer%40example.com' });
      return r.value.list[0] as { subject: string; body: string };
    };
    await ask({});
    expect(await newest()).toMatchObject({
      subject: 'Sorte: redefinição de senha',
      body: expect.stringMatching(/^Abra este link em até 30 minutos para escolher uma nova senha Sorte: /),
    });
    await ask({ 'accept-language': 'en' });
    expect(await newest()).toMatchObject({
      subject: 'Sorte: password reset',
      body: expect.stringMatching(/^Open this link within 30 minutes to choose a new Sorte password: /),
    });
  });
});
