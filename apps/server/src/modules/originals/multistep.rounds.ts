import type { MultistepRound } from '@sorte/contracts';
import { floats } from '@sorte/fairness';
import { payoutMinor, ratioToUnits, unitsToNumber } from '@sorte/money';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { houseAccountFor, memberAccountId, transfer, withLedgerTransaction } from '../ledger/index.ts';
import { recordBet } from '../records/index.ts';
import * as bets from './originals.bets.repository.ts';
import {
  guard,
  hmac,
  ORIGINALS_SOURCE,
  ORIGINALS_VENDOR,
  refuseOverLimits,
  refuseOverMaxWin,
} from './originals.bets.ts';
import { activePair, type SeedOwner } from './originals.service.ts';
import type { Played, StepGame } from './multistep.games.ts';
import * as repo from './multistep.repository.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';

type Owner = SeedOwner & { currency: string };

export interface StartInput {
  amountMinor: number;
  idempotencyKey: string;
  params: Record<string, unknown>;
}

/** What a move asks of the round: new moves (with the multiplier they could reach), or nothing new. */
export type Decision = 'same' | { moves: unknown[]; potential?: bigint };
export type Decide = (
  moves: readonly unknown[],
  row: repo.MultistepRow,
  draw: (count: number) => number[],
) => Decision;

function drawer(row: { server_seed: string; client_seed: string; nonce: bigint }) {
  return (count: number) =>
    floats(
      hmac,
      { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) },
      count,
    );
}

function replay(game: StepGame, row: repo.MultistepRow, moves: readonly unknown[]): Played {
  const edge = row.house_edge_bps / 10_000;
  return game.play(drawer(row)(game.floats(row.params, moves)), row.params, moves, edge);
}

async function accounts(db: Db, owner: SeedOwner, currency: string) {
  // Resolved on the shared handle, where the ledger caches them (see placeBet).
  const main = await memberAccountId(db, owner.memberId, owner.merchantId, 'main', currency);
  const house = await houseAccountFor(db, owner.merchantId, currency, owner.memberId);
  return { main, house };
}

/**
 * Starts a round in ONE transaction: the active seed pair locked and its nonce claimed (so the
 * layout or the card sequence is fixed now, and secret), the stake taken through the ledger, the
 * round stored open and its betting record opened. Refused while the player has a round of this
 * game open, and when the round's best outcome would pass the merchant's max win (the strict reading:
 * a round never has to be cut short by the cap). A retry with the same key answers the same round.
 */
export async function startRound(
  db: Db,
  owner: Owner,
  game: StepGame,
  input: StartInput,
): Promise<MultistepRound> {
  const earlier = await repo.findByKey(db, owner.memberId, input.idempotencyKey);
  if (earlier) return sameStartOrConflict(earlier, game, input);
  const settings = await bets.settings(db, owner.merchantId);
  const edge = settings.house_edge_bps / 10_000;
  const stake = BigInt(input.amountMinor);
  refuseOverLimits(settings, stake, () => game.maxMultiplier(input.params, edge));
  await activePair(db, owner);
  const { main, house } = await accounts(db, owner, owner.currency);

  const id = await withLedgerTransaction(db, async (trx) => {
    const seed = await lockSeed(trx, owner);
    const twin = await repo.findByKey(trx, owner.memberId, input.idempotencyKey);
    if (twin) return twin.id;
    if (await repo.singleRoundKeyTaken(trx, owner.memberId, input.idempotencyKey))
      throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
    if (await repo.findOpen(trx, owner.memberId, game.name)) throw new AppError('ORIGINALS_ROUND_OPEN');
    guard(() => game.play(drawer(seed)(game.floats(input.params, [])), input.params, [], edge));
    const before = await bets.spendable(trx, main);
    const staked = await transfer(trx, {
      merchantId: owner.merchantId,
      currency: owner.currency,
      metadata: { game: game.name, nonce: Number(seed.nonce) },
      idempotencyKey: `multistep:${owner.memberId}:${input.idempotencyKey}:stake`,
      code: 'bet',
      debitAccountId: main,
      creditAccountId: house,
      amountMinor: stake,
    });
    await bets.advanceNonce(trx, seed.id);
    const roundId = await repo.insert(trx, {
      merchant_id: owner.merchantId,
      member_id: owner.memberId,
      game: game.name,
      status: 'open',
      idempotency_key: input.idempotencyKey,
      cashout_key: null,
      seed_id: seed.id,
      nonce: seed.nonce,
      house_edge_bps: settings.house_edge_bps,
      params: JSON.stringify(input.params),
      moves: '[]',
      stake_minor: stake,
      currency: owner.currency,
      balance_before_minor: before,
      stake_transfer_id: staked.id,
      payout_transfer_id: null,
    });
    await recordBet(trx, {
      merchantId: owner.merchantId,
      memberId: owner.memberId,
      source: ORIGINALS_SOURCE,
      sourceRef: String(roundId),
      category: 'INHOUSE',
      vendor: ORIGINALS_VENDOR,
      gameCode: game.name,
      currency: owner.currency,
      stakeMinor: stake,
      at: new Date(),
    });
    return roundId;
  });
  // A concurrent twin with the same key may have won the race: it must be the same start.
  return sameStartOrConflict((await repo.findById(db, owner.memberId, id))!, game, input);
}

