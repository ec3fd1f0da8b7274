import { payoutMinor, unitsToDecimal } from '@sorte/money';
import type { Settled } from '../../platform/batching/group-commit.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import type { Db } from '../../platform/database/database.ts';
import type { BatchBonuses, BonusPlan } from '../bonuses/index.ts';
import { MAX_BATCH, type TransferRequest } from '../ledger/index.ts';
import { type Batch, betPath, postDecided } from './bets.batch.ts';
import { lockStakeFunds, takeStake } from './bets.funds.ts';
import * as repo from './bets.repository.ts';
import { lockSeeds } from './bets.seeds.ts';
import { type Answers, answerRepeats, matchTwins, memberKey } from './bets.twins.ts';

/** The merchant's in-house limits as a bet is checked against them inside its batch. */
export interface Limits {
  houseEdgeBps: number;
  maxBetMinor: bigint;
  maxWinMinor: bigint;
}

/** The seed pair and nonce a round is played on (the provably-fair inputs). */
export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * One in-house single-round bet (dice, limbo, wheel, plinko, keno, slot) as the game hands it to the
 * bet path. The game stays the game's: `check` refuses what the merchant's limits forbid and `play`
 * computes the outcome from the seeds (both throw the player's AppError); the bet path decides the
 * order, the nonce, the funds, and writes everything.
 */
export interface SingleRoundBet {
  merchantId: string;
  memberId: string;
  currency: string;
  /** The member's main account in `currency` (resolved by the caller, where the ledger caches it). */
  mainAccountId: bigint;
  game: string;
  idempotencyKey: string;
  stakeMinor: bigint;
  /** The player's choices: stored with the round, and compared with a retry's. */
  params: Record<string, unknown>;
  /** Filing of the betting record (records module). */
  record: { source: string; vendor: string; category: string };
  /** The merchant's limits, read inside the batch's transaction (once per batch: one merchant). */
  limits(db: Db): Promise<Limits>;
  check(limits: Limits): void;
  play(seeds: Seeds, houseEdge: number): { multiplierUnits: bigint; outcome: Record<string, unknown> };
}

/** A settled round as stored: the bet's answer, for a first try and a retry alike. */
export type SettledRound = repo.StoredRound;

/**
 * Two transfers at most per bet (a push's stake and return; any other round has one): a batch of
 * bets fits one ledger batch.
 */
const singleRounds = betPath<SingleRoundBet, SettledRound>(settleBatch, {
  maxBatch: Math.floor(MAX_BATCH / 2),
  currencies: (bet) => [bet.currency],
});

/**
 * Places an in-house single-round bet through the bet path: concurrent bets of one merchant — of
 * different players and of one player — share one transaction per batch; a refused bet (funds,
 * limits, choices) is refused on its own and its neighbours settle. A retry of a stored key (even a
 * concurrent one) answers the stored round and moves nothing; the same key with another body is
 * LEDGER_IDEMPOTENCY_CONFLICT.
 */
export function placeSingleRound(db: Db, bet: SingleRoundBet): Promise<SettledRound> {
  return singleRounds.submit(db, bet);
}

/** Waits for every batch taken so far (tests, orderly shutdown). */
export function flushSingleRounds(db: Db): Promise<void> {
  return singleRounds.flush(db);
}

/** The same bet again: same game, stake and choices (as JSON, which is how they are stored). */
function sameBet(round: SettledRound, bet: SingleRoundBet): boolean {
  return (
    round.game === bet.game &&
    round.stake_minor === bet.stakeMinor &&
    canonicalJson(round.params) === canonicalJson(bet.params)
  );
}

interface Accepted {
  i: number;
  seed: repo.LockedSeed;
  nonce: bigint;
  payout: bigint;
  multiplier: bigint;
  outcome: Record<string, unknown>;
  before: bigint;
  /** The member's main balance after the round (cash first: a bonus part does not come from it). */
  after: bigint;
  house: bigint;
  /** The bet's bonus side, when its member wagers an active bonus. */
  bonus: BonusPlan | null;
}

/**
 * One batch of one merchant's bets in ONE transaction of six statements whatever its size:
 *  1. the merchant's limits (the game's read);
 *  2. the members' active seed pairs locked in id order, nonces read under the lock;
 *  3. the idempotent twins (after the locks, so a twin committed meanwhile is seen);
 *  4. the accounts locked in id order, spendable balances read;
 *  then every bet decided in order in JS (a bet refused for funds, limits or choices claims no nonce;
 *  each accepted bet of a member takes the member's next nonce; outcome and exact payout computed),
 *  5. all stakes and wins posted as one ledger batch (ledger_post_batch: it re-checks every item on the
 *     rows locked in 4, so it agrees with the decisions),
 *  6. the new nonces, the rounds and their settled betting records in one set-based statement.
 */
async function settleBatch(trx: Db, bets: SingleRoundBet[], batch: Batch): Promise<Settled<SettledRound>[]> {
  const answers: Answers<SettledRound> = bets.map(() => null);
  const limits = await bets[0]!.limits(trx);
  const seeds = await lockSeeds(trx, [...new Set(bets.map((b) => b.memberId))]);
  const twins = new Map(
    (await repo.findRounds(trx, bets)).map((r) => [memberKey(r.member_id, r.idempotency_key), r]),
  );
  // A key seen earlier in this batch: the later bet answers with the earlier one's round.
  const sameAs = matchTwins(bets, answers, (b) => memberKey(b.memberId, b.idempotencyKey), twins, sameBet);

  const funds = await lockStakeFunds(
    trx,
    batch.merchantId,
    bets.map((b) => b.memberId),
    [...bets.map((b) => b.mainAccountId), ...bets.map((b) => batch.house(b.currency))],
  );
  const { bonuses, spendable } = funds;
  const nextNonce = new Map([...seeds.values()].map((s) => [s.id, s.nonce]));
  const houseEdge = limits.houseEdgeBps / 10_000;
  const accepted: Accepted[] = [];
  bets.forEach((bet, i) => {
    if (answers[i] || sameAs.has(i)) return;
    try {
      accepted.push(decide(bet, i));
    } catch (error) {
      answers[i] = { ok: false, error };
    }
  });

  function decide(bet: SingleRoundBet, i: number): Accepted {
    bet.check(limits);
    const seed = seeds.get(bet.memberId);
    if (!seed) throw new Error('bets: no active seed pair');
    const before = spendable.get(bet.mainAccountId) ?? 0n;
    const nonce = nextNonce.get(seed.id)!;
    const played = bet.play(
      { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(nonce) },
      houseEdge,
    );
    // Cash first, then bonus; max bet and funds refused here, before the nonce is claimed.
    const bonus = takeStake(funds, {
      memberId: bet.memberId,
      mainAccountId: bet.mainAccountId,
      stakeMinor: bet.stakeMinor,
      betRef: `original:${bet.memberId}:${bet.idempotencyKey}`,
      category: bet.record.category,
    });
    // Claimed only now: a bet refused above leaves the nonce to the member's next bet.
    nextNonce.set(seed.id, nonce + 1n);
    const payout = payoutMinor(bet.stakeMinor, played.multiplierUnits);
    if (bonus) bonuses!.settle(bonus, payout, spendable);
    else spendable.set(bet.mainAccountId, spendable.get(bet.mainAccountId)! + payout);
    return {
      i,
      seed,
      nonce,
      payout,
      multiplier: played.multiplierUnits,
      outcome: played.outcome,
      before,
      after: spendable.get(bet.mainAccountId)!,
      house: batch.house(bet.currency),
      bonus,
    };
  }

  const transfers = await postMoney(trx, bets, accepted, bonuses);
  await bonuses?.write(trx);
  const written = await repo.writeRounds(
    trx,
    batch.merchantId,
    accepted.map((a, n) => {
      const bet = bets[a.i]!;
      return {
        memberId: bet.memberId,
        game: bet.game,
        idempotencyKey: bet.idempotencyKey,
        seedId: a.seed.id,
        nonce: a.nonce,
        params: JSON.stringify(bet.params),
        outcome: JSON.stringify(a.outcome),
        stakeMinor: bet.stakeMinor,
        payoutMinor: a.payout,
        multiplier: unitsToDecimal(a.multiplier),
        currency: bet.currency,
        balanceBeforeMinor: a.before,
        balanceAfterMinor: a.after,
        stakeTransferId: transfers[n]!.stake,
        payoutTransferId: transfers[n]!.win,
        ...bet.record,
      };
    }),
    [...seeds.values()].flatMap((s) => {
      const next = nextNonce.get(s.id)!;
      return next === s.nonce ? [] : [{ seedId: s.id, next }];
    }),
  );
  accepted.forEach((a, n) => {
    const bet = bets[a.i]!;
    answers[a.i] = {
      ok: true,
      value: {
        id: written[n]!.id,
        member_id: bet.memberId,
        game: bet.game,
        idempotency_key: bet.idempotencyKey,
        params: bet.params,
        outcome: a.outcome,
        stake_minor: bet.stakeMinor,
        payout_minor: a.payout,
        multiplier: unitsToDecimal(a.multiplier),
        currency: bet.currency,
        nonce: a.nonce,
        balance_before_minor: a.before,
        balance_after_minor: a.after,
        created_at: written[n]!.created_at,
        server_seed_hash: a.seed.server_seed_hash,
        client_seed: a.seed.client_seed,
      },
    };
  });
  answerRepeats(bets, answers, sameAs, sameBet);
  return answers as Settled<SettledRound>[];
}

/**
 * The accepted bets' money as one ledger batch (more only when bonus moves push it past MAX_BATCH), in
 * bet order (a member's round settles before the member's next one, as the decisions assumed); a
 * bonus bet's own transfers sit between its bonus draw and its bonus share (and the completion it
 * made, if any; modules/bonuses, bonus.bets.ts). A round settles atomically, its stake and payout
 * known together, so it moves only the difference — ONE transfer a round (docs/architecture.md, "The
 * bet path"):
 *  - a loss (payout 0): the stake, member → house, code `bet` (key `…:stake`);
 *  - a partial return (0 < payout < stake): stake − payout, member → house, code `bet` (key `…:net`);
 *  - a win (payout > stake): payout − stake, house → member, code `win` (key `…:net`);
 *  - a push (payout = stake) moves nothing net; the ledger has no zero transfer, so it keeps the two
 *    transfers of the stake and its return (`…:stake`, `…:win`).
 * A net transfer carries the round's stake and payout in its metadata (`stakeMinor`, `payoutMinor`):
 * the account records show it as the bet and the win it stands for, and turnover counts its stake.
 * The funds check made before (the whole stake against the spendable balance) is unchanged, so no
 * balance could go below zero even if the stake moved first. The accounts are locked and the
 * decisions made on them, so a refusal here is a fault of this code: it throws and the whole batch
 * rolls back.
 */
async function postMoney(
  db: Db,
  bets: SingleRoundBet[],
  accepted: Accepted[],
  bonuses: BatchBonuses | null,
): Promise<{ stake: bigint; win: bigint | null }[]> {
  const requests: TransferRequest[] = [];
  // Where each round's own transfers sit among the requests (a bonus bet's come with its bonus moves).
  const slots: { stake: number; win: number | null }[] = [];
  for (const a of accepted) {
    const bet = bets[a.i]!;
    const around = a.bonus && bonuses ? bonuses.around(a.bonus) : { before: [], after: [] };
    requests.push(...around.before);
    const first = requests.length;
    roundRequests(bet, a, requests);
    slots.push({ stake: first, win: requests.length - first > 1 ? first + 1 : null });
    requests.push(...around.after);
  }
  // In order (in ledger batches of MAX_BATCH: a bet with a bonus may post four transfers).
  const ids = await postDecided(db, requests);
  return slots.map((slot) => ({ stake: ids[slot.stake]!, win: slot.win === null ? null : ids[slot.win]! }));
}

/** A round's own transfers (one, or a push's two), as the table above says. */
function roundRequests(bet: SingleRoundBet, a: Accepted, requests: TransferRequest[]): void {
  const key = `original:${bet.memberId}:${bet.idempotencyKey}`;
  const base = { merchantId: bet.merchantId, currency: bet.currency };
  const metadata = { game: bet.game, nonce: Number(a.nonce) };
  const toHouse = { code: 'bet', debitAccountId: bet.mainAccountId, creditAccountId: a.house } as const;
  const toMember = { code: 'win', debitAccountId: a.house, creditAccountId: bet.mainAccountId } as const;
  if (a.payout === 0n || a.payout === bet.stakeMinor) {
    requests.push({
      ...base,
      ...toHouse,
      metadata,
      idempotencyKey: `${key}:stake`,
      amountMinor: bet.stakeMinor,
    });
    if (a.payout > 0n)
      requests.push({
        ...base,
        ...toMember,
        metadata,
        idempotencyKey: `${key}:win`,
        amountMinor: a.payout,
      });
    return;
  }
  const net = a.payout - bet.stakeMinor;
  requests.push({
    ...base,
    ...(net > 0n ? toMember : toHouse),
    metadata: { ...metadata, stakeMinor: String(bet.stakeMinor), payoutMinor: String(a.payout) },
    idempotencyKey: `${key}:net`,
    amountMinor: net > 0n ? net : -net,
  });
}
