import type { FastifyRequest } from 'fastify';
import { rememberDirectory } from './system.boot.ts';
import type { ServerModule } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { getMerchant, installMerchantHooks, merchantFromRequest } from './system.hooks.ts';
import { registerOperatorRoutes } from './system.operator.routes.ts';

/** The operator API's extension point: another module may let its own operators in (the back office). */
export {
  addOperatorApiAuthenticator,
  type OperatorApiAuthenticator,
  type OperatorApiIdentity,
} from './system.operator.routes.ts';
export type { OperatorChange } from './system.operator.service.ts';
import { registerSystemRoutes } from './system.routes.ts';
import { MERCHANT_CONFIG_CHANNEL } from './system.channels.ts';
import { seedDemoMerchant } from './system.seed.ts';
import {
  agentAnnouncements,
  getSystemStatusFor,
  MerchantDirectory,
  markAgentAnnouncementRead,
  markAnnouncementSeen,
  popupAnnouncements,
} from './system.service.ts';

export { MERCHANT_CONFIG_CHANNEL };

export type { SecuritySettings } from './system.defaults.ts';
export type { MerchantContext } from './system.service.ts';
export { getMerchant, getSystemStatusFor };

/** The popup announcements a caller has still to see, in their language (the messaging module's routes). */
export function popupAnnouncementsFor(
  request: FastifyRequest,
  db: Db,
  q: { memberId: string | null; language: string; now: Date },
) {
  return popupAnnouncements(db, merchantFromRequest(request), q);
}

/** The agent centre's Announcement page: announcements for agents, with this member's read state. */
export function agentAnnouncementsFor(
  request: FastifyRequest,
  db: Db,
  q: { memberId: string; pageNo: number; pageSize: number; language: string; now: Date },
) {
  return agentAnnouncements(db, merchantFromRequest(request), q);
}

/** An agent read an announcement for agents at a version. */
export function markAgentAnnouncementReadFor(
  request: FastifyRequest,
  db: Db,
  q: { memberId: string; id: string; version: number },
) {
  return markAgentAnnouncementRead(db, merchantFromRequest(request), q);
}

/** A member saw a popup announcement at a version. */
export function markAnnouncementSeenFor(
  request: FastifyRequest,
  db: Db,
  q: { memberId: string; id: string; version: number },
) {
  return markAnnouncementSeen(db, merchantFromRequest(request), q);
}
export { addBootPart, type BootData, bootDataFor } from './system.boot.ts';
export { ensureBareMerchant, ensureStartMerchant } from './system.provision.ts';
export { isDefaultPassword } from './system.default-password.ts';
export type { MerchantSnapshot } from './system.service.ts';

/**
 * The site address to put in links we send (password-reset mail). The Host header is the caller's
 * to forge, so it is used only when it is one of the merchant's own domains; otherwise the
 * merchant's first domain is used, and a forged host can never receive a reset token.
 */
export function siteOrigin(request: FastifyRequest): string {
  const { domains } = merchantFromRequest(request);
  const host = domains.includes(request.hostname.toLowerCase())
    ? request.host
    : (domains[0] ?? request.hostname);
  return `${request.protocol}://${host}`;
}

/** Status (0 normal, 1 maintenance, 2 region restricted) of the request's merchant for its caller's IP. */
export function getSystemStatus(request: FastifyRequest) {
  return getSystemStatusFor(merchantFromRequest(request), request.ip);
}

/**
 * Merchants, white-label configuration, feature flags, system status and regions. Registered first:
 * its onRequest hook resolves the merchant of every /wps/ and /lgw/ request (Merchant header, else
 * the host's domain, else DEFAULT_MERCHANT) and refuses player calls during maintenance or region
 * restriction, so later modules can call getMerchant(request) without checks of their own.
 */
export const systemModule: ServerModule = {
  name: 'system',
  async register(app, ctx) {
    const directory = new MerchantDirectory(ctx.db, ctx.config);
    // An operator change on any instance reaches every other one through the event bus.
    await ctx.bus.subscribe(MERCHANT_CONFIG_CHANNEL, (code) => directory.dropLocal(code || undefined));
    directory.onChange((code) => void ctx.bus.publish(MERCHANT_CONFIG_CHANNEL, code ?? '').catch(() => {}));
    installMerchantHooks(app, directory, ctx.config.DEFAULT_MERCHANT);
    rememberDirectory(app, {
      directory,
      defaultCode: ctx.config.DEFAULT_MERCHANT,
      db: ctx.db,
      clock: ctx.clock,
    });
    await registerSystemRoutes(app, ctx);
    await registerOperatorRoutes(app, ctx, directory);
  },
  seedDemo: seedDemoMerchant,
};
