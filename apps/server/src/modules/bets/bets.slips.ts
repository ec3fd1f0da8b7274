import type { Settled } from '../../platform/batching/group-commit.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { BonusPlan } from '../bonuses/index.ts';
import type { TransferRequest } from '../ledger/index.ts';
import { type Batch, type BetPath, betPath, postDecided } from './bets.batch.ts';
import { lockStakeFunds, pushStake, takeStake } from './bets.funds.ts';
import { type Answers, answerRepeats, matchTwins, memberKey } from './bets.twins.ts';

/**
 * A stake-only bet (a lottery slip) as a game hands it to the bet path: its stake moves now, in ONE
 * transfer member → house, and the game settles it later on its own (the draw).
 */
export interface StakeSlip {
  merchantId: string;
  memberId: string;
  currency: string;
  /** The member's main account in `currency` (resolved by the caller, where the ledger caches it). */
  mainAccountId: bigint;
  idempotencyKey: string;
  /** The slip's content hashed: a stored slip under the same key with another hash is a conflict. */
  requestHash: string;
  stakeMinor: bigint;
  /** The stake transfer's own key and metadata (code `bet`). */
  transfer: { idempotencyKey: string; metadata: Record<string, unknown> };
}

/** An accepted slip as the game writes it: its own decision and the stake transfer's id. */
export interface AcceptedSlip<S, D> {
  slip: S;
  decided: D;
  stakeTransferId: bigint;
}

/**
 * What a game of slips tells the bet path; the path owns the order of the steps, the twins, the funds
 * and the money (`slipPath`).
 */
export interface SlipKind<S extends StakeSlip, Locked, D, Out> {
  /** Locks the rows that order the slips (the draws, share-locked), in id order; answers them. */
  lock(trx: Db, slips: S[], batch: Batch): Promise<Locked>;
  /**
   * The answers of the slips already stored under these (member, key) pairs, by `memberKey`. Read
   * after the account locks: what else the game must see of a member's committed bets (crash's one
   * bet per player and round) it may read here too, into `locked`.
   */
  twins(trx: Db, slips: S[], locked: Locked): Promise<Map<string, Out>>;
  /** The request hash an answer was stored with (a twin with another hash is a conflict). */
  hashOf(answer: Out): string;
  /** The slip's own checks on the locked rows, before its funds; throws the player's error. */
  check(slip: S, locked: Locked): D;
  /**
   * What the slip takes from limits the batch shares (the VN lottery's per-number caps), checked on the
   * running totals in slip order before its funds (throws the player's error to refuse it) and
   * answered as the step that takes it, which the path runs once the funds have passed too.
   */
  take?(slip: S, locked: Locked, decided: D): () => void;
  /**
   * Writes the accepted slips set-based (their rows and open betting records) and answers each, in
   * order. Called once per batch even when none is accepted: it may undo what its `lock` made.
   */
  write(trx: Db, accepted: AcceptedSlip<S, D>[], locked: Locked, batch: Batch): Promise<Out[]>;
  /** The stake transfer's metadata once decided (crash: the round the batch found); else the slip's. */
  metadata?(slip: S, decided: D): Record<string, unknown>;
  /**
   * A kind whose slips carry a bonus: a member with an active bonus stakes cash first, then bonus
   * (`takeStake`), the slip left open under `settleRef` until the kind settles it (`lockDeferred`);
   * `category` is the slip's betting records' (the contribution rate keys on it). Without it every
   * slip stakes cash only.
   */
  bonus?: { category(slip: S, decided: D): string; settleRef(slip: S): string };
}

const keyOf = (slip: StakeSlip) => memberKey(slip.memberId, slip.idempotencyKey);

/**
 * A game's slips on the bet path: concurrent slips of one merchant share one transaction per batch,
 * a refused slip is answered alone and its neighbours go on. `maxBatch` bounds the rows one batch
 * writes (a slip writes a ticket per ticket × draw).
 */
export function slipPath<S extends StakeSlip, Locked, D, Out>(
  kind: SlipKind<S, Locked, D, Out>,
  maxBatch = 100,
): BetPath<S, Out> {
  return betPath<S, Out>((trx, slips, batch) => settleSlips(trx, slips, batch, kind), {
    maxBatch,
    currencies: (slip) => [slip.currency],
  });
}

