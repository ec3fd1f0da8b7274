import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext, ServerModule } from '../../platform/context.ts';
import { sendError } from '../../platform/http/error-handler.ts';
import { type BalanceChange, onMemberBalancesChanged } from '../ledger/index.ts';
import {
  type FixtureOdds,
  type MemberSportsBets,
  readFixtureOdds,
  SPORTS_BETS_CHANNEL,
  SPORTS_ODDS_CHANNEL,
} from '../sportsbook/index.ts';
import { getMerchant } from '../system/index.ts';
import { DEFAULT_LIMITS, type RealtimeLimits, serveSocket } from './realtime.connection.ts';
import { memberKey, SocketHub } from './realtime.hub.ts';
import { realTimers, type Schedule, serveSportsSocket, SportsWatchHub } from './realtime.sports.ts';

export { CLOSE_IDLE, CLOSE_TOO_MANY, MAX_WATCHED } from './realtime.sports.ts';

/** Bus channel of committed balance changes: {"merchantId":"…","memberIds":["…"]}. */
export const WALLET_BALANCE_CHANNEL = 'wallet.balance';

/**
 * Bus channel of merchant-wide messages: {"merchantId":"…","message":{…}}. Whoever publishes (the crash
 * leader) needs no socket of its own: every instance forwards the message to the sockets it holds.
 */
export const MERCHANT_BROADCAST_CHANNEL = 'merchant.broadcast';

/** Bus channel of messages for one member: {"merchantId":"…","memberId":"…","message":{…}}. */
export const MEMBER_MESSAGE_CHANNEL = 'member.message';

/**
 * Tells one member's sockets, on whichever instance holds them, `message`. Called after the commit
 * that makes it true; a bus outage costs the push (the web refetches on reconnection), never the change.
 */
export function pushToMember(
  ctx: AppContext,
  merchantId: string,
  memberId: string,
  message: { type: string },
): void {
  ctx.bus
    .publish(MEMBER_MESSAGE_CHANNEL, JSON.stringify({ merchantId, memberId, message }))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'member push failed'));
}

/**
 * Pushes to the browser over GET /wps/ws. The ledger reports committed changes on this instance, they
 * go out on the event bus (Redis with REDIS_URL), and every instance tells the sockets it holds for
 * those members {"type":"balance-changed"}. And live odds to visitors over GET /wps/ws/sports
 * (realtime.sports.ts). Limits are injectable so tests need not wait 5 s, and so are the live odds'
 * timers, so tests can close a coalescing window themselves.
 */
export function createRealtimeModule(
  overrides: Partial<RealtimeLimits> = {},
  options: { schedule?: Schedule; onSportsHub?: (hub: SportsWatchHub) => void } = {},
): ServerModule {
  const limits = { ...DEFAULT_LIMITS, ...overrides };
  return { name: 'realtime', register: (app, ctx) => registerRealtime(app, ctx, limits, options) };
}

export const realtimeModule = createRealtimeModule();

async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  limits: RealtimeLimits,
  options: { schedule?: Schedule; onSportsHub?: (hub: SportsWatchHub) => void },
): Promise<void> {
  const hub = new SocketHub(limits.maxSocketsPerMember, limits.coalesceMs);
  const sports = new SportsWatchHub(
    limits,
    (ids) => readFixtureOdds(ctx.db, ids),
    options.schedule ?? realTimers,
    (error) => ctx.log.warn({ err: String(error) }, 'live odds catch-up failed'),
  );
  options.onSportsHub?.(sports);
  await ctx.bus.subscribe(WALLET_BALANCE_CHANNEL, (message) => deliver(hub, message));
  await ctx.bus.subscribe(MERCHANT_BROADCAST_CHANNEL, (message) => broadcast(hub, message));
  await ctx.bus.subscribe(MEMBER_MESSAGE_CHANNEL, (message) => toMember(hub, message));
  await ctx.bus.subscribe(SPORTS_ODDS_CHANNEL, (message) => oddsChanged(sports, message));
  await ctx.bus.subscribe(SPORTS_BETS_CHANNEL, (message) => betsSettled(hub, message));
  const stop = onMemberBalancesChanged(
    ctx.db,
    (change) => publish(ctx, change),
    (error) => ctx.log.warn({ err: String(error) }, 'balance change lookup failed'),
  );
  app.addHook('onClose', async () => {
    stop();
    hub.close();
    sports.close();
  });
  await app.register(websocket, { options: { maxPayload: limits.maxMessageBytes } });
  app.route({
    method: 'GET',
    url: '/wps/ws',
    schema: { hide: true },
    // A plain GET (no upgrade) has nothing to read here; it gets the usual error envelope.
    handler: (request, reply) => sendError(request, reply, 'NOT_FOUND', 404),
    wsHandler: (socket, request) => serveSocket(socket, getMerchant(request), { ctx, hub, limits }),
  });
  app.route({
    method: 'GET',
    url: '/wps/ws/sports',
    schema: { hide: true },
    handler: (request, reply) => sendError(request, reply, 'NOT_FOUND', 404),
    wsHandler: (socket, request) =>
      serveSportsSocket(
        socket,
        sports,
        { merchantId: getMerchant(request).id, ip: request.ip },
        limits.heartbeatMs,
      ),
  });
}

function oddsChanged(sports: SportsWatchHub, raw: string): void {
  if (!sports.size) return;
  try {
    const { fixtures } = JSON.parse(raw) as { fixtures: FixtureOdds[] };
    if (Array.isArray(fixtures)) sports.receive(fixtures);
  } catch {
    // Dropped like a malformed balance message.
  }
}

function publish(ctx: AppContext, change: BalanceChange): void {
  // After the commit, off the caller's path: a bus outage costs a push, never a transfer.
  ctx.bus
    .publish(WALLET_BALANCE_CHANNEL, JSON.stringify(change))
    .catch((error) => ctx.log.warn({ err: String(error) }, 'balance change publish failed'));
}

function broadcast(hub: SocketHub, raw: string): void {
  if (!hub.size) return;
  try {
    const { merchantId, message } = JSON.parse(raw) as { merchantId: string; message: unknown };
    if (typeof merchantId === 'string') hub.broadcast(merchantId, JSON.stringify(message));
  } catch {
    // Dropped like a malformed balance message.
  }
}

function toMember(hub: SocketHub, raw: string): void {
  if (!hub.size) return;
  try {
    const { merchantId, memberId, message } = JSON.parse(raw) as {
      merchantId: string;
      memberId: string;
      message: unknown;
    };
    if (typeof merchantId === 'string' && typeof memberId === 'string')
      hub.send(memberKey(merchantId, memberId), JSON.stringify(message));
  } catch {
    // Dropped like a malformed balance message.
  }
}

/** A settlement batch's bets: each member's message to the sockets this instance holds for them. */
function betsSettled(hub: SocketHub, raw: string): void {
  if (!hub.size) return;
  try {
    const { members } = JSON.parse(raw) as { members: MemberSportsBets[] };
    for (const { merchantId, memberId, message } of members)
      if (typeof merchantId === 'string' && typeof memberId === 'string')
        hub.send(memberKey(merchantId, memberId), JSON.stringify(message));
  } catch {
    // Dropped like a malformed balance message.
  }
}

function deliver(hub: SocketHub, message: string): void {
  if (!hub.size) return;
  try {
    const change = JSON.parse(message) as BalanceChange;
    for (const memberId of change.memberIds) hub.notify(memberKey(change.merchantId, memberId));
  } catch {
    // Not ours to crash on: a malformed bus message is dropped.
  }
}
