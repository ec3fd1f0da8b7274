import type { Db } from '../../platform/database/database.ts';
import { isUuid } from '../../platform/http/ids.ts';

/**
 * The back office's read model of members and their cash orders: SQL over the members, deposits and
 * withdrawals tables, always within one merchant, so an operator never reaches another merchant's rows.
 */

/** Escapes LIKE wildcards, so a search for "a_b" finds that account and not "axb". */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function lookupQuery(db: Db, merchantId: string, q: string) {
  let query = db.selectFrom('members').where('merchant_id', '=', merchantId);
  if (q) {
    const lower = q.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['account']), 'like', likePrefix(lower)),
        eb('mobile', '=', q),
        eb(eb.fn('lower', ['email']), '=', lower),
        ...(isUuid(q) ? [eb('id', '=', q.toLowerCase())] : []),
      ]),
    );
  }
  return query;
}

export async function countMembers(db: Db, merchantId: string, q: string): Promise<number> {
  const row = await lookupQuery(db, merchantId, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findMembers(db: Db, merchantId: string, q: string, limit: number, offset: number) {
  return lookupQuery(db, merchantId, q)
    .select([
      'id',
      'account',
      'type',
      'status',
      'payee_name',
      'mobile',
      'email',
      'created_at',
      'last_login_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A member of this merchant, with the upline's account; undefined for another merchant's member. */
export function findMember(db: Db, merchantId: string, memberId: string) {
  if (!isUuid(memberId)) return Promise.resolve(undefined);
  return db
    .selectFrom('members as m')
    .leftJoin('members as up', 'up.id', 'm.parent_id')
    .select([
      'm.id',
      'm.account',
      'm.type',
      'm.status',
      'm.payee_name',
      'm.mobile',
      'm.email',
      'm.created_at',
      'm.last_login_at',
      'm.last_login_ip',
      'm.nickname',
      'm.currency',
      'up.account as upline_account',
    ])
    .where('m.merchant_id', '=', merchantId)
    .where('m.id', '=', memberId.toLowerCase())
    .executeTakeFirst();
}

/**
 * Money that reached the member (approved deposits) and that was paid out to them: every withdrawal an
 * operator approved, whether the member later confirmed receipt or disputed it.
 */
export async function cashTotals(db: Db, merchantId: string, memberId: string) {
  const [deposited, withdrawn] = await Promise.all([
    db
      .selectFrom('deposits')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.lit(0)).as('total'))
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.lit(0)).as('total'))
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('status', 'in', ['approved', 'received', 'not_received'])
      .executeTakeFirstOrThrow(),
  ]);
  return { deposited: BigInt(deposited.total), withdrawn: BigInt(withdrawn.total) };
}
