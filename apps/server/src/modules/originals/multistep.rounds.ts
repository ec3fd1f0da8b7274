import type { MultistepRound } from '@sorte/contracts';
import { payoutMinor, ratioToUnits } from '@sorte/money';
import type { Settled } from '../../platform/batching/group-commit.ts';
import { canonicalJson } from '../../platform/canonical-json.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import {
  type Answers,
  answerRepeats,
  type Batch,
  betPath,
  lockSeeds,
  lockSpendable,
  lockStakeFunds,
  matchTwins,
  memberKey,
  postDecided,
  pushStake,
  takeStake,
} from '../bets/index.ts';
import { type BonusPlan, lockDeferred } from '../bonuses/index.ts';
import { memberAccountId, type TransferRequest } from '../ledger/index.ts';
import { closeRecords, INHOUSE_CATEGORY, recordBets } from '../records/index.ts';
import type { Played, StepGame } from './multistep.games.ts';
import * as repo from './multistep.repository.ts';
import { drawer, replay, roundView } from './multistep.view.ts';
import * as bets from './originals.bets.repository.ts';
import {
  ensureSeeded,
  guard,
  ORIGINALS_SOURCE,
  ORIGINALS_VENDOR,
  refuseOverLimits,
  refuseOverMaxWin,
} from './originals.bets.ts';
import type { SeedOwner } from './originals.service.ts';

export { roundView } from './multistep.view.ts';

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

/** What every item of the two multistep paths carries: the member, the wallet and the game. */
interface Item {
  merchantId: string;
  memberId: string;
  currency: string;
  /** The member's main account in `currency` (resolved by the caller, where the ledger caches it). */
  mainAccountId: bigint;
  game: StepGame;
}

interface Start extends Item {
  idempotencyKey: string;
  stakeMinor: bigint;
  params: Record<string, unknown>;
}

type Act = { kind: 'move'; decide: Decide } | { kind: 'cashout'; key: string };
interface Action extends Item {
  roundId: bigint;
  act: Act;
}

/**
 * Starts of mines and hilo rounds on the bet path (modules/bets): one stake transfer a start.
 * Concurrent starts of one merchant share one transaction per batch (`settleStarts`).
 */
const starts = betPath<Start, repo.MultistepRow>(settleStarts, { currencies: (s) => [s.currency] });

/**
 * Moves and cash-outs on the bet path: at most one win transfer an action. A move goes there too, since
 * whether it settles the round (a mine, a wrong card, the last safe tile) is known only under the
 * round's lock (`settleActions`).
 */
const actions = betPath<Action, repo.MultistepRow>(settleActions, { currencies: (a) => [a.currency] });

async function item(db: Db, owner: Owner, game: StepGame): Promise<Item> {
  // Account ids never change: resolved on the shared handle, where the ledger caches them.
  const main = await memberAccountId(db, owner.memberId, owner.merchantId, 'main', owner.currency);
  return {
    merchantId: owner.merchantId,
    memberId: owner.memberId,
    currency: owner.currency,
    mainAccountId: main,
    game,
  };
}

/**
 * Starts a round through the bet path: in its batch the active seed pair is locked and its nonce
 * claimed (so the layout or the card sequence is fixed now, and secret), the stake taken through the
 * ledger, the round stored open and its betting record opened. Refused while the player has a round
 * of this game open, and when the round's best outcome would pass the merchant's max win (the strict
 * reading: a round never has to be cut short by the cap). A retry with the same key answers the same
 * round; another start under that key is LEDGER_IDEMPOTENCY_CONFLICT.
 */
export async function startRound(
  db: Db,
  owner: Owner,
  game: StepGame,
  input: StartInput,
): Promise<MultistepRound> {
  await ensureSeeded(db, owner);
  const row = await starts.submit(db, {
    ...(await item(db, owner, game)),
    idempotencyKey: input.idempotencyKey,
    stakeMinor: BigInt(input.amountMinor),
    params: input.params,
  });
  return roundView(game, row);
}

