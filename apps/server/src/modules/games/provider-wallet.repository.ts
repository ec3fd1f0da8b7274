import { type Selectable, sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { GameRollbacksTable } from './games.tables.ts';

/** A vendor's credentials at a merchant named by its code (vendors call a per-merchant address). */
export async function findCredential(db: Db, merchantCode: string, vendor: string) {
  return db
    .selectFrom('game_vendor_credentials')
    .innerJoin('merchants', 'merchants.id', 'game_vendor_credentials.merchant_id')
    .select(['game_vendor_credentials.merchant_id', 'secret', 'enabled'])
    .where('merchants.code', '=', merchantCode)
    .where('vendor', '=', vendor)
    .executeTakeFirst();
}

/** The member with its main account id when it exists: one read for a cold player on the bet path. */
export async function findPlayer(db: Db, memberId: string) {
  return db
    .selectFrom('members as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join
        .onRef('a.owner_id', '=', 'm.id')
        .onRef('a.merchant_id', '=', 'm.merchant_id')
        .onRef('a.currency', '=', 'm.currency')
        .on('a.kind', '=', 'main'),
    )
    .select(['m.id', 'm.merchant_id', 'm.currency', 'm.status', 'm.type', 'a.id as main_account_id'])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
}

/** Records the nonces; answers which were new. A nonce seen before (or twice in the list) is a replay. */
export async function insertNonces(
  db: Db,
  merchantId: string,
  calls: { vendor: string; nonce: string }[],
): Promise<Set<string>> {
  const { rows } = await sql<{ vendor: string; nonce: string }>`
    insert into provider_nonces (merchant_id, vendor, nonce)
    select ${merchantId}::uuid, v, n from unnest(${calls.map((c) => c.vendor)}::text[], ${calls.map((c) => c.nonce)}::text[]) as x(v, n)
    on conflict do nothing
    returning vendor, nonce`.execute(db);
  return new Set(rows.map((r) => `${r.vendor}:${r.nonce}`));
}

export interface NewBet {
  memberId: string;
  vendor: string;
  roundId: string;
  txnId: string;
  gameCode: string | null;
  stakeMinor: bigint;
  currency: string;
  transferId: bigint;
  balanceAfterMinor: bigint;
}

export interface BetRow {
  id: bigint;
  member_id: string;
  vendor: string;
  txn_id: string;
  round_id: string;
  stake_minor: bigint;
  balance_after_minor: bigint;
}

/**
 * The stored bets for these vendor transaction ids (the vendor-level idempotency record). Lateral, so
 * each key is one probe of the unique index whatever the planner guesses about the list's length.
 */
export const findBets = (db: Db, merchantId: string, keys: TxnKey[]) =>
  findByTxn<BetRow>(db, 'game_bets', merchantId, keys);

export interface TxnKey {
  vendor: string;
  txnId: string;
}

/**
 * The rows of a table of vendor calls (bets, credits, rollbacks) stored under these vendor txn ids.
 * Lateral, so each key is one probe of the unique index whatever the planner guesses about the list.
 */
export async function findByTxn<Row>(
  db: Db,
  table: 'game_bets' | 'game_credits' | 'game_rollbacks',
  merchantId: string,
  keys: TxnKey[],
): Promise<Row[]> {
  if (!keys.length) return [];
  const { rows } = await sql<Row>`
    select g.* from unnest(${keys.map((k) => k.vendor)}::text[], ${keys.map((k) => k.txnId)}::text[]) as k(vendor, txn_id)
    cross join lateral (
      select * from ${sql.table(table)} t where t.merchant_id = ${merchantId}::uuid and t.vendor = k.vendor and t.txn_id = k.txn_id
    ) g`.execute(db);
  return rows;
}

/**
 * Inserts the bets (a repeated vendor txn id inserts nothing) and returns every listed bet as stored,
 * with the ones this call inserted apart (their stakes go to the betting records). A repeat is rare
 * (a vendor's retry), so the stored rows are read only for the bets not inserted.
 */
export async function insertBets(
  db: Db,
  merchantId: string,
  bets: NewBet[],
): Promise<{ stored: BetRow[]; inserted: BetRow[] }> {
  if (!bets.length) return { stored: [], inserted: [] };
  const column = <T>(pick: (b: NewBet) => T) => bets.map(pick);
  const { rows } = await sql<BetRow>`
    insert into game_bets (merchant_id, member_id, vendor, round_id, txn_id, game_code, stake_minor, currency,
                           transfer_id, balance_after_minor)
    select ${merchantId}::uuid, m, v, r, t, g, s, c, tr, b
      from unnest(${column((b) => b.memberId)}::uuid[], ${column((b) => b.vendor)}::text[],
                  ${column((b) => b.roundId)}::text[], ${column((b) => b.txnId)}::text[],
                  ${column((b) => b.gameCode)}::text[], ${column((b) => String(b.stakeMinor))}::bigint[],
                  ${column((b) => b.currency)}::text[], ${column((b) => String(b.transferId))}::bigint[],
                  ${column((b) => String(b.balanceAfterMinor))}::bigint[]) as x(m, v, r, t, g, s, c, tr, b)
    on conflict (merchant_id, vendor, txn_id) do nothing
    returning id, member_id, vendor, txn_id, round_id, stake_minor, balance_after_minor`.execute(db);
  const inserted = new Set(rows.map((r) => `${r.vendor}:${r.txn_id}`));
  const repeats = bets.filter((b) => !inserted.has(`${b.vendor}:${b.txnId}`));
  if (!repeats.length) return { stored: rows, inserted: rows };
  const stored = await findBets(db, merchantId, repeats);
  return { stored: [...rows, ...stored], inserted: rows };
}

export interface RoundRow {
  vendor: string;
  round_id: string;
  member_id: string;
  game_code: string;
  category: string;
  currency: string;
  status: 'open' | 'ended';
  /** Opened by this statement (the round was not known before). */
  created: boolean;
}

export interface RoundToLock {
  vendor: string;
  roundId: string;
  memberId: string;
  gameCode: string;
  category: string;
  currency: string;
  /** False: a round not known yet is neither opened nor locked nor answered (a credit, a round end). */
  open?: boolean;
}

/**
 * Opens the rounds not yet known (those that may be opened) and locks every listed round's row until
 * the batch commits: the debits, credits, rollbacks and round ends of one round take that lock first,
 * so a rollback and its late debit, or an end round and a debit, never pass each other. Sorted, and
 * one statement whatever the batch's kinds, so two batches sharing rounds lock them in the same order.
 * The keys must be distinct (one upsert cannot touch a row twice).
 */
export async function lockRounds(db: Db, merchantId: string, rounds: RoundToLock[]): Promise<RoundRow[]> {
  if (!rounds.length) return [];
  const sorted = [...rounds].sort((a, b) =>
    a.vendor === b.vendor ? (a.roundId < b.roundId ? -1 : 1) : a.vendor < b.vendor ? -1 : 1,
  );
  const column = (pick: (r: RoundToLock) => string) => sorted.map(pick);
  const { rows } = await sql<RoundRow>`
    insert into game_rounds (merchant_id, vendor, round_id, member_id, game_code, category, currency)
    select ${merchantId}::uuid, v, r, m, g, ca, cu
      from unnest(${column((r) => r.vendor)}::text[], ${column((r) => r.roundId)}::text[],
                  ${column((r) => r.memberId)}::uuid[], ${column((r) => r.gameCode)}::text[],
                  ${column((r) => r.category)}::text[], ${column((r) => r.currency)}::text[],
                  ${sorted.map((r) => r.open !== false)}::boolean[])
        with ordinality as x(v, r, m, g, ca, cu, o, n)
     where o or exists (select 1 from game_rounds e
                         where e.merchant_id = ${merchantId}::uuid and e.vendor = x.v and e.round_id = x.r)
     order by n
    -- A round opened by an early rollback knows no game yet: its first debit names it.
    on conflict (merchant_id, vendor, round_id) do update set
      game_code = case when game_rounds.game_code = '' then excluded.game_code else game_rounds.game_code end,
      category = case when game_rounds.game_code = '' then excluded.category else game_rounds.category end
    returning vendor, round_id, member_id, game_code, category, currency, status, (xmax = 0) as created`.execute(
    db,
  );
  return rows;
}

export type RollbackRow = Omit<Selectable<GameRollbacksTable>, 'merchant_id' | 'created_at'>;

/** The rollbacks of these debit txn ids (recorded before or after their debits came). */
export const findRollbacks = (db: Db, merchantId: string, keys: TxnKey[]) =>
  findByTxn<RollbackRow>(db, 'game_rollbacks', merchantId, keys);

/** Spendable balance of one account now (used when a batch answer did not carry it). */
export async function spendable(db: Db, accountId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['balance_minor', 'pending_minor'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor - row.pending_minor;
}

/** Deletes nonces past the replay window, a bounded number per call. */
export async function purgeNonces(db: Db, before: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from provider_nonces where ctid in (select ctid from provider_nonces where seen_at < ${before} limit ${limit})`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}
