import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_BALANCE_MINOR, playCoinRound, playDemoRound, type Player } from './coin-round.ts';
import { playPage } from './page.ts';
import { createPlatformClient, PlatformError } from './platform-client.ts';

export { PAYOUT_PERCENT } from './coin-round.ts';

/**
 * Sorte's reference game vendor: a third party in miniature. It serves its game page (/play, opened
 * in the platform's /game iframe with the launch token) and, behind it, drives every seamless-wallet
 * call of docs/providers.md against the platform: authenticate when the page opens, balance, debit
 * on a bet, credit the win, end the round, and rollback when a round fails after its stake.
 */
export interface ReferenceVendorOptions {
  port: number;
  host?: string;
  /** The platform's base address, as this server reaches it (server to server). */
  platformUrl: string;
  vendor?: string;
  /** The per-merchant shared secret; undefined for a merchant this vendor does not serve. */
  secretFor: (merchant: string) => Promise<string | undefined>;
}

export interface ReferenceVendor {
  url: string;
  close(): Promise<void>;
}

/** What the vendor keeps per opened game page (in memory: the vendor's own sessions). */
interface PageSession extends Player {
  nickname: string;
  /** Demo mode: the page plays on this balance of the vendor's own and never calls the platform. */
  demo?: { balanceMinor: number };
}

const CURRENCY = /^[A-Z]{3,4}$/;

const MAX_SESSIONS = 10_000;
const MAX_BODY = 4_096;

export async function startReferenceVendor(options: ReferenceVendorOptions): Promise<ReferenceVendor> {
  const platform = createPlatformClient({
    platformUrl: options.platformUrl.replace(/\/+$/, ''),
    vendor: options.vendor ?? 'sorte-ref',
    secretFor: options.secretFor,
  });
  const sessions = new Map<string, PageSession>();

  /** Demo mode (`/play?demo=1`, what a platform opens for its free-play accounts): no token, no wallet. */
  function openDemo(body: Record<string, unknown>) {
    const currency = CURRENCY.test(String(body.currency)) ? String(body.currency) : 'BRL';
    const gameCode = String(body.game ?? '').slice(0, 64);
    if (sessions.size >= MAX_SESSIONS) sessions.clear();
    const sid = randomBytes(18).toString('base64url');
    const demo = { balanceMinor: DEMO_BALANCE_MINOR };
    sessions.set(sid, { merchant: '', token: '', playerId: '', currency, gameCode, nickname: 'Demo', demo });
    return { sid, nickname: 'Demo', currency, balanceMinor: demo.balanceMinor, gameCode, demo: true };
  }

  async function open(body: Record<string, unknown>) {
    if (body.demo === true) return openDemo(body);
    const token = String(body.token ?? '');
    const merchant = String(body.merchant ?? '');
    const me = await platform.call<{
      playerId: string;
      nickname: string;
      currency: string;
      balanceMinor: number;
      gameCode: string;
    }>(merchant, 'authenticate', { token });
    if (sessions.size >= MAX_SESSIONS) sessions.clear();
    const sid = randomBytes(18).toString('base64url');
    sessions.set(sid, {
      merchant,
      token,
      playerId: me.playerId,
      currency: me.currency,
      gameCode: me.gameCode,
      nickname: me.nickname,
    });
    return {
      sid,
      nickname: me.nickname,
      currency: me.currency,
      balanceMinor: me.balanceMinor,
      gameCode: me.gameCode,
    };
  }

  function session(body: Record<string, unknown>): PageSession {
    const found = sessions.get(String(body.sid ?? ''));
    if (!found) throw new PlatformError('VENDOR_SESSION_UNKNOWN', 401);
    return found;
  }

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/api/open': open,
    '/api/balance': async (body) => {
      const s = session(body);
      if (s.demo) return { balanceMinor: s.demo.balanceMinor, currency: s.currency };
      return platform.call(s.merchant, 'balance', { playerId: s.playerId, currency: s.currency });
    },
    '/api/flip': async (body) => {
      const s = session(body);
      const pick = body.pick === 'tails' ? 'tails' : 'heads';
      const stake = Number(body.stakeMinor);
      if (!Number.isSafeInteger(stake) || stake < 1) throw new PlatformError('VENDOR_BAD_STAKE', 400);
      if (s.demo) return playDemoRound(s.demo, pick, stake);
      return playCoinRound(platform, s, pick, stake, { failAfterDebit: body.failAfterDebit === true });
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { success: false, code: 'VENDOR_ERROR' }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://vendor');
    if (request.method === 'GET' && url.pathname === '/play') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The page is meant to be framed by the platform, and loads nothing from elsewhere.
        'content-security-policy':
          "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'",
      });
      response.end(playPage(url.searchParams.get('lang') ?? 'en', url.searchParams.get('game') ?? ''));
      return;
    }
    if (request.method === 'GET' && url.pathname === '/healthz')
      return send(response, 200, { success: true });
    const route = routes[url.pathname];
    if (request.method !== 'POST' || !route)
      return send(response, 404, { success: false, code: 'NOT_FOUND' });
    const body = await readJson(request);
    if (!body) return send(response, 400, { success: false, code: 'MALFORMED_JSON' });
    try {
      send(response, 200, { success: true, value: await route(body) });
    } catch (error) {
      if (error instanceof PlatformError)
        send(response, error.status >= 500 ? 502 : error.status, {
          success: false,
          code: error.code,
          details: error.details,
        });
      else send(response, 502, { success: false, code: 'PLATFORM_UNAVAILABLE' });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
