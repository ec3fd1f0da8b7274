import type { ProviderDebitAnswer, ProviderDebitRequest } from '@sorte/contracts';
import type { Settled } from '../../platform/batching/group-commit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type Batch, betPath, lockSpendable, transferInOrder } from '../bets/index.ts';
import { type BatchBonuses, type BonusPlan, lockBonuses } from '../bonuses/index.ts';
import { memberAccountId, type TransferRequest } from '../ledger/index.ts';
import { recordBets } from '../records/index.ts';
import {
  answerStored,
  conflict,
  lockCallRounds,
  openCalls,
  refuseReplays,
  roundKey,
  txnKey,
  vendorSettleRef,
} from './provider-batch.ts';
import * as repo from './provider-wallet.repository.ts';
import { checkProviderSignature } from './provider-signature.ts';
import { categoryOfGame, findVendorSession, hashVendorToken } from './vendor-sessions.ts';

/**
 * Lookups cached in process, so the bet path reads nothing before its batch: credentials for 30 s,
 * players for 10 s (a disabled player can still bet for up to 10 s — the price of not reading the
 * member row on every bet). Bounded: a full cache is dropped and refilled.
 */
const CREDENTIAL_TTL_MS = 30_000;
const PLAYER_TTL_MS = 10_000;
const MAX_CACHED = 50_000;

interface Cached<T> {
  value: T;
  expiresAt: number;
}
export interface Player {
  memberId: string;
  merchantId: string;
  currency: string;
  active: boolean;
  mainAccountId: bigint;
}

export interface ProviderCall {
  merchantCode: string;
  vendor: string;
  headers: { timestamp?: string; nonce?: string; signature?: string };
  rawBody: Buffer;
}

/** The answer as the server holds it: money stays bigint until the JSON serializer writes it. */
export type DebitAnswer = Omit<ProviderDebitAnswer, 'balanceMinor'> & { balanceMinor: bigint };

interface DebitItem {
  merchantId: string;
  vendor: string;
  nonce: string;
  player: Player;
  request: ProviderDebitRequest;
  /** Filed on the round's betting record when this debit opens the round. */
  category: string;
  at: Date;
}

export interface ProviderWallet {
  /**
   * Checks the vendor's credentials and the call's signature and clock; answers the merchant's id.
   * Every call goes through it; the nonce is claimed by the call itself (the debit with its batch,
   * the others with `claimNonce` before they start).
   */
  authenticate(call: ProviderCall): Promise<string>;
  /** The merchant's active player with this id and currency; throws the vendor-facing codes. */
  player(merchantId: string, memberId: string, currency: string): Promise<Player>;
  /** Takes the stake of a call that `authenticate` has accepted for the merchant. */
  debit(merchantId: string, call: ProviderCall, request: ProviderDebitRequest): Promise<DebitAnswer>;
}

