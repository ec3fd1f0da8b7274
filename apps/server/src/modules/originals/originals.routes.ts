import {
  diceBetRequest,
  fairnessState as fairnessStateSchema,
  kenoBetRequest,
  limboBetRequest,
  originalRound,
  rotateSeedsRequest,
  plinkoBetRequest,
  rotateSeedsResponse,
  slotBetRequest,
  wheelBetRequest,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireBettor, requireMember } from '../auth/index.ts';
import { DICE, type Game, KENO, LIMBO, PLINKO, placeBet, roundView, WHEEL } from './originals.bets.ts';
import { registerMultistepRoutes } from './multistep.routes.ts';
import { findRoundById } from './originals.bets.repository.ts';
import { fairnessState, rotateSeeds } from './originals.service.ts';
import { SLOT } from './originals.slot.ts';

const tags = ['originals'];
const roundParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });

export async function registerOriginalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/originals/fairness',
    {
      schema: doc({
        response: fairnessStateSchema,
        summary: 'The active seed pair: the hashed server seed, the client seed and the next nonce',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      return { success: true, value: await fairnessState(ctx.db, { memberId, merchantId }) };
    },
  );
  app.post(
    '/wps/originals/fairness/rotate',
    {
      schema: doc({
        body: rotateSeedsRequest,
        response: rotateSeedsResponse,
        summary: 'Reveal the active server seed and start a new pair (optionally with your client seed)',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId } = await requireMember(request);
      const { clientSeed } = parseInput(rotateSeedsRequest, request.body);
      const value = await rotateSeeds(ctx.db, { memberId, merchantId }, clientSeed, ctx.clock.now());
      return { success: true, value };
    },
  );
  // The single-round games: one request plays and settles one round.
  bet(app, ctx, 'dice', diceBetRequest, DICE, 'Dice: roll under or over a target');
  bet(app, ctx, 'limbo', limboBetRequest, LIMBO, 'Limbo: win when the result reaches your target multiplier');
  bet(app, ctx, 'wheel', wheelBetRequest, WHEEL, 'Wheel: one spin of 10–50 segments at a risk level');
  bet(app, ctx, 'plinko', plinkoBetRequest, PLINKO, 'Plinko: one ball through 8–16 rows at a risk level');
  bet(app, ctx, 'keno', kenoBetRequest, KENO, 'Keno: 10 squares drawn of 40 against your 1–10 picks');
  bet(app, ctx, 'carnaval', slotBetRequest, SLOT, 'Carnaval Dourado: a 5×3 slot round, free spins included');
  // The games played in steps: mines and hilo.
  await registerMultistepRoutes(app, ctx);
  app.get(
    '/wps/originals/rounds/:id',
    {
      schema: doc({
        response: originalRound,
        summary: 'One of your rounds, for recall and verification',
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId } = await requireMember(request);
      const { id } = parseInput(roundParams, request.params);
      const row = await findRoundById(ctx.db, memberId, BigInt(id));
      if (!row) throw new AppError('NOT_FOUND');
      return { success: true, value: roundView(row) };
    },
  );
}

type BetBody = { amountMinor: number; idempotencyKey: string };

/** POST /wps/originals/<name>/bet for a game whose request is the bet base plus the game's choices. */
function bet<S extends z.ZodType<BetBody>>(
  app: FastifyInstance,
  ctx: AppContext,
  name: string,
  body: S,
  game: Game<Omit<z.infer<S>, keyof BetBody>>,
  summary: string,
): void {
  app.post(
    `/wps/originals/${name}/bet`,
    {
      schema: doc({
        body,
        response: originalRound,
        summary: `${summary}; one round, settled at once, idempotent by key`,
        tags,
        auth: 'member',
      }),
    },
    async (request) => {
      const { memberId, merchantId, currency } = await requireBettor(request);
      const { amountMinor, idempotencyKey, ...params } = parseInput(body, request.body);
      const owner = { memberId, merchantId, currency };
      const round = await placeBet(ctx.db, owner, name, game, {
        amountMinor,
        idempotencyKey,
        params: params as Omit<z.infer<S>, keyof BetBody>,
      });
      return { success: true, value: round };
    },
  );
}
