import {
  captchaResponse,
  changePasswordRequest,
  encryptedEnvelope,
  encryptionKeyResponse,
  forgotByEmailRequest,
  freeplayRequest,
  loginRequest,
  okResponse,
  registerRequest,
  registerResponse,
  resetByPhoneRequest,
  resetByTokenRequest,
  sendIpVerificationRequest,
  sessionResponse,
  smsRequest,
  smsSentResponse,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { decryptBody, loadPayloadKeys } from '../../platform/crypto/index.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { notifyLanguage } from '../../platform/notify/index.ts';
import { findMemberByMobile } from '../members/index.ts';
import { getMerchant, type MerchantContext, siteOrigin } from '../system/index.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { loginBySms, loginByUsername, loginFreeplay, sendIpVerificationCode } from './login.service.ts';
import { changePassword, forgotByEmail, resetByPhone, resetByToken } from './password.service.ts';
import { register } from './registration.service.ts';
import { revokeSession } from './auth.repository.ts';
import { clientOf, requireMember, requireRealAccount } from './sessions.service.ts';
import {
  checkCaptcha,
  issueCaptcha,
  normalisePhone,
  peekCaptchaAnswer,
  sendSmsCode,
} from './verification.service.ts';
import type { SmsPurpose } from './auth.tables.ts';

const tags = ['auth'];
/** Encrypted endpoints document both accepted shapes. */
const sealed = <T extends z.ZodTypeAny>(schema: T) => z.union([schema, encryptedEnvelope]);
const ok = { success: true, value: { ok: true } } as const;

/** The plain body of an endpoint marked encrypted (spec §7), after opening the envelope if any. */
async function openBody(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: MerchantContext,
): Promise<unknown> {
  return decryptBody(ctx.db, request.body, merchant.flags.encryption);
}

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerVerificationRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);

  app.get(
    '/wps/system/encryption',
    { schema: doc({ response: encryptionKeyResponse, summary: 'Public key for encrypted bodies', tags }) },
    async (request) => {
      const merchant = getMerchant(request);
      const keys = await loadPayloadKeys(ctx.db);
      return {
        success: true,
        value: {
          enabled: merchant.flags.encryption,
          keyId: keys.keyId,
          publicKey: keys.publicKey,
          algorithm: keys.algorithm,
        },
      };
    },
  );
}

function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/wps/captcha',
    { schema: doc({ response: captchaResponse, summary: 'Single-use captcha (base64 PNG)', tags }) },
    async (request) => {
      return { success: true, value: await issueCaptcha(ctx, getMerchant(request), request.ip) };
    },
  );

  // Test servers only (NODE_ENV=test, as the browser journeys start it): the answer of an issued
  // captcha, so a journey can solve the image the way a player reads it. Never registered otherwise.
  if (ctx.config.NODE_ENV === 'test') {
    app.get('/dev/captcha', { schema: { hide: true } }, async (request) => {
      const { id } = parseInput(z.object({ id: z.string().max(64) }), request.query);
      return { success: true, value: { answer: peekCaptchaAnswer(id) ?? null } };
    });
  }

  const smsRoute = (path: string, purpose: SmsPurpose, summary: string) =>
    app.get(
      path,
      { schema: doc({ querystring: smsRequest, response: smsSentResponse, summary, tags }) },
      async (request) => {
        const merchant = getMerchant(request);
        const query = parseInput(smsRequest, request.query);
        const phone = normalisePhone(query.countryDialingCode, query.mobileNo);
        if (phone.mobile.length < 4 || phone.countryDialingCode === '+') {
          throw new AppError('VALIDATION_FAILED', {
            fields: [{ field: 'mobileNo', key: 'reg_pattern_7', params: { min: 4, max: 20 } }],
          });
        }
        await checkSmsAllowed(ctx, merchant, purpose, query);
        // Login and recovery codes go only to members' numbers, with the same answer either way.
        const deliver =
          purpose === 'register' ||
          (await findMemberByMobile(ctx.db, merchant.id, phone.countryDialingCode, phone.mobile)) !==
            undefined;
        return {
          success: true,
          value: await sendSmsCode(ctx, merchant, {
            purpose,
            phone,
            ip: request.ip,
            deliver,
            language: notifyLanguage(request, merchant),
          }),
        };
      },
    );
  smsRoute('/wps/verification/sms/register', 'register', 'Send a registration SMS code');
  smsRoute('/wps/verification/sms/noLogin', 'login', 'Send an SMS login code');
  smsRoute('/wps/verification/sms/password', 'password', 'Send a password-recovery SMS code');
}

