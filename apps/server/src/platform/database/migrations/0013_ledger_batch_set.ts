import { type Kysely, sql } from 'kysely';

/**
 * Set-based batch posting (modules/ledger transferBatch and the group committer). 0011's function
 * runs six statements per item; this one runs a fixed handful per batch whatever its size:
 *
 *   1. lock every account involved, in id order (the same order as every other writer: no deadlocks),
 *      and read them into arrays;
 *   2. find items whose idempotency key was used before (they are answered with that transfer);
 *   3. decide each item in request order in memory, on the locked balances — an accepted debit
 *      lowers what later items see, an accepted credit raises it, a refused item changes nothing;
 *   4. insert the accepted transfers and their two entries each;
 *   5. update each touched account once with its net change.
 *
 * Each answer carries the debit account's spendable balance right after the item (or, for a
 * refusal, what it had): a bet's reply needs the new balance, and this saves a read per bet.
 *
 * The decisions are exactly 0011's. Two cases it leaves to 0011's per-item loop, by raising
 * 'ledger_batch_fallback' before writing anything: one key twice in the same batch, and a key that
 * another transaction committed between step 2 and step 4 (then the insert skips a row the
 * decision counted). The caller retries those batches with ledger_post_batch.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
  await sql.raw(AUTO).execute(db);
}

/**
 * What the server calls: the set-based function, and on its fallback signal the per-item one, in
 * the same round trip. The exception block is a subtransaction inside PostgreSQL, so a fallback
 * undoes the set-based attempt without undoing the caller's own transaction, and costs no extra
 * round trips (a client-side savepoint took three).
 */
const AUTO = `
create or replace function ledger_post_batch_auto(
  p_merchant uuid, p_keys text[], p_codes text[], p_debits bigint[], p_credits bigint[],
  p_amounts bigint[], p_currencies text[], p_metadata jsonb)
returns table (o_idx int, o_outcome text, o_transfer_id bigint, o_debit_spendable bigint, o_created_at timestamptz)
language plpgsql as $$
begin
  begin
    return query select * from ledger_post_batch_set(p_merchant, p_keys, p_codes, p_debits, p_credits,
                                                     p_amounts, p_currencies, p_metadata);
  exception when raise_exception then
    if sqlerrm <> 'ledger_batch_fallback' then raise; end if;
    return query select b.o_idx, b.o_outcome, b.o_transfer_id, null::bigint, null::timestamptz
      from ledger_post_batch(p_merchant, (
        select jsonb_agg(jsonb_build_object('key', k.key, 'code', p_codes[k.i], 'debit', p_debits[k.i]::text,
                 'credit', p_credits[k.i]::text, 'amount', p_amounts[k.i]::text, 'currency', p_currencies[k.i],
                 'metadata', coalesce(p_metadata -> (k.i::int - 1), '{}'::jsonb)) order by k.i)
          from unnest(p_keys) with ordinality k(key, i))) b;
  end;
end
$$`;