/**
 * One move (a tile, a guess) through the bet path, under the round's row lock, so moves and
 * cash-outs of one round apply one at a time. A lost round is settled at once (payout 0); a round
 * with no move left is cashed out.
 */
export async function playMove(
  db: Db,
  owner: Owner,
  game: StepGame,
  roundId: bigint,
  decide: Decide,
): Promise<MultistepRound> {
  const row = await actions.submit(db, {
    ...(await item(db, owner, game)),
    roundId,
    act: { kind: 'move', decide },
  });
  return roundView(game, row);
}

/**
 * Pays stake × the current multiplier (never more than stake + the merchant's max win, should the
 * limit have been lowered mid-round). Idempotent by key; the ledger key is per ROUND, so two cash-outs
 * with different keys can never pay twice.
 */
export async function cashOut(
  db: Db,
  owner: Owner,
  game: StepGame,
  roundId: bigint,
  key: string,
): Promise<MultistepRound> {
  const row = await actions.submit(db, {
    ...(await item(db, owner, game)),
    roundId,
    act: { kind: 'cashout', key },
  });
  return roundView(game, row);
}

/** Waits for every batch taken so far (tests, orderly shutdown). */
export async function flushMultisteps(db: Db): Promise<void> {
  await Promise.all([starts.flush(db), actions.flush(db)]);
}

export async function activeRound(db: Db, memberId: string, game: StepGame): Promise<MultistepRound | null> {
  const row = await repo.findOpen(db, memberId, game.name);
  return row ? roundView(game, row) : null;
}

/** The same start again: same game, stake and choices (as JSON, which is how they are stored). */
function sameStart(row: repo.MultistepRow, start: Start): boolean {
  return (
    row.game === start.game.name &&
    row.stake_minor === start.stakeMinor &&
    canonicalJson(row.params) === canonicalJson(start.params)
  );
}

const keyOf = (s: Start) => memberKey(s.memberId, s.idempotencyKey);

/** The betting records' category of mines and hilo, and the bonus contribution rate they take. */
const CATEGORY = INHOUSE_CATEGORY;

/**
 * A round's bonus slip (modules/bonuses): placed at the start, open until the round finishes, found
 * then by this ref — the round's member and start key, the round's identity before it has an id.
 */
const slipRef = (memberId: string, idempotencyKey: string) => `multistep:${memberId}:${idempotencyKey}`;

/**
 * One batch of one merchant's starts in ONE transaction (the bet path's skeleton, as
 * bets.single-round.ts runs it):
 *  1. the merchant's limits;
 *  2. the members' active seed pairs locked in id order, nonces read under the lock;
 *  3. the idempotent twins (after the locks, so a twin committed meanwhile is seen), the keys a
 *     single-round bet took, the games the members have open;
 *  4. the members' active bonuses locked (`lockBonuses`: one indexed read, nothing more for a batch
 *     without any);
 *  5. the accounts (main, the batch's house shard, bonus accounts) locked in id order, spendable
 *     balances read;
 *  then every start decided in order in JS — limits, the key, one open round per member and game,
 *  the choices, funds on the running balance (a bonus member's: max bet, cash first then bonus, the
 *  slip left open until the round finishes); a refused start claims no nonce —
 *  6. the stakes posted as one ledger batch (a bonus member's after its bonus draw), the bonus slips,
 *  7. the new nonces and the open rounds in one statement, their open betting records in another.
 */
