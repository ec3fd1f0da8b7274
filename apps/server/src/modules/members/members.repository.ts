import type { Insertable, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import type { MembersTable } from './members.tables.ts';

export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
type Executor = Db | Transaction<Database>;

/** Which unique rule an insert broke, read from PostgreSQL's constraint name. */
export type UniqueViolation = 'account' | 'mobile' | 'referral_code' | 'affiliate_code' | 'other';

export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  const e = error as { code?: string; constraint?: string };
  if (e?.code !== '23505') return undefined;
  if (e.constraint === 'members_account') return 'account';
  if (e.constraint === 'members_mobile') return 'mobile';
  if (e.constraint === 'members_referral_code_key') return 'referral_code';
  if (e.constraint === 'members_affiliate_code') return 'affiliate_code';
  return 'other';
}

export async function insertMember(db: Executor, member: NewMember): Promise<MemberRow> {
  return db.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
}

export async function findMemberById(db: Executor, id: string): Promise<MemberRow | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMemberByAccount(
  db: Executor,
  merchantId: string,
  account: string,
): Promise<MemberRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .executeTakeFirst();
}

export async function findMemberByMobile(
  db: Executor,
  merchantId: string,
  dialingCode: string,
  mobile: string,
) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('country_dialing_code', '=', dialingCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

/** Agents only (types 1, 2, 41, 42): their code is what a registration's affiliateCode names. */
export async function findAgentByAffiliateCode(db: Executor, merchantId: string, code: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where(sql<string>`lower(affiliate_code)`, '=', code.toLowerCase())
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * The agent an invitation code names, and the kind of account it makes: the agent's own affiliate
 * code makes a player; one of its invitation links (agent centre › registration centre, table
 * `agent_invite_links`) makes what the link was made for. Only an active agent's codes count.
 */
export async function findInviter(
  db: Executor,
  merchantId: string,
  code: string,
): Promise<{ agent: MemberRow; kind: 'player' | 'agent' } | undefined> {
  const own = await findAgentByAffiliateCode(db, merchantId, code);
  if (own) return { agent: own, kind: 'player' };
  const { rows } = await sql<{ agent_id: string; account_kind: 'player' | 'agent' }>`
    select agent_id, account_kind from agent_invite_links
    where merchant_id = ${merchantId} and lower(code) = ${code.toLowerCase()}`.execute(db);
  const link = rows[0];
  if (!link) return undefined;
  const agent = await db
    .selectFrom('members')
    .selectAll()
    .where('id', '=', link.agent_id)
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();
  return agent ? { agent, kind: link.account_kind } : undefined;
}

export async function findMemberByReferralCode(db: Executor, merchantId: string, code: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('referral_code', '=', code.toUpperCase())
    .where('type', '!=', 4)
    .executeTakeFirst();
}

export async function updatePassword(
  db: Executor,
  id: string,
  hash: string,
  changedAt: Date,
  mustChange: boolean,
) {
  await db
    .updateTable('members')
    .set({ password_hash: hash, password_changed_at: changedAt, must_change_password: mustChange })
    .where('id', '=', id)
    .execute();
}

export async function recordLogin(db: Executor, id: string, at: Date, ip: string) {
  await db
    .updateTable('members')
    .set({ last_login_at: at, last_login_ip: ip })
    .where('id', '=', id)
    .execute();
}

/** Returns true only for the call that actually marked it, so the action runs once. */
export async function markFirstLoginDone(db: Executor, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ first_login_done_at: at })
    .where('id', '=', id)
    .where('first_login_done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setMustChangePassword(db: Executor, id: string, value: boolean) {
  await db.updateTable('members').set({ must_change_password: value }).where('id', '=', id).execute();
}

export async function findMemberByAccountAndEmail(
  db: Executor,
  merchantId: string,
  account: string,
  email: string,
) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where(sql<string>`lower(account)`, '=', account.toLowerCase())
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('type', '!=', 4)
    .executeTakeFirst();
}
