import { randomInt } from 'node:crypto';
import type {
  CreateDownlineRequest,
  DownlineKind,
  InviteLink,
  InviteRegistrationsResponse,
  PageQuery,
  TeamMember,
} from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { hashPassword } from '../auth/index.ts';
import { blankMemberDraft, createMember, findInviter, findMemberById } from '../members/index.ts';
import type { AgentCaller } from './team.service.ts';

/**
 * The registration centre (agent centre › Account): an agent creates direct downline accounts with a
 * password it sets, and invitation links — one per kind of account — whose registrations join its
 * team (registration resolves a link's code through members' `findInviter`).
 */

/** A downline agent is of its upline's own agent type (a line of 41 agents stays 41). */
const kindType = (kind: DownlineKind, agentType: number) => (kind === 'agent' ? agentType : 0);

async function agentOf(db: Db, caller: AgentCaller) {
  const agent = await findMemberById(db, caller.agentId);
  if (!agent || agent.merchant_id !== caller.merchantId) throw new AppError('UNAUTHENTICATED');
  return agent;
}

/**
 * Creates a direct downline player or agent. The account is the agent's to hand over: it is made
 * with the password the agent typed, confirmed on the member's behalf by the agent (as the demo seed
 * does), and marked as made by an agent (`register_method` 'AGENT').
 */
export async function createDownline(
  db: Db,
  caller: AgentCaller,
  input: CreateDownlineRequest,
  now: Date,
): Promise<TeamMember> {
  const agent = await agentOf(db, caller);
  const draft = blankMemberDraft(
    {
      merchant_id: caller.merchantId,
      account: input.account,
      password_hash: await hashPassword(input.password),
      currency: caller.currency,
      register_method: 'AGENT',
    },
    now,
  );
  const member = await createMember(db, { ...draft, type: kindType(input.kind, agent.type), parent: agent });
  return {
    id: member.id,
    account: member.account,
    type: member.type,
    isAgent: input.kind === 'agent',
    status: member.status,
    depth: 1,
    parentAccount: agent.account,
    balanceMinor: 0,
    registeredAt: member.created_at.toISOString(),
    lastLoginAt: null,
    teamSize: 0,
  };
}

/** Codes read aloud and typed from a phone: no 0/O or 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const MAX_CODE_ATTEMPTS = 5;
/** An agent keeps a handful of links, not thousands: the list is one bounded read. */
const MAX_LINKS_PER_AGENT = 50;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

interface LinkRow {
  id: string;
  code: string;
  account_kind: DownlineKind;
  created_at: Date;
  registrations: string;
}

const toLink = (r: LinkRow): InviteLink => ({
  id: r.id,
  code: r.code,
  kind: r.account_kind,
  createdAt: r.created_at.toISOString(),
  registrations: Number(r.registrations),
});

/** The agent's links, newest first, each with how many accounts registered through it. */
export async function listInviteLinks(db: Db, caller: AgentCaller): Promise<{ list: InviteLink[] }> {
  const { rows } = await sql<LinkRow>`
    select l.id, l.code, l.account_kind, l.created_at,
      (select count(*) from members m where m.parent_id = l.agent_id
        and lower(m.affiliate_code_used) = lower(l.code)) as registrations
    from agent_invite_links l
    where l.agent_id = ${caller.agentId} and l.merchant_id = ${caller.merchantId}
    order by l.created_at desc, l.id
    limit ${MAX_LINKS_PER_AGENT}`.execute(db);
  return { list: rows.map(toLink) };
}

/**
 * A new link of the kind asked. Its code must name nobody else (an agent's own affiliate code or
 * another link): the unique index settles races between links, the lookup the agents' own codes.
 */
export async function createInviteLink(
  db: Db,
  caller: AgentCaller,
  kind: DownlineKind,
  now: Date,
): Promise<InviteLink> {
  await agentOf(db, caller);
  const count = await sql<{ n: string }>`
    select count(*) as n from agent_invite_links where agent_id = ${caller.agentId}`.execute(db);
  if (Number(count.rows[0]!.n) >= MAX_LINKS_PER_AGENT)
    throw fieldErrors([{ field: 'kind', key: 'too_many', params: { max: MAX_LINKS_PER_AGENT } }]);
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const code = newCode();
    if (await findInviter(db, caller.merchantId, code)) continue;
    const { rows } = await sql<LinkRow>`
      insert into agent_invite_links (merchant_id, agent_id, code, account_kind, created_at)
      values (${caller.merchantId}, ${caller.agentId}, ${code}, ${kind}, ${now})
      on conflict do nothing
      returning id, code, account_kind, created_at, 0 as registrations`.execute(db);
    if (rows[0]) return toLink(rows[0]);
  }
  throw new Error('could not allocate a unique invitation code');
}

/** Who registered through one of the agent's links; another agent's link is not found. */
export async function inviteRegistrations(
  db: Db,
  caller: AgentCaller,
  linkId: string,
  page: PageQuery,
): Promise<InviteRegistrationsResponse> {
  const { rows: links } = await sql<{ code: string }>`
    select code from agent_invite_links
    where id = ${linkId} and agent_id = ${caller.agentId} and merchant_id = ${caller.merchantId}`.execute(db);
  const link = links[0];
  if (!link) throw new AppError('AGENT_INVITE_NOT_FOUND');
  const { rows } = await sql<{ id: string; account: string; type: number; created_at: Date; total: string }>`
    select id, account, type, created_at, count(*) over () as total from members
    where parent_id = ${caller.agentId} and lower(affiliate_code_used) = ${link.code.toLowerCase()}
    order by created_at desc, id
    limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: r.account,
      type: r.type,
      registeredAt: r.created_at.toISOString(),
    })),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    total,
    totalPages: Math.ceil(total / page.pageSize),
  };
}