async function settleStarts(trx: Db, items: Start[], batch: Batch): Promise<Settled<repo.MultistepRow>[]> {
  const answers: Answers<repo.MultistepRow> = items.map(() => null);
  const settings = await bets.settings(trx, batch.merchantId);
  const edge = settings.house_edge_bps / 10_000;
  const members = [...new Set(items.map((s) => s.memberId))];
  const seeds = await lockSeeds(trx, members);
  const twins = new Map(
    (await repo.findByKeys(trx, items)).map((r) => [memberKey(r.member_id, r.idempotency_key), r]),
  );
  const repeats = matchTwins(items, answers, keyOf, twins, sameStart);
  const fresh = items.filter((_, i) => !answers[i] && !repeats.has(i));
  const taken = new Set((await repo.singleRoundKeys(trx, fresh)).map((k) => memberKey(k.member_id, k.key)));
  const open = new Set((await repo.openGames(trx, members)).map((o) => memberKey(o.member_id, o.game)));
  const funds = await lockStakeFunds(trx, batch.merchantId, members, [
    ...items.map((s) => s.mainAccountId),
    ...items.map((s) => batch.house(s.currency)),
  ]);
  const nextNonce = new Map([...seeds.values()].map((s) => [s.id, s.nonce]));

  const accepted: { i: number; seedId: bigint; nonce: bigint; before: bigint; bonus: BonusPlan | null }[] =
    [];
  items.forEach((start, i) => {
    if (answers[i] || repeats.has(i)) return;
    try {
      refuseOverLimits(settings, start.stakeMinor, () => start.game.maxMultiplier(start.params, edge));
      if (taken.has(keyOf(start))) throw new AppError('LEDGER_IDEMPOTENCY_CONFLICT');
      const game = memberKey(start.memberId, start.game.name);
      if (open.has(game)) throw new AppError('ORIGINALS_ROUND_OPEN');
      const seed = seeds.get(start.memberId);
      if (!seed) throw new Error('originals: no active seed pair');
      const nonce = nextNonce.get(seed.id)!;
      const draw = drawer({ ...seed, nonce });
      guard(() => start.game.play(draw(start.game.floats(start.params, [])), start.params, [], edge));
      const before = funds.spendable.get(start.mainAccountId) ?? 0n;
      // Cash first, then bonus (max bet and funds refused here); the slip stays open until the round ends.
      const ref = slipRef(start.memberId, start.idempotencyKey);
      const bonus = takeStake(funds, {
        memberId: start.memberId,
        mainAccountId: start.mainAccountId,
        stakeMinor: start.stakeMinor,
        betRef: ref,
        settleRef: ref,
        category: CATEGORY,
      });
      // Claimed only now: a start refused above leaves the nonce to the member's next bet.
      nextNonce.set(seed.id, nonce + 1n);
      open.add(game);
      accepted.push({ i, seedId: seed.id, nonce, before, bonus });
    } catch (error) {
      answers[i] = { ok: false, error };
    }
  });

  // In start order; a bonus member's stake right after its bonus draw (bonus → main).
  const requests: TransferRequest[] = [];
  const stakeSlots = accepted.map(({ i, nonce, bonus }) => {
    const s = items[i]!;
    return pushStake(requests, funds, bonus, {
      merchantId: s.merchantId,
      currency: s.currency,
      metadata: { game: s.game.name, nonce: Number(nonce) },
      idempotencyKey: `${slipRef(s.memberId, s.idempotencyKey)}:stake`,
      code: 'bet',
      debitAccountId: s.mainAccountId,
      creditAccountId: batch.house(s.currency),
      amountMinor: s.stakeMinor,
    });
  });
  const posted = await postDecided(trx, requests);
  const transfers = stakeSlots.map((slot) => posted[slot]!);
  await funds.bonuses?.write(trx);
  const rows = accepted.map(
    ({ i, seedId, nonce, before }, n): Omit<repo.MultistepRow, 'id' | 'created_at'> => {
      const s = items[i]!;
      const seed = seeds.get(s.memberId)!;
      return {
        merchant_id: s.merchantId,
        member_id: s.memberId,
        game: s.game.name,
        status: 'open',
        idempotency_key: s.idempotencyKey,
        cashout_key: null,
        seed_id: seedId,
        nonce,
        house_edge_bps: settings.house_edge_bps,
        params: s.params,
        moves: [],
        stake_minor: s.stakeMinor,
        payout_minor: 0n,
        currency: s.currency,
        balance_before_minor: before,
        stake_transfer_id: transfers[n]!,
        payout_transfer_id: null,
        finished_at: null,
        server_seed: seed.server_seed,
        server_seed_hash: seed.server_seed_hash,
        client_seed: seed.client_seed,
      };
    },
  );
  const written = await repo.insertStarts(
    trx,
    batch.merchantId,
    rows.map((r) => ({
      memberId: r.member_id,
      game: r.game,
      idempotencyKey: r.idempotency_key,
      seedId: r.seed_id,
      nonce: r.nonce,
      houseEdgeBps: r.house_edge_bps,
      params: JSON.stringify(r.params),
      stakeMinor: r.stake_minor,
      currency: r.currency,
      balanceBeforeMinor: r.balance_before_minor,
      stakeTransferId: r.stake_transfer_id,
    })),
    [...seeds.values()].flatMap((s) => {
      const next = nextNonce.get(s.id)!;
      return next === s.nonce ? [] : [{ seedId: s.id, next }];
    }),
  );
  await recordBets(
    trx,
    rows.map((r, n) => ({
      merchantId: r.merchant_id,
      memberId: r.member_id,
      source: ORIGINALS_SOURCE,
      sourceRef: String(written[n]!.id),
      category: CATEGORY,
      vendor: ORIGINALS_VENDOR,
      gameCode: r.game,
      currency: r.currency,
      stakeMinor: r.stake_minor,
      at: written[n]!.created_at,
    })),
  );
  accepted.forEach(({ i }, n) => {
    answers[i] = { ok: true, value: { ...rows[n]!, ...written[n]! } };
  });
  answerRepeats(items, answers, repeats, sameStart);
  return answers as Settled<repo.MultistepRow>[];
}

