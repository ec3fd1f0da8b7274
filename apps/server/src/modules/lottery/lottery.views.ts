import {
  type Chance,
  type FamilyCode,
  PLAYS_BY_FAMILY,
  type Pick,
  type PlayType,
  type Selection,
  unitOdds,
} from '@sorte/lottery';
import type {
  BoLotteryDraw,
  BoLotteryGame,
  LotteryDraw,
  LotteryGame,
  LotteryOrder,
  LotteryPlayType,
  LotteryTicket,
} from '@sorte/contracts';
import type { Selectable } from 'kysely';
import type {
  LotteryDrawsTable,
  LotteryGamesTable,
  LotteryOrdersTable,
  LotteryTicketsTable,
  PlayLimits,
} from './lottery.tables.ts';

/** Rows as the database gives them back, to the contract shapes the API serves. */

export type GameRow = Selectable<LotteryGamesTable>;
export type DrawRow = Selectable<LotteryDrawsTable>;
export type OrderRow = Selectable<LotteryOrdersTable>;
export type TicketRow = Selectable<LotteryTicketsTable>;
/** A ticket with what its view needs from its game and draw. */
export type TicketWithDraw = TicketRow & { game_code: string; draw_no: string; result: number[] | null };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/**
 * A draw for players. The server seed is the draw's secret until the result is made: served only
 * once the draw is drawn or settled — a scheduled draw's seed would tell anyone its result. A
 * cancelled draw serves neither seed nor result: its tickets were refunded, and a result that
 * counts for nothing is better not shown.
 */
export function drawView(row: DrawRow, gameCode: string): LotteryDraw {
  const revealed = row.status === 'drawn' || row.status === 'settled';
  return {
    gameCode,
    drawNo: row.draw_no,
    closesAt: iso(row.closes_at),
    drawsAt: iso(row.draws_at),
    status: row.status,
    commitment: row.commitment,
    serverSeed: revealed ? row.server_seed : null,
    result: revealed ? row.result : null,
  };
}

export function boDrawView(
  row: DrawRow & { game_code: string; ticket_count: number; stake_minor: bigint; payout_minor: bigint },
): BoLotteryDraw {
  return {
    ...drawView(row, row.game_code),
    id: String(row.id),
    drawnAt: isoOrNull(row.drawn_at),
    settledAt: isoOrNull(row.settled_at),
    cancelledAt: isoOrNull(row.cancelled_at),
    cancelReason: row.cancel_reason,
    ticketCount: Number(row.ticket_count),
    stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor),
  };
}

export function gameName(row: GameRow, language: 'en' | 'pt-BR'): string {
  return language === 'en' ? row.name_en : row.name_pt;
}

export function gameView(
  row: GameRow,
  extra: {
    language: 'en' | 'pt-BR';
    series: number;
    openDraw: DrawRow | null;
    lastDraw: DrawRow | null;
    now: Date;
  },
): LotteryGame {
  return {
    gameCode: row.code,
    family: row.family,
    name: gameName(row, extra.language),
    intervalMinutes: row.interval_minutes,
    closeSeconds: row.close_seconds,
    series: extra.series,
    defaultPlayType: row.default_play_type,
    maxChaseDraws: row.max_chase_draws,
    openDraw: extra.openDraw ? drawView(extra.openDraw, row.code) : null,
    lastDraw: extra.lastDraw ? drawView(extra.lastDraw, row.code) : null,
    serverTime: extra.now.toISOString(),
  };
}

export function boGameView(row: GameRow): BoLotteryGame {
  return {
    gameCode: row.code,
    family: row.family,
    nameEn: row.name_en,
    namePt: row.name_pt,
    intervalMinutes: row.interval_minutes,
    closeSeconds: row.close_seconds,
    utcOffsetMinutes: row.utc_offset_minutes,
    defaultPlayType: row.default_play_type,
    maxChaseDraws: row.max_chase_draws,
    minUnitStakeMinor: Number(row.min_unit_stake_minor),
    maxTicketStakeMinor: Number(row.max_ticket_stake_minor),
    playLimits: limitsInMinor(playLimitsOf(row)),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    playTypes: PLAYS_BY_FAMILY[row.family].map((play) => play.code),
  };
}

/**
 * The json columns declared Generated<JSONColumnType<…>> select as the column type itself, not its
 * value; these read them as what the database gives back.
 */
export function playLimitsOf(row: GameRow): PlayLimits {
  return (row.play_limits as unknown as PlayLimits | null) ?? {};
}

function winningOf(row: TicketRow): { key: string; payoutMinor: number }[] {
  return (row.winning as unknown as { key: string; payoutMinor: number }[] | null) ?? [];
}

function limitsInMinor(limits: PlayLimits): BoLotteryGame['playLimits'] {
  const out: BoLotteryGame['playLimits'] = {};
  for (const [code, limit] of Object.entries(limits))
    out[code] = {
      ...(limit.minUnitStakeMinor === undefined
        ? {}
        : { minUnitStakeMinor: Number(limit.minUnitStakeMinor) }),
      ...(limit.maxTicketStakeMinor === undefined
        ? {}
        : { maxTicketStakeMinor: Number(limit.maxTicketStakeMinor) }),
    };
  return out;
}

