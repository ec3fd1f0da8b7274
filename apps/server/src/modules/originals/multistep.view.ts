import type { MultistepRound } from '@sorte/contracts';
import { floats } from '@sorte/fairness';
import { payoutMinor, ratioToUnits, unitsToNumber } from '@sorte/money';
import type { Played, StepGame } from './multistep.games.ts';
import type { MultistepRow } from './multistep.repository.ts';
import { hmac } from './originals.bets.ts';

/** The round's floats, drawn from its seed pair and nonce as the verifier draws them. */
export function drawer(row: { server_seed: string; client_seed: string; nonce: bigint }) {
  return (count: number) =>
    floats(
      hmac,
      { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) },
      count,
    );
}

/** The round replayed from its seeds with these moves (nothing else of it is stored). */
export function replay(game: StepGame, row: MultistepRow, moves: readonly unknown[]): Played {
  const edge = row.house_edge_bps / 10_000;
  return game.play(drawer(row)(game.floats(row.params, moves)), row.params, moves, edge);
}

export function roundView(game: StepGame, row: MultistepRow): MultistepRound {
  const played = replay(game, row, row.moves);
  const open = row.status === 'open';
  const stake = Number(row.stake_minor);
  // A win cut by a lowered max win shows what it actually paid.
  const capped =
    row.status === 'won' && row.payout_minor < payoutMinor(row.stake_minor, played.multiplierUnits);
  return {
    id: String(row.id),
    game: game.name,
    status: row.status,
    stakeMinor: stake,
    payoutMinor: Number(row.payout_minor),
    multiplier: unitsToNumber(
      capped ? ratioToUnits(row.payout_minor, row.stake_minor) : played.multiplierUnits,
    ),
    canCashOut: open && played.canCashOut,
    houseEdge: row.house_edge_bps / 10_000,
    currency: row.currency,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    ...played.view(!open),
  };
}