const FUNCTION = `
create or replace function ledger_post_batch_set(
  p_merchant uuid, p_keys text[], p_codes text[], p_debits bigint[], p_credits bigint[],
  p_amounts bigint[], p_currencies text[], p_metadata jsonb)
returns table (o_idx int, o_outcome text, o_transfer_id bigint, o_debit_spendable bigint, o_created_at timestamptz)
language plpgsql as $$
declare
  n int := coalesce(array_length(p_keys, 1), 0);
  acc_ids bigint[];
  acc_merchants uuid[];
  acc_currencies text[];
  acc_spendable bigint[];
  acc_negative boolean[];
  outcomes text[] := array_fill(null::text, array[n]);
  ids bigint[] := array_fill(null::bigint, array[n]);
  spendable_after bigint[] := array_fill(null::bigint, array[n]);
  accepted int[] := '{}';
  pd int;
  pc int;
  inserted int;
  r record;
begin
  if n = 0 then return; end if;
  if (select count(distinct k) from unnest(p_keys) k) <> n then
    raise exception 'ledger_batch_fallback';
  end if;
  select array_agg(a.id order by a.id), array_agg(a.merchant_id order by a.id),
         array_agg(a.currency order by a.id), array_agg(a.balance_minor - a.pending_minor order by a.id),
         array_agg(a.allow_negative order by a.id)
    into acc_ids, acc_merchants, acc_currencies, acc_spendable, acc_negative
    from (select l.id, l.merchant_id, l.currency, l.balance_minor, l.pending_minor, l.allow_negative
            from ledger_accounts l where l.id = any(p_debits || p_credits) order by l.id for update) a;
  for r in select k.i::int as i, t.id from unnest(p_keys) with ordinality k(key, i)
             join ledger_transfers t on t.merchant_id = p_merchant and t.idempotency_key = k.key loop
    outcomes[r.i] := 'duplicate';
    ids[r.i] := r.id;
  end loop;
  for i in 1..n loop
    continue when outcomes[i] is not null;
    pd := array_position(acc_ids, p_debits[i]);
    pc := array_position(acc_ids, p_credits[i]);
    if pd is null or pc is null or acc_merchants[pd] <> p_merchant or acc_merchants[pc] <> p_merchant then
      outcomes[i] := 'not_found';
    elsif acc_currencies[pd] <> p_currencies[i] or acc_currencies[pc] <> p_currencies[i] then
      outcomes[i] := 'currency';
    elsif not acc_negative[pd] and acc_spendable[pd] < p_amounts[i] then
      outcomes[i] := 'insufficient';
      spendable_after[i] := acc_spendable[pd];
    else
      acc_spendable[pd] := acc_spendable[pd] - p_amounts[i];
      acc_spendable[pc] := acc_spendable[pc] + p_amounts[i];
      spendable_after[i] := acc_spendable[pd];
      outcomes[i] := 'ok';
      accepted := accepted || i;
    end if;
  end loop;
  if array_length(accepted, 1) is not null then
    with ins as (
      insert into ledger_transfers (merchant_id, idempotency_key, code, debit_account_id, credit_account_id,
                                    amount_minor, currency, status, metadata)
      select p_merchant, p_keys[i], p_codes[i], p_debits[i], p_credits[i], p_amounts[i], p_currencies[i], 'posted',
             coalesce(p_metadata -> (i - 1), '{}'::jsonb)
        from unnest(accepted) as i
      on conflict (merchant_id, idempotency_key) do nothing
      returning id, idempotency_key, debit_account_id, credit_account_id, amount_minor
    ), entries as (
      insert into ledger_entries (transfer_id, account_id, amount_minor, created_at)
      select id, debit_account_id, -amount_minor, now() from ins
      union all
      select id, credit_account_id, amount_minor, now() from ins
    )
    select count(*)::int, array_agg(ins.id order by k.i) into inserted, ids
      from ins join unnest(p_keys) with ordinality k(key, i) on k.key = ins.idempotency_key
      where k.i = any(accepted);
    if inserted <> array_length(accepted, 1) then
      raise exception 'ledger_batch_fallback';
    end if;
    update ledger_accounts a set balance_minor = a.balance_minor + d.delta, version = a.version + 1
      from (select acct, sum(delta) as delta from (
              select p_debits[i] as acct, -p_amounts[i] as delta from unnest(accepted) as i
              union all
              select p_credits[i], p_amounts[i] from unnest(accepted) as i) moves
            group by acct) d
      where a.id = d.acct and d.delta <> 0;
  end if;
  -- ids was rebuilt for the accepted items in order; put every item's answer back in its place.
  pd := 0;
  for i in 1..n loop
    o_idx := i - 1;
    o_outcome := outcomes[i];
    o_transfer_id := null;
    o_debit_spendable := spendable_after[i];
    o_created_at := case when outcomes[i] = 'ok' then now() end;
    if outcomes[i] = 'ok' then
      pd := pd + 1;
      o_transfer_id := ids[pd];
    elsif outcomes[i] = 'duplicate' then
      o_transfer_id := (select t.id from ledger_transfers t where t.merchant_id = p_merchant and t.idempotency_key = p_keys[i]);
    end if;
    return next;
  end loop;
end
$$`;
