import type { SeedContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import { blankMemberDraft, createMember, findMemberByAccount, type MemberDraft } from '../members/index.ts';
import { findMerchantForSeed } from './agents.repository.ts';

/** Demo agent whose invitation code DEMO lets a visitor try the affiliate sign-up journey. */
export const DEMO_AGENT = { account: 'demoagent', password: 'agent123', affiliateCode: 'DEMO' } as const;
/** Demo player in the demo agent's downline, so the agent centre has a team from the first start. */
export const DEMO_PLAYER = { account: 'demoplayer', password: 'player123' } as const;

/**
 * Idempotent: adds the demo agent and the demo player to the demo merchant once, and prints the
 * demo logins at every start so a new user finds them in the console.
 */
export async function seedDemoAgent(ctx: SeedContext): Promise<void> {
  const merchant = await findMerchantForSeed(ctx.db, ctx.config.DEFAULT_MERCHANT);
  if (!merchant) return;
  let agent = await findMemberByAccount(ctx.db, merchant.id, DEMO_AGENT.account);
  if (!agent) {
    agent = await createMember(ctx.db, {
      ...seedDraft(ctx, merchant, DEMO_AGENT.account, 'Demo agent', await hashPassword(DEMO_AGENT.password)),
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
        await hashPassword(DEMO_PLAYER.password),
      ),
      affiliate_code_used: DEMO_AGENT.affiliateCode,
      parent: agent,
    });
  }
  ctx.log.info(
    `demo logins on merchant "${ctx.config.DEFAULT_MERCHANT}": player ${DEMO_PLAYER.account} / ${DEMO_PLAYER.password}, ` +
      `agent ${DEMO_AGENT.account} / ${DEMO_AGENT.password} (invitation code ${DEMO_AGENT.affiliateCode})`,
  );
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
