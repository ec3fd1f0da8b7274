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
  /** What other modules add (addBootPart), by name: e.g. the games module's menus. */
  parts: Record<string, unknown>;
}

/** A module's share of the boot data: the same value one of its routes answers, for a merchant. */
export type BootPart = (merchantId: string) => Promise<unknown>;
const bootParts = new WeakMap<FastifyInstance, Map<string, BootPart>>();

/**
 * Lets a module inline one of its answers into every page (keyed by `name`), when the first render
 * needs it and fetching it after would move the page (the games' menus draw the side menu, the
 * phone's tab bar and the home's tiles). Keep parts small and cheap: every page load pays for them.
 */
export function addBootPart(app: FastifyInstance, name: string, part: BootPart): void {
  const parts = bootParts.get(app) ?? new Map<string, BootPart>();
  parts.set(name, part);
  bootParts.set(app, parts);
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
    const merchantId = snapshot.context.id;
    const named = [...(bootParts.get(app) ?? new Map<string, BootPart>())];
    const [status, announcementsInEffect, values] = await Promise.all([
      getSystemStatusFor(snapshot, request.ip),
      countAnnouncementsInEffect(entry.db, merchantId, entry.clock.now()),
      Promise.all(named.map(([, part]) => part(merchantId))),
    ]);
    const parts = Object.fromEntries(named.map(([name], i) => [name, values[i]]));
    return { whitelabel: whitelabelOf(snapshot), status, announcementsInEffect, parts };
  } catch (error) {
    request.log.warn({ err: error }, 'boot data unavailable; the page will fetch it');
    return null;
  }
}