export function createProviderWallet(ctx: AppContext): ProviderWallet {
  const credentials = new Map<
    string,
    Cached<{ merchantId: string; secret: string; enabled: boolean } | null>
  >();
  const players = new Map<string, Cached<Player | null>>();
  const categories = new Map<string, Cached<string>>();
  const sessions = new Map<string, Cached<{ memberId: string; expiresAt: number } | null>>();
  async function cached<T>(cache: Map<string, Cached<T>>, key: string, ttl: number, load: () => Promise<T>) {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (cache.size >= MAX_CACHED) cache.clear();
    const value = await load();
    cache.set(key, { value, expiresAt: now + ttl });
    return value;
  }

  async function authenticate(call: ProviderCall): Promise<string> {
    const credential = await cached(
      credentials,
      `${call.merchantCode}:${call.vendor}`,
      CREDENTIAL_TTL_MS,
      async () => {
        const row = await repo.findCredential(ctx.db, call.merchantCode, call.vendor);
        return row ? { merchantId: row.merchant_id, secret: row.secret, enabled: row.enabled } : null;
      },
    );
    if (!credential?.enabled) throw new AppError('PROVIDER_UNKNOWN_VENDOR');
    const problem = checkProviderSignature(
      credential.secret,
      call.headers,
      call.rawBody,
      ctx.clock.now().getTime(),
    );
    if (problem) throw new AppError(problem);
    return credential.merchantId;
  }

  async function playerFor(merchantId: string, memberId: string): Promise<Player> {
    const player = await cached(players, memberId, PLAYER_TTL_MS, async () => {
      const row = await repo.findPlayer(ctx.db, memberId);
      if (!row) return null;
      return {
        memberId,
        merchantId: row.merchant_id,
        currency: row.currency,
        // Trial (free-play) accounts never bet real money through a vendor.
        active: row.status === 'active' && row.type !== 4,
        mainAccountId:
          row.main_account_id ??
          (await memberAccountId(ctx.db, memberId, row.merchant_id, 'main', row.currency)),
      };
    });
    // Another merchant's player is as unknown as a made-up id.
    if (!player || player.merchantId !== merchantId) throw new AppError('PROVIDER_UNKNOWN_PLAYER');
    if (!player.active) throw new AppError('PROVIDER_PLAYER_DISABLED');
    return player;
  }

  /** A debit sent with its session's token: refused once the session expired (its row cached 10 s). */
  async function checkSession(merchantId: string, vendor: string, request: ProviderDebitRequest) {
    const token = request.token!;
    const session = await cached(
      sessions,
      `${merchantId}:${vendor}:${hashVendorToken(token)}`,
      PLAYER_TTL_MS,
      async () => {
        const row = await findVendorSession(ctx.db, merchantId, vendor, token);
        return row ? { memberId: row.member_id, expiresAt: row.expires_at.getTime() } : null;
      },
    );
    if (!session || session.memberId !== request.playerId) throw new AppError('PROVIDER_TOKEN_INVALID');
    if (session.expiresAt <= ctx.clock.now().getTime()) throw new AppError('PROVIDER_TOKEN_EXPIRED');
  }

  async function player(merchantId: string, memberId: string, currency: string): Promise<Player> {
    const found = await playerFor(merchantId, memberId);
    if (currency !== found.currency) throw new AppError('LEDGER_CURRENCY_MISMATCH');
    return found;
  }

  return {
    authenticate,
    player,
    async debit(merchantId, call, request) {
      const found = await player(merchantId, request.playerId, request.currency);
      if (request.token !== undefined) await checkSession(merchantId, call.vendor, request);
      const gameCode = request.gameCode ?? '';
      const category = await cached(
        categories,
        `${merchantId}:${call.vendor}:${gameCode}`,
        CREDENTIAL_TTL_MS,
        () => categoryOfGame(ctx.db, merchantId, call.vendor, gameCode),
      );
      return vendorDebits.submit(ctx.db, {
        merchantId,
        vendor: call.vendor,
        nonce: call.headers.nonce!,
        player: found,
        request,
        category,
        at: ctx.clock.now(),
      });
    },
  };
}

/**
 * Vendor debits on the bet path (modules/bets): one transfer a debit, so a batch is up to the ledger's
 * batch; four batches in flight per merchant, each on its own house shard (measured best on 2
 * cores, bench/wallet). Players are the only rows two batches may share.
 */
const vendorDebits = betPath<DebitItem, DebitAnswer>(postDebits, {
  currencies: (item) => [item.player.currency],
});

/**
 * One batch of bets in ONE transaction: record the nonces (a repeated one is a replay and moves
 * nothing), open and lock the rounds (refusing ended rounds and rolled-back txn ids), post the
 * stakes through the ledger's batch (each refused on its own), write a bet row for each posted stake
 * and add it to its round's betting record, and answer each call — a retried txn id gets the answer
 * stored with its bet.
 */
