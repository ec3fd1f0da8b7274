import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error.ts';
import {
  getSystemStatusFor,
  type MerchantContext,
  type MerchantDirectory,
  type MerchantSnapshot,
} from './system.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the system module's onRequest hook on player API routes; null elsewhere. */
    sorteMerchant: MerchantSnapshot | null;
  }
}

/** Player-facing API prefixes: only these carry a merchant (operators name it in the path). */
const MERCHANT_PREFIXES = ['/wps/', '/lgw/'];

/**
 * Refused while the site is in maintenance or restricted for the caller: the session, member and
 * verification areas (GETs too — a player must not keep playing), and every mutating player call.
 * The /wps/system/* calls stay open so the web can render the maintenance or region screen.
 */
const GUARDED_PREFIXES = [
  '/wps/session/',
  '/wps/member/',
  '/wps/verification/',
  '/wps/v2/',
  '/wps/game/',
  '/wps/agent/',
  '/lgw/',
];

export function merchantFromRequest(request: FastifyRequest): MerchantSnapshot {
  const snapshot = request.sorteMerchant;
  // A programming error, not bad input: the route is outside the prefixes the hook resolves.
  if (!snapshot)
    throw new Error(
      `no merchant resolved for ${request.method} ${request.url}; only /wps/ and /lgw/ routes have one`,
    );
  return snapshot;
}

export function getMerchant(request: FastifyRequest): MerchantContext {
  return merchantFromRequest(request).context;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

export async function resolveMerchant(
  request: FastifyRequest,
  directory: MerchantDirectory,
  defaultCode: string,
): Promise<MerchantSnapshot> {
  const explicit = headerValue(request, 'merchant');
  if (explicit) {
    const found = explicit.length <= 32 ? await directory.get(explicit.toLowerCase()) : undefined;
    if (!found) throw new AppError('MERCHANT_UNKNOWN');
    return found;
  }
  const host = request.hostname.toLowerCase().slice(0, 255);
  const code = (host && (await directory.codeForHost(host))) || defaultCode;
  const found = await directory.get(code);
  if (!found) throw new AppError('MERCHANT_UNKNOWN');
  return found;
}

function isGuarded(method: string, path: string): boolean {
  if (path.startsWith('/wps/system/')) return false;
  if (GUARDED_PREFIXES.some((p) => path.startsWith(p))) return true;
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

export function installMerchantHooks(
  app: FastifyInstance,
  directory: MerchantDirectory,
  defaultCode: string,
): void {
  app.decorateRequest('sorteMerchant', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!MERCHANT_PREFIXES.some((p) => path.startsWith(p))) return;
    const snapshot = await resolveMerchant(request, directory, defaultCode);
    request.sorteMerchant = snapshot;
    const { row } = snapshot;
    if (!(row.maintenance || row.region_restricted) || !isGuarded(request.method, path)) return;
    const status = await getSystemStatusFor(snapshot, request.ip);
    if (status.status === 1)
      throw new AppError('SYSTEM_MAINTENANCE', { maintenanceEndTime: status.maintenanceEndTime });
    if (status.status === 2)
      throw new AppError('REGION_RESTRICTED', { ip: status.ip, country: status.country });
  });
}