export function ticketView(row: TicketWithDraw): LotteryTicket {
  const settled = row.status === 'won' || row.status === 'lost';
  return {
    id: String(row.id),
    orderId: String(row.order_id),
    gameCode: row.game_code,
    drawNo: row.draw_no,
    playType: row.play_type,
    selection: row.selection,
    unitStakeMinor: Number(row.unit_stake_minor),
    multiple: row.multiple,
    units: row.units,
    stakeMinor: Number(row.stake_minor),
    series: row.series,
    status: row.status,
    payoutMinor: Number(row.payout_minor),
    winning: winningOf(row),
    // The result only with the ticket's outcome: a pending ticket's draw may be drawn but not yet
    // settled, and the player then sees the result on the draw itself.
    result: settled ? row.result : null,
    currency: row.currency,
    createdAt: iso(row.created_at),
    settledAt: isoOrNull(row.settled_at),
  };
}

export function orderView(
  row: OrderRow,
  gameCode: string,
  firstDrawNo: string,
  tickets: TicketWithDraw[],
): LotteryOrder {
  return {
    id: String(row.id),
    gameCode,
    firstDrawNo,
    chaseDraws: row.chase_draws,
    stopOnWin: row.stop_on_win,
    status: row.status,
    stakeMinor: Number(row.stake_minor),
    payoutMinor: Number(row.payout_minor),
    refundedMinor: Number(row.refunded_minor),
    currency: row.currency,
    createdAt: iso(row.created_at),
    tickets: tickets.map(ticketView),
  };
}

// ---------------------------------------------------------------- play type prices

/**
 * The play types only expose `expand(selection)`: a unit's chance is known once a selection makes
 * it. So each play type's price range is read from the selection that picks everything it allows —
 * every unit it can sell appears in that expansion, and the best and worst chances among them are
 * the play's lowest and highest odds. The rows and picks are found by asking the play type itself
 * (its rejection reasons tell a wrong row count from an out-of-range pick), so a new play type
 * needs no table here; its option names come from the list below, the words the families use.
 */
const OPTION_WORDS = ['BIG', 'SMALL', 'ODD', 'EVEN', 'DRAGON', 'TIGER', 'TIE', 'ANY_TRIPLE'] as const;
const MAX_ROWS = 10;
const MAX_PICK = 100;

interface ChanceRange {
  best: Chance;
  worst: Chance;
}

const chanceRanges = new Map<string, ChanceRange | null>();

function rowCountOf(play: PlayType): number | null {
  for (let rows = 1; rows <= MAX_ROWS; rows++) {
    const expansion = play.expand(Array.from({ length: rows }, () => []));
    if (expansion.ok || expansion.reason !== 'WRONG_ROW_COUNT') return rows;
  }
  return null;
}

function allowedPicks(play: PlayType, rows: number, row: number): Pick[] {
  const candidates: Pick[] = [...Array.from({ length: MAX_PICK + 1 }, (_, n) => n), ...OPTION_WORDS];
  return candidates.filter((pick) => {
    const selection: Pick[][] = Array.from({ length: rows }, (_, i) => (i === row ? [pick] : []));
    const expansion = play.expand(selection);
    return (
      expansion.ok ||
      (expansion.reason !== 'PICK_OUT_OF_RANGE' &&
        expansion.reason !== 'UNKNOWN_OPTION' &&
        expansion.reason !== 'WRONG_ROW_COUNT')
    );
  });
}

/** The best and worst chance of one unit of the play type, or null when no selection is valid. */
export function chanceRange(play: PlayType): ChanceRange | null {
  if (chanceRanges.has(play.code)) return chanceRanges.get(play.code) ?? null;
  let range: ChanceRange | null = null;
  const rows = rowCountOf(play);
  if (rows !== null) {
    const everything: Selection = Array.from({ length: rows }, (_, row) => allowedPicks(play, rows, row));
    const expansion = play.expand(everything);
    if (expansion.ok)
      for (const { chance } of expansion.units) {
        const p = chance.wins / chance.outOf;
        if (!range) range = { best: chance, worst: chance };
        else if (p > range.best.wins / range.best.outOf) range.best = chance;
        else if (p < range.worst.wins / range.worst.outOf) range.worst = chance;
      }
  }
  chanceRanges.set(play.code, range);
  return range;
}

/** Odds for display: four decimals are enough and keep 1.96 from reading 1.9600000000000002. */
const rounded = (odds: number) => Math.round(odds * 10_000) / 10_000;

export function playTypeViews(
  family: FamilyCode,
  series: number,
  limitsOf: (playType: string) => { minUnitStakeMinor: bigint; maxTicketStakeMinor: bigint },
): LotteryPlayType[] {
  return PLAYS_BY_FAMILY[family].flatMap((play) => {
    const range = chanceRange(play);
    if (!range) return [];
    const limits = limitsOf(play.code);
    return [
      {
        code: play.code,
        odds: rounded(unitOdds(range.best, series)),
        maxOdds: rounded(unitOdds(range.worst, series)),
        minUnitStakeMinor: Number(limits.minUnitStakeMinor),
        maxTicketStakeMinor: Number(limits.maxTicketStakeMinor),
      },
    ];
  });
}
