import { isPlayCurrency } from '@sorte/money';
import type { CrashBet, CrashChain, CrashHistoryEntry, CrashPublicBet, CrashRound } from '@sorte/contracts';
import type { ChainRow } from './crash.chain.ts';
import type { BetRow, RoundRow } from './crash.repository.ts';

export function publicBet(row: BetRow): CrashPublicBet {
  return {
    id: String(row.id),
    player: row.player,
    stakeMinor: Number(row.stake_minor),
    currency: row.currency,
    autoCashOut: row.auto_cash_out === null ? null : Number(row.auto_cash_out),
    cashOut: row.cash_out === null ? null : Number(row.cash_out),
    payoutMinor: Number(row.payout_minor),
    status: row.status,
  };
}

export function ownBet(row: BetRow): CrashBet {
  return {
    ...publicBet(row),
    roundId: String(row.round_id),
    createdAt: row.created_at.toISOString(),
  };
}

/** A round as players see it: the hash and crash point stay hidden until the bust. */
export function roundView(row: RoundRow, bets: BetRow[], growthPerMs: number, now: Date): CrashRound {
  const busted = row.status === 'busted';
  return {
    id: String(row.id),
    chainId: String(row.chain_id),
    gameNumber: row.game_number,
    status: row.status,
    bettingEndsAt: row.betting_ends_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    bustedAt: row.busted_at?.toISOString() ?? null,
    crashPoint: busted ? Number(row.crash_point) : null,
    hash: busted ? row.hash : null,
    growthPerMs,
    serverTime: now.toISOString(),
    // Others see real bets only: a free-play bet (play money) is its player's own business.
    bets: bets.filter((b) => !isPlayCurrency(b.currency)).map(publicBet),
  };
}

export function historyEntry(row: RoundRow): CrashHistoryEntry {
  return {
    id: String(row.id),
    chainId: String(row.chain_id),
    gameNumber: row.game_number,
    crashPoint: Number(row.crash_point),
    hash: row.hash,
    bustedAt: row.busted_at!.toISOString(),
  };
}

export function chainView(row: NonNullable<ChainRow>): CrashChain {
  return {
    id: String(row.id),
    terminatingHash: row.terminating_hash,
    salt: row.salt,
    length: row.length,
    houseEdge: row.house_edge_bps / 10_000,
    createdAt: row.created_at.toISOString(),
  };
}
