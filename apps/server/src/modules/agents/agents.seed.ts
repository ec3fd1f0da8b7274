import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';
import type { Db } from '../../platform/database/database.ts';
import { hashPassword, matchesAnyPassword } from '../auth/index.ts';
import { blankMemberDraft, createMember, findMemberByAccount, type MemberDraft } from '../members/index.ts';
import { findMerchantForSeed } from './agents.repository.ts';

/** Demo agent whose invitation code DEMO lets a visitor try the affiliate sign-up journey. */
export const DEMO_AGENT = { account: 'demoagent', password: 'agent123', affiliateCode: 'DEMO' } as const;
/** Demo player in the demo agent's downline, so the agent centre has a team from the first start. */
export const DEMO_PLAYER = { account: 'demoplayer', password: 'player123' } as const;

/**
 * Idempotent: adds the demo agent and the demo player to the demo merchant once, and prints the
 * demo logins at every start so a new user finds them in the console. In production (SEED_DEMO=true
 * set explicitly) they never get the published passwords: each gets a random one, printed once
 * when the account is made.
 */
export async function seedDemoAgent(ctx: SeedContext): Promise<void> {
  const merchant = await findMerchantForSeed(ctx.db, ctx.config.DEFAULT_MERCHANT);
  if (!merchant) return;
  const production = ctx.config.NODE_ENV === 'production';
  const passwordFor = async (account: string, published: string) => {
    if (!production) return hashPassword(published);
    const password = randomBytes(12).toString('base64url');
    ctx.log.warn(`demo member "${account}" created with the password ${password} (shown once)`);
    return hashPassword(password);
  };
  let agent = await findMemberByAccount(ctx.db, merchant.id, DEMO_AGENT.account);
  if (!agent) {
    agent = await createMember(ctx.db, {
      ...seedDraft(
        ctx,
        merchant,
        DEMO_AGENT.account,
        'Demo agent',
        await passwordFor(DEMO_AGENT.account, DEMO_AGENT.password),
      ),
      type: 1,
      affiliate_code: DEMO_AGENT.affiliateCode,
    });
  }
  if (!(await findMemberByAccount(ctx.db, merchant.id, DEMO_PLAYER.account))) {
    await createMember(ctx.db, {
      ...seedDraft(
        ctx,
        merchant,
        DEMO_PLAYER.account,
        'Demo player',
        await passwordFor(DEMO_PLAYER.account, DEMO_PLAYER.password),
      ),
      affiliate_code_used: DEMO_AGENT.affiliateCode,
      parent: agent,
    });
  }
  if (production) return;
  ctx.log.info(
    `demo logins on merchant "${ctx.config.DEFAULT_MERCHANT}": player ${DEMO_PLAYER.account} / ${DEMO_PLAYER.password}, ` +
      `agent ${DEMO_AGENT.account} / ${DEMO_AGENT.password} (invitation code ${DEMO_AGENT.affiliateCode})`,
  );
}

/**
 * The seeded members (register_method 'SEED': the demo player and agent, on any merchant) whose
 * password is one of `passwords`. Members who registered themselves are not looked at: their
 * passwords are theirs, and there may be millions.
 */
export async function seededMembersWithKnownPasswords(
  db: Db,
  passwords: readonly string[],
): Promise<{ merchant: string; account: string }[]> {
  const { rows } = await sql<{ merchant: string; account: string; password_hash: string }>`
    select d.code as merchant, m.account, m.password_hash from members m join merchants d on d.id = m.merchant_id
    where m.register_method = 'SEED' order by d.code, m.account limit 100`.execute(db);
  const found: { merchant: string; account: string }[] = [];
  for (const row of rows) {
    if (await matchesAnyPassword(row.password_hash, passwords))
      found.push({ merchant: row.merchant, account: row.account });
  }
  return found;
}

function seedDraft(
  ctx: SeedContext,
  merchant: { id: string; currency: string },
  account: string,
  nickname: string,
  passwordHash: string,
): MemberDraft {
  const now = ctx.clock.now();
  const base = {
    merchant_id: merchant.id,
    account,
    password_hash: passwordHash,
    currency: merchant.currency,
  };
  return {
    ...blankMemberDraft({ ...base, register_method: 'SEED' }, now),
    nickname,
    first_login_done_at: now,
  };
}
