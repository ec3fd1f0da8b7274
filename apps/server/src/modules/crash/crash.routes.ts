import {
  crashBet,
  crashBetRequest,
  crashCashOutRequest,
  crashChain,
  crashCurrent,
  crashHistoryEntry,
  crashHistoryQuery,
  crashRound,
  crashRoundParams,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireBettor, requireMember } from '../auth/index.ts';
import { findMemberById } from '../members/index.ts';
import { getMerchant } from '../system/index.ts';
import { cashOutCrashBet, placeCrashBet } from './crash.bets.ts';
import { activeChain } from './crash.chain.ts';
import { broadcastBet } from './crash.events.ts';
import * as repo from './crash.repository.ts';
import type { CrashTimings } from './crash.timing.ts';
import { chainView, historyEntry, ownBet, roundView } from './crash.views.ts';

const tags = ['crash'];

export async function registerCrashRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  timings: CrashTimings,
): Promise<void> {
  const now = () => ctx.clock.now();
  app.get(
    '/wps/crash/chain',
    {
      schema: doc({
        response: crashChain.nullable(),
        summary: 'The published hash chain: terminating hash, salt and house edge (null before the first)',
        tags,
      }),
    },
    async (request) => {
      const chain = await activeChain(ctx.db, getMerchant(request).id);
      return { success: true, value: chain ? chainView(chain) : null };
    },
  );
  app.get(
    '/wps/crash/round',
    {
      schema: doc({
        response: crashCurrent,
        summary: 'The current round with its bets; with a token, also your bet on it',
        tags,
      }),
    },
    async (request) => {
      const merchantId = getMerchant(request).id;
      const round = await repo.latestRound(ctx.db, merchantId);
      if (!round) return { success: true, value: { round: null, myBet: null } };
      const bets = await repo.betsOf(ctx.db, round.id);
      // Signed-in players also get their own bet; anyone else sees the round as a spectator.
      const me = request.headers.token ? (await requireMember(request)).memberId : null;
      const mine = me ? bets.find((bet) => bet.member_id === me) : undefined;
      return {
        success: true,
        value: {
          round: roundView(round, bets, timings.growthPerMs, now()),
          myBet: mine ? ownBet(mine) : null,
        },
      };
    },
  );
  app.get(
    '/wps/crash/history',
    {
      schema: doc({
        querystring: crashHistoryQuery,
        response: z.array(crashHistoryEntry),
        summary: 'The last busted rounds, newest first, with their revealed hashes',
        tags,
      }),
    },
    async (request) => {
      const { limit } = parseInput(crashHistoryQuery, request.query);
      const rows = await repo.bustedRounds(ctx.db, getMerchant(request).id, limit);
      return { success: true, value: rows.map(historyEntry) };
    },
  );
  app.get(
    '/wps/crash/rounds/:id',
    {
      schema: doc({ response: crashRound, summary: 'One round with its bets (hash once busted)', tags }),
    },
    async (request) => {
      const { id } = parseInput(crashRoundParams, request.params);
      const round = await repo.roundById(ctx.db, getMerchant(request).id, BigInt(id));
      if (!round) throw new AppError('NOT_FOUND');
      const bets = await repo.betsOf(ctx.db, round.id);
      return { success: true, value: roundView(round, bets, timings.growthPerMs, now()) };
    },
  );
  app.post(
    '/wps/crash/bet',
    {
      schema: doc({
        body: crashBetRequest,
        response: crashBet,
        summary: 'Bet on the round in its betting phase, with an optional auto cash-out; idempotent by key',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId, currency } = await requireBettor(request);
      const input = parseInput(crashBetRequest, request.body);
      const member = await findMemberById(ctx.db, memberId);
      if (!member) throw new AppError('UNAUTHENTICATED');
      const player = {
        memberId,
        merchantId,
        currency,
        account: member.account,
      };
      const bet = await placeCrashBet(ctx.db, player, input, now);
      broadcastBet(ctx, bet);
      return { success: true, value: ownBet(bet) };
    },
  );
  app.post(
    '/wps/crash/cashout',
    {
      schema: doc({
        body: crashCashOutRequest,
        response: crashBet,
        summary: "Cash out your bet on the running round at the server clock's multiplier; idempotent",
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireBettor(request);
      const { roundId } = parseInput(crashCashOutRequest, request.body);
      const bet = await cashOutCrashBet(ctx.db, { memberId, merchantId }, BigInt(roundId), now, timings);
      broadcastBet(ctx, bet);
      return { success: true, value: ownBet(bet) };
    },
  );
}