/**
 * One batch of one merchant's moves and cash-outs in ONE transaction:
 *  1. the merchant's limits;
 *  2. the rounds locked in id order (the ordering row: a round's actions apply one at a time);
 *  then every action decided in order in JS on the rounds as the batch left them (a move replays the
 *  round from its seeds; a loss, the last safe tile or a cash-out finishes it, paying stake × the
 *  multiplier, capped at stake + the max win);
 *  3. the bonus slips of the finished rounds and their bonuses locked (`lockDeferred`: one indexed
 *     read, nothing more for a batch without any; only when a round finished);
 *  4. the finished rounds' accounts (main, the batch's house shard, the bonus side's) locked in id order;
 *  5. the wins posted as one ledger batch, each keyed per ROUND (`multistep:<member>:<round>:win`), so
 *     no two cash-outs of a round can ever both pay; a round with a bonus slip settles it (its
 *     contribution counted, a win shared by stake — the bonus share main → bonus, or where an ended
 *     bonus went —, then completion or loss), its bonus moves right after its win;
 *  6. the bonus slips and rows, the changed rounds saved, the finished ones copied for recall and their
 *     betting records closed, one statement each.
 */
async function settleActions(trx: Db, items: Action[], batch: Batch): Promise<Settled<repo.MultistepRow>[]> {
  const settings = await bets.settings(trx, batch.merchantId);
  const rounds = new Map(
    (await repo.lockRounds(trx, [...new Set(items.map((a) => a.roundId))])).map((r) => [r.id, r]),
  );
  const changed = new Set<bigint>();
  const finished: { action: Action; row: repo.MultistepRow; played: Played; multiplier: bigint }[] = [];
  const at = new Date();

  function finish(
    action: Action,
    row: repo.MultistepRow,
    moves: unknown[],
    played: Played,
    key: string | null,
  ) {
    const won = !played.lost;
    const full = won ? payoutMinor(row.stake_minor, played.multiplierUnits) : 0n;
    const cap = row.stake_minor + settings.max_win_minor;
    const payout = full > cap ? cap : full;
    const next: repo.MultistepRow = {
      ...row,
      status: won ? 'won' : 'lost',
      moves,
      payout_minor: payout,
      cashout_key: key,
      finished_at: at,
    };
    finished.push({
      action,
      row: next,
      played,
      multiplier: full > cap ? ratioToUnits(payout, row.stake_minor) : played.multiplierUnits,
    });
    return next;
  }

  function apply(action: Action): repo.MultistepRow {
    const row = rounds.get(action.roundId);
    if (!row || row.member_id !== action.memberId || row.game !== action.game.name)
      throw new AppError('ORIGINALS_ROUND_NOT_FOUND');
    // A member's wallet currency never changes (the merchant's, or its play code for a trial).
    if (row.currency !== action.currency) throw new Error('originals: the round is in another currency');
    const { act } = action;
    if (act.kind === 'cashout') {
      if (row.status === 'won' && row.cashout_key === act.key) return row;
      if (row.status !== 'open') throw new AppError('ORIGINALS_ROUND_FINISHED');
      const played = guard(() => replay(action.game, row, row.moves));
      if (!played.canCashOut) throw new AppError('ORIGINALS_CASHOUT_TOO_EARLY');
      return finish(action, row, row.moves, played, act.key);
    }
    const decision = guard(() => act.decide(row.moves, row, drawer(row)));
    if (decision === 'same') return row;
    if (row.status !== 'open') throw new AppError('ORIGINALS_ROUND_FINISHED');
    // Checked on what the move COULD pay, before its outcome is known, so a refusal tells nothing.
    if (decision.potential !== undefined) refuseOverMaxWin(settings, row.stake_minor, decision.potential);
    const played = guard(() => replay(action.game, row, decision.moves));
    return played.lost || played.complete
      ? finish(action, row, decision.moves, played, null)
      : { ...row, moves: decision.moves };
  }

  const answers = items.map((action): Settled<repo.MultistepRow> => {
    try {
      const row = apply(action);
      if (row !== rounds.get(row.id)) {
        rounds.set(row.id, row);
        changed.add(row.id);
      }
      return { ok: true, value: row };
    } catch (error) {
      return { ok: false, error };
    }
  });
  if (!changed.size) return answers;

  const refOf = (row: repo.MultistepRow) => slipRef(row.member_id, row.idempotency_key);
  // The bonus side after the round locks, before the accounts (the documented lock order).
  const bonuses = finished.length
    ? await lockDeferred(trx, batch.merchantId, [...new Set(finished.map(({ row }) => refOf(row)))])
    : null;
  const spendable = finished.length
    ? await lockSpendable(trx, [
        ...new Set([
          ...finished.flatMap(({ action, row }) => [action.mainAccountId, batch.house(row.currency)]),
          ...(bonuses?.accountIds() ?? []),
        ]),
      ])
    : new Map<bigint, bigint>();
  // In finish order: each win, then its round's bonus moves (the running balances follow them).
  const requests: TransferRequest[] = [];
  const winSlots = new Map<repo.MultistepRow, number>();
  const copies = finished.map(({ action, row, played, multiplier }): repo.Finished => {
    if (row.payout_minor > 0n) {
      winSlots.set(row, requests.length);
      requests.push({
        merchantId: row.merchant_id,
        currency: row.currency,
        metadata: { game: row.game, nonce: Number(row.nonce) },
        idempotencyKey: `multistep:${row.member_id}:${row.id}:win`,
        code: 'win',
        debitAccountId: batch.house(row.currency),
        creditAccountId: action.mainAccountId,
        amountMinor: row.payout_minor,
      });
    }
    spendable.set(action.mainAccountId, spendable.get(action.mainAccountId)! + row.payout_minor);
    const ref = refOf(row);
    if (bonuses?.has(ref))
      requests.push(
        ...bonuses.payout(ref, row.stake_minor, row.payout_minor, `multistep:${row.id}`, spendable),
      );
    return {
      row,
      params: { ...row.params, moves: row.moves },
      outcome: played.outcome(),
      multiplier,
      balanceAfter: spendable.get(action.mainAccountId)!,
    };
  });
  const paid = await postDecided(trx, requests);
  // Set on the answered row itself: a finished round changes no further in the batch.
  for (const [row, slot] of winSlots) row.payout_transfer_id = paid[slot]!;
  await bonuses?.write(trx);
  await repo.saveRounds(
    trx,
    [...changed].map((id) => rounds.get(id)!),
  );
  await repo.copyToRecall(trx, copies);
  await closeRecords(
    trx,
    batch.merchantId,
    ORIGINALS_SOURCE,
    finished.map(({ row }) => ({
      sourceRef: String(row.id),
      payoutMinor: row.payout_minor,
      status: 'settled',
    })),
    at,
  );
  return answers;
}
