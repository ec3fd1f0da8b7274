import { jsonb } from './lottery.queries.ts';
import { deriveDraw, openDraw, scheduledDrawAt } from '@sorte/lottery';
import type { SeedContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { ensureDraws, hmac } from './lottery.draws.ts';
import { type LotteryGame, scheduleOf } from './lottery.games.ts';
import type { LotteryFamilyCode, PlayLimits } from './lottery.tables.ts';

/**
 * The demo merchant's fast-draw games. Their codes, names and default play types are repeated in
 * the games catalog's seed (catalog.seed.ts, vendor SORTE_LOTTO) so the lobbies list them; the two
 * lists are compared by lottery.routes.test.ts.
 */
export interface SeedLotteryGame {
  code: string;
  family: LotteryFamilyCode;
  en: string;
  pt: string;
  intervalMinutes: 1 | 3 | 5;
  closeSeconds: number;
  defaultPlayType: string;
  playLimits?: PlayLimits;
}

/**
 * The long-odds straights cap lower per ticket: one ticket of R$ 2.000 on a 1-in-1000 straight
 * could win close to R$ 2 million, more than a demo house would hold.
 */
const STRAIGHT_CAP = { maxTicketStakeMinor: 200_000 };

export const DEMO_LOTTERY_GAMES: readonly SeedLotteryGame[] = [
  {
    code: 'FD5_1M',
    family: 'FIVE_DIGIT',
    en: 'Fast 5D 1 min',
    pt: 'Rápido 5D 1 min',
    intervalMinutes: 1,
    closeSeconds: 10,
    defaultPlayType: '5D_POSITION',
    playLimits: {
      '5D_FRONT3_STRAIGHT': STRAIGHT_CAP,
      '5D_MIDDLE3_STRAIGHT': STRAIGHT_CAP,
      '5D_BACK3_STRAIGHT': STRAIGHT_CAP,
      '5D_SUM_VALUE': STRAIGHT_CAP,
    },
  },
  {
    code: 'FD5_3M',
    family: 'FIVE_DIGIT',
    en: 'Fast 5D 3 min',
    pt: 'Rápido 5D 3 min',
    intervalMinutes: 3,
    closeSeconds: 20,
    defaultPlayType: '5D_POSITION',
    playLimits: {
      '5D_FRONT3_STRAIGHT': STRAIGHT_CAP,
      '5D_MIDDLE3_STRAIGHT': STRAIGHT_CAP,
      '5D_BACK3_STRAIGHT': STRAIGHT_CAP,
      '5D_SUM_VALUE': STRAIGHT_CAP,
    },
  },
  {
    code: 'FD5_5M',
    family: 'FIVE_DIGIT',
    en: 'Fast 5D 5 min',
    pt: 'Rápido 5D 5 min',
    intervalMinutes: 5,
    closeSeconds: 30,
    defaultPlayType: '5D_POSITION',
    playLimits: {
      '5D_FRONT3_STRAIGHT': STRAIGHT_CAP,
      '5D_MIDDLE3_STRAIGHT': STRAIGHT_CAP,
      '5D_BACK3_STRAIGHT': STRAIGHT_CAP,
      '5D_SUM_VALUE': STRAIGHT_CAP,
    },
  },
  {
    code: 'K3_1M',
    family: 'THREE_DICE',
    en: 'Fast 3 Dice 1 min',
    pt: 'Rápido 3 Dados 1 min',
    intervalMinutes: 1,
    closeSeconds: 10,
    defaultPlayType: 'K3_SUM',
    playLimits: { K3_TRIPLE: STRAIGHT_CAP },
  },
  {
    code: 'K3_3M',
    family: 'THREE_DICE',
    en: 'Fast 3 Dice 3 min',
    pt: 'Rápido 3 Dados 3 min',
    intervalMinutes: 3,
    closeSeconds: 20,
    defaultPlayType: 'K3_SUM',
    playLimits: { K3_TRIPLE: STRAIGHT_CAP },
  },
  {
    code: 'PK10_1M',
    family: 'RACE_10',
    en: 'Fast Race 10 1 min',
    pt: 'Corrida 10 Rápida 1 min',
    intervalMinutes: 1,
    closeSeconds: 10,
    defaultPlayType: 'PK10_POSITION',
  },
  {
    code: 'PK10_5M',
    family: 'RACE_10',
    en: 'Fast Race 10 5 min',
    pt: 'Corrida 10 Rápida 5 min',
    intervalMinutes: 5,
    closeSeconds: 30,
    defaultPlayType: 'PK10_POSITION',
  },
  {
    code: 'SD11_3M',
    family: 'ELEVEN_FIVE',
    en: 'Fast 11 Pick 5 3 min',
    pt: 'Rápido 11 Escolha 5 3 min',
    intervalMinutes: 3,
    closeSeconds: 20,
    defaultPlayType: '11X5_ANY_5',
    playLimits: { '11X5_FRONT3_STRAIGHT': STRAIGHT_CAP },
  },
];

/** Brasília time (UTC−3): draw numbers count the merchant's own day. */
const DEMO_UTC_OFFSET_MINUTES = -180;

/**
 * Writes the games for a merchant; idempotent — a game already there (and an operator's changes to
 * it) is left as it is. The engine schedules their draws once it runs.
 */
export async function seedLotteryGames(
  db: Db,
  merchantId: string,
  games: readonly SeedLotteryGame[] = DEMO_LOTTERY_GAMES,
): Promise<void> {
  await db
    .insertInto('lottery_games')
    .values(
      games.map((game, i) => ({
        merchant_id: merchantId,
        code: game.code,
        family: game.family,
        name_en: game.en,
        name_pt: game.pt,
        interval_minutes: game.intervalMinutes,
        close_seconds: game.closeSeconds,
        utc_offset_minutes: DEMO_UTC_OFFSET_MINUTES,
        default_play_type: game.defaultPlayType,
        max_chase_draws: 120,
        min_unit_stake_minor: 10n,
        max_ticket_stake_minor: 500_000n,
        play_limits: jsonb(game.playLimits ?? {}),
        enabled: true,
        sort_order: i * 10,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .execute();
}

/** Past draws per game the demo shows on a fresh start (results, trends). */
const DEMO_HISTORY_DRAWS = 30;

/**
 * Real past draws for a game that has none in the past yet: each with its own random seed and commitment, its
 * result derived from that seed exactly as the engine draws (so every one verifies), settled with
 * no tickets. Only the draws before `now` are made; the engine schedules the coming ones.
 */
export async function seedDrawHistory(db: Db, game: LotteryGame, now: Date, count: number): Promise<number> {
  const any = await db
    .selectFrom('lottery_draws')
    .select('id')
    .where('game_id', '=', game.id)
    .where('draws_at', '<=', now)
    .executeTakeFirst();
  if (any) return 0;
  const schedule = scheduleOf(game);
  const interval = schedule.intervalMinutes * 60_000;
  // The latest draw time not after now: the draw before the open one, or the one before that
  // while now is in the closing window (betting closed, not drawn yet — the engine's to make).
  let lastDrawsAt = openDraw(schedule, now.getTime()).drawsAt - interval;
  if (lastDrawsAt > now.getTime()) lastDrawsAt -= interval;
  const past = Array.from({ length: count }, (_, i) =>
    scheduledDrawAt(schedule, lastDrawsAt - (count - 1 - i) * interval),
  );
  const rows = await ensureDraws(db, game, past);
  for (const row of rows) {
    const result = deriveDraw(hmac, {
      family: game.family,
      gameCode: game.code,
      drawNo: row.draw_no,
      serverSeed: row.server_seed,
    });
    await db
      .updateTable('lottery_draws')
      .set({
        result: JSON.stringify(result),
        status: 'settled',
        drawn_at: row.draws_at,
        settled_at: row.draws_at,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'scheduled')
      .execute();
  }
  return rows.length;
}

/**
 * The demo merchant's games and, outside tests (which make the draws they need), a short history
 * of real draws so the results and trends have something to show on the first start.
 */
export async function seedDemoFastLottery(ctx: SeedContext): Promise<void> {
  const merchant = await ctx.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirst();
  if (!merchant) return;
  await seedLotteryGames(ctx.db, merchant.id);
  if (ctx.config.NODE_ENV === 'test') return;
  const games = await ctx.db
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchant.id)
    .execute();
  for (const game of games) await seedDrawHistory(ctx.db, game, ctx.clock.now(), DEMO_HISTORY_DRAWS);
}