async function postDebits(trx: Db, items: DebitItem[], batch: Batch): Promise<Settled<DebitAnswer>[]> {
  const merchantId = batch.merchantId;
  const answers = await refuseReplays<DebitAnswer>(trx, merchantId, items);
  // A vendor's retry is answered from the bet it already placed, whichever house shard that took.
  await answerRetries(trx, merchantId, items, answers);
  const rounds = await refuseClosedRounds(trx, merchantId, items, answers);
  const bonuses = await placeBonusSides(trx, batch, items, answers);
  const live = openCalls(items, answers);
  const requests: TransferRequest[] = [];
  // Where each stake sits among the requests (a bonus member's comes after its bonus draw).
  const slots = live.map(({ item, i }) => {
    const plan = bonuses?.plans.get(i);
    if (plan) requests.push(...bonuses!.side.around(plan).before);
    requests.push(stakeTransfer(item, batch.house(item.player.currency)));
    return requests.length - 1;
  });
  const posted = await transferInOrder(trx, requests);
  if (bonuses && posted.some((r, n) => !r.ok && !slots.includes(n)))
    throw new Error('games: the ledger refused a bonus draw decided on locked rows');
  const results = slots.map((n) => posted[n]!);
  const bets: repo.NewBet[] = [];
  const racing: number[] = [];
  for (const [n, { item, i }] of live.entries()) {
    const result = results[n]!;
    if (!result.ok && bonuses?.plans.has(i) && result.code !== 'LEDGER_IDEMPOTENCY_CONFLICT')
      throw new Error(
        `games: the ledger refused a bonus member's stake decided on locked rows (${result.code})`,
      );
    if (!result.ok && result.code === 'LEDGER_IDEMPOTENCY_CONFLICT') {
      // A twin in a batch that committed meanwhile (another shard): its bet row is visible now.
      racing.push(i);
      continue;
    }
    if (!result.ok) {
      const balanceMinor =
        result.debitSpendableMinor ?? (await repo.spendable(trx, item.player.mainAccountId));
      answers[i] = { ok: false, error: new AppError(result.code, { balanceMinor: Number(balanceMinor) }) };
      continue;
    }
    bets.push({
      memberId: item.player.memberId,
      vendor: item.vendor,
      roundId: item.request.roundId,
      txnId: item.request.txnId,
      gameCode: item.request.gameCode ?? null,
      stakeMinor: BigInt(item.request.amountMinor),
      currency: item.request.currency,
      transferId: result.transfer.id,
      balanceAfterMinor: result.debitSpendableMinor ?? (await repo.spendable(trx, item.player.mainAccountId)),
    });
  }
  const written = await repo.insertBets(trx, merchantId, bets);
  await bonuses?.side.write(trx);
  await recordStakes(trx, merchantId, items, rounds, written.inserted);
  const stored = new Map(written.stored.map((b) => [txnKey(b.vendor, b.txn_id), b]));
  for (const { item, i } of live) {
    if (answers[i] || racing.includes(i)) continue;
    answers[i] = answerFrom(item, stored.get(txnKey(item.vendor, item.request.txnId)));
  }
  await answerRetries(trx, merchantId, items, answers);
  return answers.map((a) => a ?? conflict());
}

/**
 * The bonus side of the batch's debits (modules/bonuses), after the round locks: the members' active
 * bonuses locked (one indexed read; null — nothing else done — when no member of the batch has one).
 * With bonus members: retries are answered again now that the rounds are held (a twin a batch that
 * held them committed is visible, so a bonus member's debit never races its twin into the ledger),
 * every account of the batch locked in id order (mains, bonus accounts, the house), and each bonus
 * member's debit decided on the running balances — max bet, cash first then bonus — with its slip
 * left open under its round (`vendor:<vendor>:<round>`) until a credit, rollback or end settles it
 * (provider-rounds.batch.ts). The other members' debits are left to the ledger's own funds check.
 */
