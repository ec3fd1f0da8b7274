import { type Kysely, sql } from 'kysely';

/**
 * Batch posting for the ledger's hot paths (modules/ledger transferBatch): one call posts up to a
 * few hundred transfers in one transaction and one round trip. The loop runs inside PostgreSQL, so
 * its statements are planned once per connection and no item pays a network round trip; measured
 * against the alternatives in ledger.service.ts.
 *
 * Rules are those of the single-transfer statement: every account involved is locked up front in
 * id order (no deadlocks with other writers, who lock in the same order), then each item is checked
 * on the locked rows (merchant, currency, spendable funds) before anything is written, so a refused
 * item writes nothing and its neighbours still post. A repeated idempotency key inserts nothing and
 * reports the earlier transfer; the caller compares it with the request.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(FUNCTION).execute(db);
}

const FUNCTION = `
create or replace function ledger_post_batch(p_merchant uuid, p_items jsonb)
returns table (o_idx int, o_outcome text, o_transfer_id bigint)
language plpgsql as $$
declare
  it record;
  d ledger_accounts%rowtype;
  c ledger_accounts%rowtype;
  new_id bigint;
begin
  perform 1 from ledger_accounts a
  where a.id in (select (x->>'debit')::bigint from jsonb_array_elements(p_items) x
                 union select (x->>'credit')::bigint from jsonb_array_elements(p_items) x)
  order by a.id for update;
  for it in
    select (e.ord - 1)::int as i, e.x->>'key' as key, e.x->>'code' as code, (e.x->>'debit')::bigint as debit,
      (e.x->>'credit')::bigint as credit, (e.x->>'amount')::bigint as amount, e.x->>'currency' as currency,
      coalesce(e.x->'metadata', '{}'::jsonb) as metadata
    from jsonb_array_elements(p_items) with ordinality as e(x, ord) order by e.ord
  loop
    o_idx := it.i;
    o_outcome := null;
    o_transfer_id := null;
    new_id := null;
    select * into d from ledger_accounts a where a.id = it.debit;
    select * into c from ledger_accounts a where a.id = it.credit;
    if d.id is null or c.id is null or d.merchant_id <> p_merchant or c.merchant_id <> p_merchant then
      o_outcome := 'not_found';
    elsif d.currency <> it.currency or c.currency <> it.currency then
      o_outcome := 'currency';
    elsif not d.allow_negative and d.balance_minor - d.pending_minor < it.amount then
      o_outcome := 'insufficient';
    else
      insert into ledger_transfers (merchant_id, idempotency_key, code, debit_account_id, credit_account_id, amount_minor, currency, status, metadata)
      values (p_merchant, it.key, it.code, it.debit, it.credit, it.amount, it.currency, 'posted', it.metadata)
      on conflict (merchant_id, idempotency_key) do nothing
      returning id into new_id;
      if new_id is not null then
        update ledger_accounts set balance_minor = balance_minor - it.amount, version = version + 1 where id = it.debit;
        update ledger_accounts set balance_minor = balance_minor + it.amount, version = version + 1 where id = it.credit;
        insert into ledger_entries (transfer_id, account_id, amount_minor, created_at)
        values (new_id, it.debit, -it.amount, now()), (new_id, it.credit, it.amount, now());
        o_outcome := 'ok';
        o_transfer_id := new_id;
      end if;
    end if;
    if new_id is null then
      -- Refused or repeated: an earlier transfer under the same key is the answer either way.
      select t.id into o_transfer_id from ledger_transfers t where t.merchant_id = p_merchant and t.idempotency_key = it.key;
      if o_transfer_id is not null then o_outcome := 'duplicate'; end if;
    end if;
    return next;
  end loop;
end
$$`;
