import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { HmacSha256, Sha256 } from '@sorte/fairness';
import {
  deriveDraw,
  drawCommitment,
  type FamilyCode,
  nextDraws,
  openDraw,
  type ScheduledDraw,
} from '@sorte/lottery';
import type { Db } from '../../platform/database/database.ts';
import { type LotteryGame, scheduleOf } from './lottery.games.ts';
import type { DrawRow } from './lottery.views.ts';

/**
 * Draws: made ahead of time with a fresh secret seed and its published commitment, then drawn from
 * that seed once their time comes. Both steps are safe with any number of engines running them at
 * once: scheduling inserts with `on conflict do nothing` on (game, draw no), and drawing takes each
 * due draw under `for update skip locked`, so a draw is drawn by exactly one of them.
 */

export const sha256: Sha256 = (message) => new Uint8Array(createHash('sha256').update(message).digest());
export const hmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The most draws one scheduling pass of a game creates: ten hours of a one-minute game. */
const MAX_AHEAD_DRAWS = 600;
/** Due draws drawn per transaction. */
const DRAW_BATCH = 100;

/**
 * The rows of `draws` of the game, in draw order, creating the missing ones: each new draw gets 32
 * random bytes as its seed and SHA-256 of it as the commitment. Concurrent callers agree on one row
 * per draw (the unique (game, draw no) picks the first insert; the others read it back).
 */
export async function ensureDraws(db: Db, game: LotteryGame, draws: ScheduledDraw[]): Promise<DrawRow[]> {
  return (await makeDraws(db, game, draws)).rows;
}

/** `ensureDraws`, also answering the ids of the draws this call inserted (a slip's batch undoes them). */
export async function makeDraws(
  db: Db,
  game: LotteryGame,
  draws: ScheduledDraw[],
): Promise<{ rows: DrawRow[]; created: bigint[] }> {
  if (!draws.length) return { rows: [], created: [] };
  const names = draws.map((d) => d.drawNo);
  const existing = await drawsNamed(db, game.id, names);
  if (existing.length === draws.length) return { rows: existing, created: [] };
  const have = new Set(existing.map((d) => d.draw_no));
  const missing = draws.filter((d) => !have.has(d.drawNo));
  const created = await db
    .insertInto('lottery_draws')
    .values(
      missing.map((d) => {
        const seed = randomBytes(32).toString('hex');
        return {
          merchant_id: game.merchant_id,
          game_id: game.id,
          draw_no: d.drawNo,
          closes_at: new Date(d.closesAt),
          draws_at: new Date(d.drawsAt),
          server_seed: seed,
          commitment: drawCommitment(sha256, seed),
        };
      }),
    )
    .onConflict((oc) => oc.constraint('lottery_draws_no').doNothing())
    .returning('id')
    .execute();
  return { rows: await drawsNamed(db, game.id, names), created: created.map((r) => r.id) };
}

function drawsNamed(db: Db, gameId: bigint, names: string[]): Promise<DrawRow[]> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('draw_no', 'in', names)
    .orderBy('draws_at')
    .execute();
}

/**
 * For every enabled game, the draws from the open one up to `scheduleAheadMinutes` ahead exist.
 * Cheap when nothing is missing: a game whose last draw already reaches the horizon is skipped.
 * Answers how many games were topped up.
 */
export async function scheduleAhead(
  db: Db,
  now: Date,
  timings: { scheduleAheadMinutes: number },
): Promise<number> {
  const games = await db
    .selectFrom('lottery_games as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('lottery_draws as d')
        .select((e) => e.fn.max('d.draws_at').as('last'))
        .whereRef('d.game_id', '=', 'g.id')
        .as('last_draws_at'),
    )
    .where('g.enabled', '=', true)
    .execute();
  let toppedUp = 0;
  for (const { last_draws_at, ...game } of games) {
    const schedule = scheduleOf(game);
    const horizon = now.getTime() + timings.scheduleAheadMinutes * 60_000;
    const first = openDraw(schedule, now.getTime());
    const count = Math.min(
      MAX_AHEAD_DRAWS,
      Math.max(1, Math.floor((horizon - first.drawsAt) / (schedule.intervalMinutes * 60_000)) + 1),
    );
    const wanted = nextDraws(schedule, now.getTime(), count);
    const last = last_draws_at ? new Date(last_draws_at as Date | string).getTime() : 0;
    if (last >= wanted[wanted.length - 1]!.drawsAt) continue;
    await ensureDraws(db, game, wanted);
    toppedUp++;
  }
  return toppedUp;
}

export interface DrawnDraw extends DrawRow {
  game_code: string;
}

/**
 * Draws every scheduled draw whose time has come: its result from its own seed (deriveDraw), status
 * 'drawn'. One transaction per batch of due draws, each locked with SKIP LOCKED, so concurrent
 * engines split them and none is drawn twice. Answers the drawn draws, to announce after commit.
 */
export async function drawDue(db: Db, now: Date, hash: HmacSha256 = hmac): Promise<DrawnDraw[]> {
  const drawn: DrawnDraw[] = [];
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('lottery_draws as d')
        .innerJoin('lottery_games as g', 'g.id', 'd.game_id')
        .select(['d.id', 'd.draw_no', 'd.server_seed', 'g.code', 'g.family'])
        .where('d.status', '=', 'scheduled')
        .where('d.draws_at', '<=', now)
        .orderBy('d.draws_at')
        .orderBy('d.id')
        .limit(DRAW_BATCH)
        .forUpdate('d')
        .skipLocked()
        .execute();
      const out: DrawnDraw[] = [];
      for (const draw of due) {
        const result = deriveDraw(hash, {
          family: draw.family as FamilyCode,
          gameCode: draw.code,
          drawNo: draw.draw_no,
          serverSeed: draw.server_seed,
        });
        const row = await trx
          .updateTable('lottery_draws')
          .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: now })
          .where('id', '=', draw.id)
          .where('status', '=', 'scheduled')
          .returningAll()
          .executeTakeFirst();
        if (row) out.push({ ...row, game_code: draw.code });
      }
      return out;
    });
    drawn.push(...batch);
    if (batch.length < DRAW_BATCH) return drawn;
  }
}

/** Draws of `status` with their game code, for the engine's later steps. */
export function drawsWithStatus(db: Db, status: 'drawn', limit = 100) {
  return db
    .selectFrom('lottery_draws')
    .select(['id', 'merchant_id'])
    .where('status', '=', status)
    .orderBy('draws_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
