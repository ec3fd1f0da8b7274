import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SystemStatus, Whitelabel } from '@sorte/contracts';
import type { Db } from '../../platform/database/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { resolveMerchant } from './system.hooks.ts';
import { countAnnouncementsInEffect } from './system.repository.ts';
import { getSystemStatusFor, type MerchantDirectory, whitelabelOf } from './system.service.ts';

/**
 * What the web needs before it can draw anything, inlined into index.html so a first visit does not
 * wait for GET /wps/system/whitelabel and /wps/system/status: the same values those routes answer.
 */
export interface BootData {
  whitelabel: Whitelabel;
  status: SystemStatus;
  /**
   * How many announcements are in effect: the home reserves the ticker's strip from its first render
   * when there are some, so the ticker (its own lazy chunk) does not push the games down (CLS).
   */
  announcementsInEffect: number;
}

interface BootSource {
  directory: MerchantDirectory;
  defaultCode: string;
  db: Db;
  clock: Clock;
}

const directories = new WeakMap<FastifyInstance, BootSource>();

export function rememberDirectory(app: FastifyInstance, source: BootSource) {
  directories.set(app, source);
}

/**
 * The boot data of the merchant a page request belongs to (host's domain, else DEFAULT_MERCHANT; a
 * Merchant header when a client sends one), for the caller's IP. Page requests are outside the
 * /wps/ and /lgw/ prefixes the onRequest hook resolves, so the merchant is resolved here. Null when
 * there is no merchant to describe; the web then fetches as before.
 */
export async function bootDataFor(app: FastifyInstance, request: FastifyRequest): Promise<BootData | null> {
  const entry = directories.get(app);
  if (!entry) return null;
  try {
    const snapshot = await resolveMerchant(request, entry.directory, entry.defaultCode);
    const [status, announcementsInEffect] = await Promise.all([
      getSystemStatusFor(snapshot, request.ip),
      countAnnouncementsInEffect(entry.db, snapshot.context.id, entry.clock.now()),
    ]);
    return { whitelabel: whitelabelOf(snapshot), status, announcementsInEffect };
  } catch (error) {
    request.log.warn({ err: error }, 'boot data unavailable; the page will fetch it');
    return null;
  }
}
