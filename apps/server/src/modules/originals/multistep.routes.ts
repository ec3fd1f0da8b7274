import {
  activeMultistepRound,
  hiloGuessRequest,
  hiloStartRequest,
  minesRevealRequest,
  minesStartRequest,
  multistepCashoutRequest,
  multistepRound,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireBettor, requireMember } from '../auth/index.ts';
import { HILO, type HiloMove, hiloPotential, MINES, type StepGame } from './multistep.games.ts';
import { activeRound, cashOut, type Decide, playMove, startRound } from './multistep.rounds.ts';

const tags = ['originals'];

/** Mines and hilo: start, moves, cash-out and the open round (for a reload), per game. */
export async function registerMultistepRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function owner(request: FastifyRequest) {
    const { memberId, merchantId, currency } = await requireBettor(request);
    return { memberId, merchantId, currency };
  }
  function route<S extends z.ZodTypeAny>(
    url: string,
    body: S,
    summary: string,
    handle: (input: z.infer<S>, request: FastifyRequest) => Promise<unknown>,
  ) {
    app.post(
      url,
      { schema: doc({ body, response: multistepRound, summary, tags, auth: 'member' }) },
      async (request) => ({ success: true, value: await handle(parseInput(body, request.body), request) }),
    );
  }
  function common(game: StepGame) {
    app.get(
      `/wps/originals/${game.name}/active`,
      {
        schema: doc({
          response: activeMultistepRound,
          summary: `${game.name}: your open round (null when none), to resume after a reload`,
          tags,
          auth: 'member',
        }),
      },
      async (request) => {
        const { memberId } = await requireMember(request);
        return { success: true, value: await activeRound(ctx.db, memberId, game) };
      },
    );
    route(
      `/wps/originals/${game.name}/cashout`,
      multistepCashoutRequest,
      `${game.name}: cash out stake × the current multiplier (idempotent by key)`,
      async ({ roundId, idempotencyKey }, request) =>
        cashOut(ctx.db, await owner(request), game, BigInt(roundId), idempotencyKey),
    );
  }

  route(
    '/wps/originals/mines/start',
    minesStartRequest,
    'Mines: start a round with 1–24 mines; takes the stake and fixes the (secret) layout; idempotent by key',
    async ({ amountMinor, idempotencyKey, mines }, request) =>
      startRound(ctx.db, await owner(request), MINES, { amountMinor, idempotencyKey, params: { mines } }),
  );
  route(
    '/wps/originals/mines/reveal',
    minesRevealRequest,
    'Mines: reveal a tile; a mine ends the round and shows the layout; a tile revealed before answers as is',
    async ({ roundId, tile }, request) => {
      const decide: Decide = (moves) => (moves.includes(tile) ? 'same' : { moves: [...moves, tile] });
      return playMove(ctx.db, await owner(request), MINES, BigInt(roundId), decide);
    },
  );
  common(MINES);

  route(
    '/wps/originals/hilo/start',
    hiloStartRequest,
    'Hilo: start a round; takes the stake and draws the start card; idempotent by key',
    async ({ amountMinor, idempotencyKey }, request) =>
      startRound(ctx.db, await owner(request), HILO, { amountMinor, idempotencyKey, params: {} }),
  );
  route(
    '/wps/originals/hilo/guess',
    hiloGuessRequest,
    'Hilo: guess the next card (or skip it); `step` = actions seen, so a retry is answered as is',
    async ({ roundId, step, action }, request) => {
      const decide: Decide = (moves, row, draw) => {
        if (step < moves.length) {
          if (moves[step] === action) return 'same';
          throw new AppError('ORIGINALS_STEP_STALE');
        }
        if (step > moves.length) throw new AppError('ORIGINALS_STEP_STALE');
        const played = moves as HiloMove[];
        const edge = row.house_edge_bps / 10_000;
        return {
          moves: [...played, action],
          potential: hiloPotential(draw(played.length + 1), played, action, edge),
        };
      };
      return playMove(ctx.db, await owner(request), HILO, BigInt(roundId), decide);
    },
  );
  common(HILO);
}