async function placeBonusSides(
  trx: Db,
  batch: Batch,
  items: DebitItem[],
  answers: (Settled<DebitAnswer> | null)[],
): Promise<{ side: BatchBonuses; plans: Map<number, BonusPlan> } | null> {
  const members = [...new Set(openCalls(items, answers).map(({ item }) => item.player.memberId))];
  if (members.length === 0) return null;
  const side = await lockBonuses(trx, batch.merchantId, members);
  if (!side) return null;
  await answerRetries(trx, batch.merchantId, items, answers);
  const live = openCalls(items, answers);
  const spendable = await lockSpendable(trx, [
    ...new Set([
      ...live.flatMap(({ item }) => [item.player.mainAccountId, batch.house(item.player.currency)]),
      ...side.accountIds(),
    ]),
  ]);
  const plans = new Map<number, BonusPlan>();
  // A txn id repeated in the batch is placed once; its copies post the same stake key (moving nothing).
  const placed = new Set<string>();
  for (const { item, i } of live) {
    const txn = txnKey(item.vendor, item.request.txnId);
    if (!side.has(item.player.memberId) || placed.has(txn)) continue;
    placed.add(txn);
    try {
      plans.set(
        i,
        side.place(
          item.player.memberId,
          {
            betRef: `vendor:${txn}`,
            settleRef: vendorSettleRef(item.vendor, item.request.roundId),
            category: item.category,
            stakeMinor: BigInt(item.request.amountMinor),
          },
          spendable,
        ),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const balanceMinor = spendable.get(item.player.mainAccountId) ?? 0n;
      answers[i] = {
        ok: false,
        error: new AppError(error.code, { ...error.details, balanceMinor: Number(balanceMinor) }),
      };
    }
  }
  return { side, plans };
}

/**
 * Opens and locks the rounds of the calls still unanswered, and refuses the debits that may not be
 * taken: its round ended, the round is another player's or currency, or its txn id was rolled back
 * (possibly before it came). The round locks keep those facts true until the batch commits.
 */
async function refuseClosedRounds(
  db: Db,
  merchantId: string,
  items: DebitItem[],
  answers: (Settled<DebitAnswer> | null)[],
): Promise<Map<string, repo.RoundRow>> {
  const open = openCalls(items, answers);
  const rounds = await lockCallRounds(db, merchantId, items, answers, (item) => ({
    vendor: item.vendor,
    roundId: item.request.roundId,
    memberId: item.player.memberId,
    gameCode: item.request.gameCode ?? '',
    category: item.category,
    currency: item.request.currency,
  }));
  // Its own statement, after the locks: its snapshot is taken after any wait for a round's lock, so
  // it sees a rollback committed meanwhile (one statement with the upsert would not).
  const rolledBack = new Set(
    (
      await repo.findRollbacks(
        db,
        merchantId,
        open.map(({ item }) => ({ vendor: item.vendor, txnId: item.request.txnId })),
      )
    ).map((r) => txnKey(r.vendor, r.txn_id)),
  );
  for (const { item, i } of open) {
    const round = rounds.get(roundKey(item.vendor, item.request.roundId))!;
    if (round.member_id !== item.player.memberId || round.currency !== item.request.currency)
      answers[i] = { ok: false, error: new AppError('PROVIDER_ROUND_MISMATCH') };
    else if (rolledBack.has(txnKey(item.vendor, item.request.txnId)))
      answers[i] = { ok: false, error: new AppError('PROVIDER_TXN_ROLLED_BACK') };
    else if (round.status === 'ended')
      answers[i] = { ok: false, error: new AppError('PROVIDER_ROUND_ENDED') };
  }
  return rounds;
}

/** The stakes this batch took, added to their rounds' betting records (one statement for the batch). */
async function recordStakes(
  db: Db,
  merchantId: string,
  items: DebitItem[],
  rounds: Map<string, repo.RoundRow>,
  inserted: repo.BetRow[],
): Promise<void> {
  const byTxn = new Map(items.map((item) => [txnKey(item.vendor, item.request.txnId), item]));
  await recordBets(
    db,
    inserted.map((bet) => {
      const item = byTxn.get(txnKey(bet.vendor, bet.txn_id))!;
      const round = rounds.get(roundKey(item.vendor, item.request.roundId))!;
      return {
        merchantId,
        memberId: bet.member_id,
        source: 'vendor',
        sourceRef: `${item.vendor}:${item.request.roundId}`,
        category: round.category,
        vendor: item.vendor,
        gameCode: round.game_code,
        currency: round.currency,
        stakeMinor: bet.stake_minor,
        at: item.at,
      };
    }),
  );
}

/** Answers, from the stored bets, the calls not yet answered whose txn id already has a bet. */
async function answerRetries(
  db: Db,
  merchantId: string,
  items: DebitItem[],
  answers: (Settled<DebitAnswer> | null)[],
): Promise<void> {
  const keys = openCalls(items, answers).map(({ item }) => ({
    vendor: item.vendor,
    txnId: item.request.txnId,
  }));
  const stored = new Map(
    (await repo.findBets(db, merchantId, keys)).map((b) => [txnKey(b.vendor, b.txn_id), b]),
  );
  answerStored(items, answers, stored, (item) => txnKey(item.vendor, item.request.txnId), answerFrom);
}

/** The stored answer when the bet is this call's (same player and stake); a reused txn id otherwise. */
function answerFrom(item: DebitItem, bet: repo.BetRow | undefined): Settled<DebitAnswer> {
  if (!bet || bet.member_id !== item.player.memberId || bet.stake_minor !== BigInt(item.request.amountMinor))
    return conflict();
  return {
    ok: true,
    value: {
      txnId: item.request.txnId,
      betId: String(bet.id),
      balanceMinor: bet.balance_after_minor,
      currency: item.request.currency,
    },
  };
}

function stakeTransfer(item: DebitItem, house: bigint): TransferRequest {
  return {
    merchantId: item.merchantId,
    idempotencyKey: `bet:${item.vendor}:${item.request.txnId}`,
    code: 'bet',
    debitAccountId: item.player.mainAccountId,
    creditAccountId: house,
    amountMinor: BigInt(item.request.amountMinor),
    currency: item.request.currency,
    // The game's code names it in the member's account records (ledger history joins the catalog).
    metadata: {
      vendor: item.vendor,
      roundId: item.request.roundId,
      ...(item.request.gameCode ? { game: item.request.gameCode } : {}),
    },
  };
}
