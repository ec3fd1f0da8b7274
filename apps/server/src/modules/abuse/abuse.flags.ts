import type { AbuseFlag, AbuseFlagQuery } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { ClaimMatch } from './abuse.claims.ts';

interface FlagRow {
  id: bigint;
  kind: AbuseFlag['kind'];
  outcome: AbuseFlag['outcome'];
  member_id: string;
  account: string;
  matches: ClaimMatch[];
  created_at: Date;
}

/** The merchant's flagged claims, newest first, with the accounts of every member involved. */
export async function flaggedClaims(
  db: Db,
  merchantId: string,
  query: AbuseFlagQuery,
): Promise<{ list: AbuseFlag[]; total: number }> {
  const where = sql.join(
    [
      sql`f.merchant_id = ${merchantId}`,
      ...(query.outcome ? [sql`f.outcome = ${query.outcome}`] : []),
      ...(query.kind ? [sql`f.kind = ${query.kind}`] : []),
      ...(query.account ? [sql`lower(m.account) = lower(${query.account})`] : []),
    ],
    sql` and `,
  );
  const offset = (query.pageNo - 1) * query.pageSize;
  const { rows } = await sql<FlagRow>`
    select f.id, f.kind, f.outcome, f.member_id, m.account, f.matches, f.created_at
      from abuse_flags f join members m on m.id = f.member_id
     where ${where} order by f.id desc limit ${query.pageSize} offset ${offset}`.execute(db);
  const { rows: count } = await sql<{ total: bigint }>`
    select count(*)::bigint as total from abuse_flags f join members m on m.id = f.member_id
     where ${where}`.execute(db);
  const others = [...new Set(rows.flatMap((r) => r.matches.map((m) => m.memberId)))];
  const accounts = new Map<string, string>();
  if (others.length > 0) {
    const { rows: named } = await sql<{ id: string; account: string }>`
      select id, account from members where merchant_id = ${merchantId}
         and id in (${sql.join(others.map((id) => sql`${id}::uuid`))})`.execute(db);
    for (const n of named) accounts.set(n.id, n.account);
  }
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      outcome: r.outcome,
      memberId: r.member_id,
      account: r.account,
      matches: r.matches.map((m) => ({ ...m, account: accounts.get(m.memberId) ?? '' })),
      createdAt: r.created_at.toISOString(),
    })),
    total: Number(count[0]?.total ?? 0n),
  };
}
