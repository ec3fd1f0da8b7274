import type { ServerModule } from '../../platform/context.ts';
import { loadPayloadKeys } from '../../platform/crypto/index.ts';
import { registerDevOutbox } from '../../platform/notify/index.ts';
import { schedulePurge } from './auth.jobs.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { installFormBody } from './form-body.ts';
import { registerMemberRoutes } from './member.routes.ts';
import { bindAuthContext } from './sessions.service.ts';

/** For seeds and operator tools that set a password outside the member flows, and the back office's sign-in. */
export { hashPassword, matchesAnyPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
export { purgeExpiredAuthRows } from './auth.jobs.ts';
/** The security centre's list of recent sign-ins. */
export { type RecentLogin, recentLogins } from './login-history.ts';
export {
  type Bettor,
  type MemberAuth,
  requireBettor,
  requireMember,
  requireRealAccount,
  resolveMemberToken,
  walletCurrencyOf,
} from './sessions.service.ts';
/** Failure counters reserved before the attempt is checked (the back office's per-address limit). */
export { releaseFailure, reserveFailure } from './verification.service.ts';
/** Test-only (answers are kept only under NODE_ENV=test): solves a captcha by its id. */
export { peekCaptchaAnswer } from './verification.service.ts';

/** Sessions, login defences, captcha and SMS codes, password flows, payload decryption and the member's own info. */
export const authModule: ServerModule = {
  name: 'auth',
  async register(app, ctx) {
    bindAuthContext(app, ctx);
    // At start, so every instance agrees on the key before the first encrypted body arrives.
    await loadPayloadKeys(ctx.db);
    installFormBody(app);
    await registerDevOutbox(app, ctx);
    await registerAuthRoutes(app, ctx);
    await registerMemberRoutes(app, ctx);
    schedulePurge(app, ctx);
  },
};
