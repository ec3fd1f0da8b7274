import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SystemStatus, Whitelabel } from '@sorte/contracts';
import { resolveMerchant } from './system.hooks.ts';
import { getSystemStatusFor, type MerchantDirectory, whitelabelOf } from './system.service.ts';

/**
 * What the web needs before it can draw anything, inlined into index.html so a first visit does not
 * wait for GET /wps/system/whitelabel and /wps/system/status: the same values those routes answer.
 */
export interface BootData {
  whitelabel: Whitelabel;
  status: SystemStatus;
}

const directories = new WeakMap<FastifyInstance, { directory: MerchantDirectory; defaultCode: string }>();

export function rememberDirectory(app: FastifyInstance, directory: MerchantDirectory, defaultCode: string) {
  directories.set(app, { directory, defaultCode });
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
    return { whitelabel: whitelabelOf(snapshot), status: await getSystemStatusFor(snapshot, request.ip) };
  } catch (error) {
    request.log.warn({ err: error }, 'boot data unavailable; the page will fetch it');
    return null;
  }
}
