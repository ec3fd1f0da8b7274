import type { SeedContext } from '../../platform/context.ts';
import { hashPassword } from '../auth/index.ts';
import { memberAccountId, systemAccountId, transfer } from '../ledger/index.ts';
import {
  blankMemberDraft,
  createMember,
  findMemberByAccount,
  type MemberRow,
  recordLogin,
} from '../members/index.ts';
import { recordBet } from '../records/index.ts';
import { findMerchantForSeed } from './agents.repository.ts';
import { DEMO_AGENT } from './agents.seed.ts';

const DAY_MS = 86_400_000;

/**
 * The demo agent's team, so the agent centre looks like a working business in development: a
 * downline agent with three players of its own, and three more direct players, registered over the
 * last weeks, with balances and a few weeks of settled bets that the rollups pick up. The members
 * sign in with `player123` (the downline agent with `agent123`).
 */
const TEAM: {
  account: string;
  parent: 'agent' | 'sub';
  type: number;
  daysAgo: number;
  balanceMinor: bigint;
}[] = [
  { account: 'demosubagent', parent: 'agent', type: 1, daysAgo: 40, balanceMinor: 85_000n },
  { account: 'anasilva', parent: 'sub', type: 0, daysAgo: 33, balanceMinor: 12_450n },
  { account: 'brunocosta', parent: 'sub', type: 0, daysAgo: 21, balanceMinor: 3_200n },
  { account: 'carlamelo', parent: 'sub', type: 0, daysAgo: 6, balanceMinor: 50_000n },
  { account: 'joaopereira', parent: 'agent', type: 0, daysAgo: 28, balanceMinor: 27_800n },
  { account: 'mariasouza', parent: 'agent', type: 0, daysAgo: 12, balanceMinor: 9_990n },
  { account: 'pedrolima', parent: 'agent', type: 0, daysAgo: 0, balanceMinor: 0n },
];

const GAMES = [
  { category: 'INHOUSE', vendor: 'SORTE', gameCode: 'dice' },
  { category: 'INHOUSE', vendor: 'SORTE', gameCode: 'crash' },
  { category: 'LOTT', vendor: 'SORTE_LOTTO', gameCode: 'FAST3' },
  { category: 'RNG', vendor: 'sorte-ref', gameCode: 'coinflip' },
];

/**
 * Idempotent: a member is made once, and its bets and money only when it is made. Development only:
 * never in production, and not in tests, whose merchant figures (GGR, rollups) start from nothing.
 */
export async function seedDemoTeam(ctx: SeedContext): Promise<void> {
  if (ctx.config.NODE_ENV !== 'development') return;
  const merchant = await findMerchantForSeed(ctx.db, ctx.config.DEFAULT_MERCHANT);
  if (!merchant) return;
  const agent = await findMemberByAccount(ctx.db, merchant.id, DEMO_AGENT.account);
  if (!agent) return;
  const now = ctx.clock.now();
  const parents: Record<'agent' | 'sub', MemberRow> = { agent, sub: agent };
  for (const [index, entry] of TEAM.entries()) {
    const existing = await findMemberByAccount(ctx.db, merchant.id, entry.account);
    if (existing) {
      if (entry.account === 'demosubagent') parents.sub = existing;
      continue;
    }
    const joined = new Date(now.getTime() - entry.daysAgo * DAY_MS - index * 3_600_000);
    const password = entry.type === 0 ? 'player123' : DEMO_AGENT.password;
    const member = await createMember(ctx.db, {
      ...blankMemberDraft(
        {
          merchant_id: merchant.id,
          account: entry.account,
          password_hash: await hashPassword(password),
          currency: merchant.currency,
          register_method: 'SEED',
        },
        joined,
      ),
      type: entry.type,
      first_login_done_at: joined,
      parent: parents[entry.parent],
    });
    if (entry.account === 'demosubagent') parents.sub = member;
    if (entry.daysAgo > 0)
      await recordLogin(ctx.db, member.id, new Date(now.getTime() - index * 5_400_000), '10.0.0.1');
    if (entry.balanceMinor > 0n) {
      await transfer(ctx.db, {
        merchantId: merchant.id,
        idempotencyKey: `seed:demo-team:${entry.account}`,
        code: 'adjustment',
        debitAccountId: await systemAccountId(ctx.db, merchant.id, 'adjustment', merchant.currency),
        creditAccountId: await memberAccountId(ctx.db, member.id, merchant.id, 'main', merchant.currency),
        amountMinor: entry.balanceMinor,
        currency: merchant.currency,
        metadata: { reason: 'demo team seed' },
      });
    }
    await seedBets(ctx, merchant, member, Math.min(entry.daysAgo, 20), index);
  }
}

/** A few settled rounds a day on most days since joining, stakes and results varied but repeatable. */
async function seedBets(
  ctx: SeedContext,
  merchant: { id: string; currency: string },
  member: MemberRow,
  days: number,
  salt: number,
): Promise<void> {
  const now = ctx.clock.now().getTime();
  for (let day = days; day >= 0; day--) {
    const rounds = (day * 7 + salt * 3) % 5;
    for (let round = 0; round < rounds; round++) {
      const n = day * 31 + round * 17 + salt * 13;
      const game = GAMES[n % GAMES.length]!;
      const stakeMinor = BigInt(500 + (n % 9) * 750);
      // About 45 % of rounds win, at 1.5× to 3×: the team loses over time, as players do.
      const payoutMinor = n % 20 < 9 ? (stakeMinor * BigInt(15 + (n % 16))) / 10n : 0n;
      await recordBet(ctx.db, {
        merchantId: merchant.id,
        memberId: member.id,
        source: 'seed',
        sourceRef: `demo-team:${member.account}:${day}:${round}`,
        ...game,
        currency: merchant.currency,
        stakeMinor,
        payoutMinor,
        status: 'settled',
        at: new Date(now - day * DAY_MS - round * 2_700_000),
      });
    }
  }
}
