import type { AppContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import { createMember, findMemberByAccount } from '../members/index.ts';
import { findMerchantForSeed } from './agents.repository.ts';

/** Demo agent whose invitation code DEMO lets a visitor try the affiliate sign-up journey. */
export const DEMO_AGENT = { account: 'demoagent', password: 'agent123', affiliateCode: 'DEMO' } as const;

/** Idempotent: adds the demo agent to the demo merchant once. */
export async function seedDemoAgent(ctx: AppContext): Promise<void> {
  const merchant = await findMerchantForSeed(ctx.db, ctx.config.DEFAULT_MERCHANT);
  if (!merchant || (await findMemberByAccount(ctx.db, merchant.id, DEMO_AGENT.account))) return;
  const now = ctx.clock.now();
  await createMember(ctx.db, {
    merchant_id: merchant.id,
    account: DEMO_AGENT.account,
    password_hash: await hashPassword(DEMO_AGENT.password),
    payment_password_hash: null,
    type: 1,
    status: 'active',
    currency: merchant.currency,
    nickname: 'Demo agent',
    payee_name: null,
    email: null,
    country_dialing_code: null,
    mobile: null,
    id_number: null,
    birthday: null,
    recommender: null,
    referred_by: null,
    affiliate_code: DEMO_AGENT.affiliateCode,
    affiliate_code_used: null,
    age_confirmed_at: now,
    terms_accepted_at: now,
    register_ip: null,
    register_domain: null,
    register_url: null,
    register_method: 'SEED',
    password_changed_at: now,
    first_login_done_at: now,
    last_login_at: null,
    last_login_ip: null,
    created_at: now,
  });
}
