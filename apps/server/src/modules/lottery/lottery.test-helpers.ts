import { randomBytes } from 'node:crypto';
import type { LotteryBetRequest } from '@sorte/contracts';
import {
  type Draw,
  deriveDraw,
  type FamilyCode,
  openDraw,
  type VnStructure,
  vnLocalDay,
} from '@sorte/lottery';
import type { Insertable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database/database.ts';
import { grantOperatorBonus } from '../bonuses/bonus.test-helpers.ts';
import { balanceOf, type Fixture, fund, newMember } from '../ledger/ledger.test-helpers.ts';
import { type LotteryPlayer, type PlacedOrder, placeLotteryBet } from './lottery.bets.ts';
import { ensureDraws, hmac } from './lottery.draws.ts';
import { type LotteryGame, scheduleOf } from './lottery.games.ts';
import type { LotteryGamesTable } from './lottery.tables.ts';
import type { DrawRow } from './lottery.views.ts';
import { addDays } from './vn/vn.draws.ts';
import { sampleVnResult } from './vn/vn.seed.ts';
import { settleVnDraw } from './vn/vn.settle.ts';

/** Helpers shared by the lottery tests (imported by *.test.ts and the benchmark only). */

const DEFAULT_PLAY: Record<FamilyCode, string> = {
  FIVE_DIGIT: '5D_POSITION',
  THREE_DICE: 'K3_SUM',
  RACE_10: 'PK10_POSITION',
  ELEVEN_FIVE: '11X5_POSITION',
};

/** A new member of the fixture's merchant as a lottery player, funded with `balance` when above 0. */
export async function newLotteryPlayer(
  f: Fixture,
  prefix: string,
  balance = 100_000n,
): Promise<LotteryPlayer & { mainId: bigint }> {
  const { memberId, mainId } = await newMember(f, prefix);
  if (balance > 0n) await fund(f, mainId, balance);
  return { memberId, merchantId: f.merchantId, currency: f.currency, mainId };
}

/**
 * A lottery player with `cash` on main and an active operator's bonus (the merchant's bonus switch
 * must be on): tickets of `category` (the records' ELOTT or LOTT) count 50 % unless told, the
 * requirement is 2 × the bonus unless told. `balances` answers [main, bonus].
 */
export async function bonusLotteryPlayer(
  f: Fixture,
  now: Date,
  category: string,
  cash: bigint,
  bonus: bigint,
  terms: { times?: number; maxBet?: bigint; bps?: number } = {},
) {
  const p = await newLotteryPlayer(f, 'lotbonus', cash);
  const granted = await grantOperatorBonus(f, p.memberId, {
    amountMinor: bonus,
    times: terms.times ?? 2,
    maxBetMinor: terms.maxBet ?? 1_000n,
    contributionBps: { [category]: terms.bps ?? 5_000, RNG: 10_000 },
    now,
  });
  const balances = async () => [
    (await balanceOf(f, p.mainId)).balance,
    (await balanceOf(f, granted.bonusAccountId)).balance,
  ];
  return { ...p, ...granted, balances };
}

/** A fresh enabled game of the merchant (a random code unless given): 1 minute, closing 10 s early. */
export async function createTestGame(
  db: Db,
  merchantId: string,
  overrides: Partial<Insertable<LotteryGamesTable>> = {},
): Promise<LotteryGame> {
  const family = overrides.family ?? 'FIVE_DIGIT';
  return db
    .insertInto('lottery_games')
    .values({
      merchant_id: merchantId,
      code: `T_${randomBytes(5).toString('hex').toUpperCase()}`,
      family,
      name_en: 'Test game',
      name_pt: 'Jogo de teste',
      interval_minutes: 1,
      close_seconds: 10,
      default_play_type: DEFAULT_PLAY[family],
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The game's draw open at the clock's time, created if missing, with the result its seed will make. */
export async function openTestDraw(
  db: Db,
  game: LotteryGame,
  clock: Clock,
): Promise<DrawRow & { future: Draw }> {
  const [draw] = await ensureDraws(db, game, [openDraw(scheduleOf(game), clock.now().getTime())]);
  if (!draw) throw new Error('no open draw');
  const future = deriveDraw(hmac, {
    family: game.family,
    gameCode: game.code,
    drawNo: draw.draw_no,
    serverSeed: draw.server_seed,
  });
  return { ...draw, future };
}

let keys = 0;
export function betKey(): string {
  keys += 1;
  return `test-bet-${keys}-${randomBytes(4).toString('hex')}`;
}

/**
 * A bet on the game's open draw: by default one ticket of the family's default play type on its
 * first pick at 100 minor units; anything in the request may be overridden.
 */
export function placeTestBet(
  db: Db,
  player: LotteryPlayer,
  game: LotteryGame,
  clock: Clock,
  overrides: Partial<LotteryBetRequest> = {},
): Promise<PlacedOrder> {
  const request: LotteryBetRequest = {
    gameCode: game.code,
    drawNo: openDraw(scheduleOf(game), clock.now().getTime()).drawNo,
    tickets: [
      {
        playType: game.default_play_type,
        selection: defaultSelection(game),
        unitStakeMinor: 100,
        multiple: 1,
      },
    ],
    idempotencyKey: betKey(),
    ...overrides,
  };
  return placeLotteryBet(db, player, request, () => clock.now());
}

function defaultSelection(game: LotteryGame): (number | string)[][] {
  switch (game.family) {
    case 'FIVE_DIGIT':
      return [[1], [], [], [], []];
    case 'THREE_DICE':
      return [[10]];
    case 'RACE_10':
      return [[1], [], [], [], [], [], [], [], [], []];
    case 'ELEVEN_FIVE':
      return [[1], [], [], [], []];
  }
}

/** Moves the clock to just after the draw's time. */
export function passDraw(
  clock: { advance(ms: number): void; now(): Date },
  draw: Pick<DrawRow, 'draws_at'>,
): void {
  const ms = draw.draws_at.getTime() - clock.now().getTime() + 1;
  if (ms > 0) clock.advance(ms);
}

/** Tomorrow's Vietnamese draw day: XSMB (Hà Nội) draws every day, so its draw is open whatever the clock's hour. */
export function tomorrowVnDay(now: Date): string {
  return addDays(vnLocalDay(now).date, 1);
}

/**
 * Gives a Vietnamese draw a sample result as if approved (the approval itself is vn.test.ts's) and
 * settles it: for the tests of other modules that need a settled ticket.
 */
export async function settleTestVnDraw(
  db: Db,
  drawId: bigint,
  now: Date,
  structure: VnStructure,
  seed: string,
): Promise<{ settled: number; done: boolean }> {
  await db
    .updateTable('vn_draws')
    .set({ status: 'settling', result: JSON.stringify(sampleVnResult(structure, seed)) })
    .where('id', '=', drawId)
    .execute();
  return settleVnDraw(db, drawId, now);
}