/** The active pair under its row lock; if a rotation just replaced it, the new one (visible now). */
async function lockSeed(trx: Db, owner: SeedOwner) {
  const seed = await bets.lockActiveSeed(trx, owner.memberId);
  if (seed) return seed;
  await activePair(trx, owner);
  const next = await bets.lockActiveSeed(trx, owner.memberId);
  if (!next) throw new Error('originals: no active seed pair');
  return next;
}

function sameStartOrConflict(row: repo.MultistepRow, game: StepGame, input: StartInput): MultistepRound {
  const same =
    row.game === game.name &&
    row.stake_minor === BigInt(input.amountMinor) &&
    canonicalJson(row.params) === canonicalJson(input.params);
  if (!same) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
  return roundView(game, row);
}

/**
 * One move (a tile, a guess) under the round's row lock, so moves and cash-outs of one round apply
 * one at a time. A lost round is settled at once (payout 0); a round with no move left is cashed out.
 */
export async function playMove(
  db: Db,
  owner: SeedOwner,
  game: StepGame,
  roundId: bigint,
  decide: Decide,
): Promise<MultistepRound> {
  const settings = await bets.settings(db, owner.merchantId);
  const id = await withLedgerTransaction(db, async (trx) => {
    const row = await repo.lockRound(trx, owner.memberId, roundId, game.name);
    if (!row) throw new AppError('ORIGINALS_ROUND_NOT_FOUND');
    const decision = guard(() => decide(row.moves, row, drawer(row)));
    if (decision === 'same') return row.id;
    if (row.status !== 'open') throw new AppError('ORIGINALS_ROUND_FINISHED');
    // Checked on what the move COULD pay, before its outcome is known, so a refusal tells nothing.
    if (decision.potential !== undefined) refuseOverMaxWin(settings, row.stake_minor, decision.potential);
    const played = guard(() => replay(game, row, decision.moves));
    if (played.lost || played.complete)
      await settle(trx, owner, game, row, decision.moves, played, null, settings.max_win_minor);
    else await repo.saveMoves(trx, row.id, decision.moves);
    return row.id;
  });
  return roundView(game, (await repo.findById(db, owner.memberId, id))!);
}

/**
 * Pays stake × the current multiplier (never more than stake + the merchant's max win, should the
 * limit have been lowered mid-round). Idempotent by key; the ledger key is per ROUND, so two cash-outs
 * with different keys can never pay twice.
 */
export async function cashOut(
  db: Db,
  owner: SeedOwner,
  game: StepGame,
  roundId: bigint,
  key: string,
): Promise<MultistepRound> {
  const settings = await bets.settings(db, owner.merchantId);
  const id = await withLedgerTransaction(db, async (trx) => {
    const row = await repo.lockRound(trx, owner.memberId, roundId, game.name);
    if (!row) throw new AppError('ORIGINALS_ROUND_NOT_FOUND');
    if (row.status === 'won' && row.cashout_key === key) return row.id;
    if (row.status !== 'open') throw new AppError('ORIGINALS_ROUND_FINISHED');
    const played = guard(() => replay(game, row, row.moves));
    if (!played.canCashOut) throw new AppError('ORIGINALS_CASHOUT_TOO_EARLY');
    await settle(trx, owner, game, row, row.moves, played, key, settings.max_win_minor);
    return row.id;
  });
  return roundView(game, (await repo.findById(db, owner.memberId, id))!);
}

/** Ends the round: the win through the ledger, the row final, a copy for recall, the record settled. */
async function settle(
  trx: Db,
  owner: SeedOwner,
  game: StepGame,
  row: repo.MultistepRow,
  moves: unknown[],
  played: Played,
  cashoutKey: string | null,
  maxWin: bigint,
): Promise<void> {
  const { main, house } = await accounts(trx, owner, row.currency);
  const won = !played.lost;
  const full = won ? payoutMinor(row.stake_minor, played.multiplierUnits) : 0n;
  const cap = row.stake_minor + maxWin;
  const payout = full > cap ? cap : full;
  const paid =
    payout > 0n
      ? await transfer(trx, {
          merchantId: owner.merchantId,
          currency: row.currency,
          metadata: { game: game.name, nonce: Number(row.nonce) },
          idempotencyKey: `multistep:${owner.memberId}:${row.id}:win`,
          code: 'win',
          debitAccountId: house,
          creditAccountId: main,
          amountMinor: payout,
        })
      : null;
  const at = new Date();
  await repo.finish(trx, row.id, {
    status: won ? 'won' : 'lost',
    moves,
    payout_minor: payout,
    payout_transfer_id: paid?.id ?? null,
    cashout_key: cashoutKey,
    finished_at: at,
  });
  await repo.copyToRecall(trx, row, {
    params: { ...row.params, moves },
    outcome: played.outcome(),
    payout,
    multiplier: full > cap ? ratioToUnits(payout, row.stake_minor) : played.multiplierUnits,
    balanceAfter: await bets.spendable(trx, main),
    payoutTransferId: paid?.id ?? null,
  });
  await recordBet(trx, {
    merchantId: owner.merchantId,
    memberId: owner.memberId,
    source: ORIGINALS_SOURCE,
    sourceRef: String(row.id),
    category: 'INHOUSE',
    vendor: ORIGINALS_VENDOR,
    gameCode: game.name,
    currency: row.currency,
    payoutMinor: payout,
    status: 'settled',
    at,
  });
}

export async function activeRound(db: Db, memberId: string, game: StepGame): Promise<MultistepRound | null> {
  const row = await repo.findOpen(db, memberId, game.name);
  return row ? roundView(game, row) : null;
}

export function roundView(game: StepGame, row: repo.MultistepRow): MultistepRound {
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