/**
 * One batch of slips in ONE transaction:
 *  1. the game's ordering rows locked (`kind.lock`: the draws, share-locked in id order);
 *  2. for a kind with a bonus side, the members' active bonuses locked (`lockBonuses`: one indexed
 *     read, nothing more for a batch without any); every account the batch touches (the members' main
 *     accounts, the batch's house shard, the bonus accounts) locked in id order, spendable read — a
 *     member's concurrent slips in other batches wait here;
 *  3. the idempotent twins by (member, key), read after the account locks, so a twin committed by the
 *     batch that held a member's account is seen: same hash → its stored answer, another →
 *     LEDGER_IDEMPOTENCY_CONFLICT; a key repeated inside the batch answers with its first copy;
 *  then each slip decided in order in JS: the game's checks, the funds on the running balance (a bonus
 *  member's: max bet, cash first then bonus), what it takes from shared limits; 4. one stake transfer
 *  per accepted slip as ONE `transferBatch` (a bonus member's right after its bonus draw), the bonus
 *  slips (open); 5. the game's set-based write.
 */
async function settleSlips<S extends StakeSlip, Locked, D, Out>(
  trx: Db,
  slips: S[],
  batch: Batch,
  kind: SlipKind<S, Locked, D, Out>,
): Promise<Settled<Out>[]> {
  const answers: Answers<Out> = slips.map(() => null);
  const same = (stored: Out, slip: S) => kind.hashOf(stored) === slip.requestHash;
  const locked = await kind.lock(trx, slips, batch);
  const funds = await lockStakeFunds(trx, batch.merchantId, kind.bonus ? slips.map((s) => s.memberId) : [], [
    ...slips.map((s) => s.mainAccountId),
    ...slips.map((s) => batch.house(s.currency)),
  ]);
  const unique = new Map(slips.map((s) => [keyOf(s), s]));
  const repeats = matchTwins(
    slips,
    answers,
    keyOf,
    await kind.twins(trx, [...unique.values()], locked),
    same,
  );

  const accepted: (AcceptedSlip<S, D> & { i: number; bonus: BonusPlan | null })[] = [];
  slips.forEach((slip, i) => {
    if (answers[i] || repeats.has(i)) return;
    try {
      const decided = kind.check(slip, locked);
      if (slip.stakeMinor <= 0n)
        throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'amountMinor', key: 'invalid' }] });
      // Checked before the funds, taken after them: a slip refused either way takes nothing.
      const take = kind.take?.(slip, locked, decided);
      const ref = kind.bonus?.settleRef(slip) ?? '';
      const bonus = takeStake(funds, {
        memberId: slip.memberId,
        mainAccountId: slip.mainAccountId,
        stakeMinor: slip.stakeMinor,
        betRef: ref,
        settleRef: ref,
        category: kind.bonus?.category(slip, decided) ?? '',
      });
      take?.();
      accepted.push({ i, slip, decided, stakeTransferId: 0n, bonus });
    } catch (error) {
      answers[i] = { ok: false, error };
    }
  });

  // In slip order; a bonus member's stake right after its bonus draw (bonus → main).
  const requests: TransferRequest[] = [];
  const stakeSlots = accepted.map(({ slip, decided, bonus }) =>
    pushStake(requests, funds, bonus, {
      merchantId: slip.merchantId,
      currency: slip.currency,
      idempotencyKey: slip.transfer.idempotencyKey,
      code: 'bet',
      debitAccountId: slip.mainAccountId,
      creditAccountId: batch.house(slip.currency),
      amountMinor: slip.stakeMinor,
      metadata: kind.metadata?.(slip, decided) ?? slip.transfer.metadata,
    }),
  );
  const ids = await postDecided(trx, requests);
  accepted.forEach((a, n) => {
    a.stakeTransferId = ids[stakeSlots[n]!]!;
  });
  await funds.bonuses?.write(trx);
  const written = await kind.write(trx, accepted, locked, batch);
  accepted.forEach((a, n) => {
    answers[a.i] = { ok: true, value: written[n]! };
  });
  answerRepeats(slips, answers, repeats, same);
  return answers as Settled<Out>[];
}