async function checkSmsAllowed(
  ctx: AppContext,
  merchant: MerchantContext,
  purpose: SmsPurpose,
  query: z.infer<typeof smsRequest>,
) {
  const { flags } = merchant;
  if (purpose === 'register') {
    if (!flags.MOBILENUMREG3 && !flags.REGMOBVERF3) throw new AppError('AUTH_REGISTRATION_DISABLED');
    if (flags.captchaOnRegister) await checkCaptcha(ctx, merchant, query);
  }
  if (purpose === 'login' && !flags.MOBILEVERCODELOGIN3) throw new AppError('AUTH_LOGIN_METHOD_DISABLED');
  if (purpose === 'password' && !flags.CHNGPASSVERIF3) throw new AppError('AUTH_LOGIN_METHOD_DISABLED');
}

function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [path, mode] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    app.put(
      path,
      {
        schema: doc({
          body: sealed(registerRequest),
          response: registerResponse,
          summary: `Register (${mode})`,
          tags,
        }),
      },
      async (request) => {
        const merchant = getMerchant(request);
        const input = parseInput(registerRequest, await openBody(ctx, request, merchant));
        return { success: true, value: await register(ctx, merchant, input, mode, clientOf(request)) };
      },
    );
  }

  app.post(
    '/wps/session/login',
    { schema: doc({ body: sealed(loginRequest), response: sessionResponse, summary: 'Log in', tags }) },
    async (request) => {
      const merchant = getMerchant(request);
      const input = parseInput(loginRequest, await openBody(ctx, request, merchant));
      const client = clientOf(request);
      const session =
        input.type === 'sms'
          ? await loginBySms(ctx, merchant, input, client)
          : await loginByUsername(ctx, merchant, input, client);
      return { success: true, value: session };
    },
  );

  app.post(
    '/wps/session/login/verification',
    {
      schema: doc({
        body: sendIpVerificationRequest,
        response: smsSentResponse,
        summary: 'Send the second-verification code',
        tags,
      }),
    },
    async (request) => {
      const input = parseInput(sendIpVerificationRequest, request.body);
      const merchant = getMerchant(request);
      return {
        success: true,
        value: await sendIpVerificationCode(ctx, merchant, {
          ...input,
          ip: request.ip,
          language: notifyLanguage(request, merchant),
        }),
      };
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      schema: doc({
        body: freeplayRequest,
        response: sessionResponse,
        summary: 'Free play (trial account)',
        tags,
      }),
    },
    async (request) => {
      parseInput(freeplayRequest, request.body);
      return { success: true, value: await loginFreeplay(ctx, getMerchant(request), clientOf(request)) };
    },
  );

  app.delete(
    '/wps/session/logout',
    { schema: doc({ response: okResponse, summary: 'Log out', tags, auth: 'member' }) },
    async (request) => {
      const auth = await requireMember(request);
      await revokeSession(ctx.db, auth.sessionId, ctx.clock.now());
      return ok;
    },
  );
}

function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/wps/member/password',
    {
      schema: doc({
        body: sealed(changePasswordRequest),
        response: okResponse,
        summary: 'Change password',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const auth = await requireRealAccount(request, { allowPendingPasswordChange: true });
      const merchant = getMerchant(request);
      const input = parseInput(changePasswordRequest, await openBody(ctx, request, merchant));
      await changePassword(ctx, merchant, auth, input);
      return ok;
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      schema: doc({
        body: forgotByEmailRequest,
        response: okResponse,
        summary: 'Forgot password by e-mail (always succeeds)',
        tags,
      }),
    },
    async (request) => {
      const merchant = getMerchant(request);
      const input = parseInput(forgotByEmailRequest, request.body);
      const language = notifyLanguage(request, merchant);
      await forgotByEmail(ctx, merchant, input, { ip: request.ip, origin: siteOrigin(request), language });
      return ok;
    },
  );

  app.post(
    '/wps/member/password/reset',
    {
      schema: doc({
        body: resetByTokenRequest,
        response: okResponse,
        summary: 'Reset password with the mailed link',
        tags,
      }),
    },
    async (request) => {
      await resetByToken(ctx, getMerchant(request), parseInput(resetByTokenRequest, request.body));
      return ok;
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      schema: doc({
        body: sealed(resetByPhoneRequest),
        response: sessionResponse,
        summary: 'Reset password by phone, then log in',
        tags,
      }),
    },
    async (request) => {
      const merchant = getMerchant(request);
      const input = parseInput(resetByPhoneRequest, await openBody(ctx, request, merchant));
      return { success: true, value: await resetByPhone(ctx, merchant, input, clientOf(request)) };
    },
  );
}
