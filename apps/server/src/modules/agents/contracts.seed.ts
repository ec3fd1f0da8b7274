import { rateFromPercent } from '@sorte/money';
import { sql } from 'kysely';
import type { SeedContext } from '../../platform/context.ts';
import { findMemberByAccount } from '../members/index.ts';
import { DEMO_AGENT } from './agents.seed.ts';
import type { ContractType, Tier } from './contracts.math.ts';
import { tiersToJson } from './contracts.tiers.ts';

const rate = (minValidBetMinor: bigint, percent: string, over: Partial<Tier> = {}): Tier => ({
  minValidBetMinor,
  minLossMinor: 0n,
  minActiveMembers: 0,
  rateUnits: rateFromPercent(percent),
  amountMinor: null,
  ...over,
});

/**
 * Demo data outside production: the demo agent (a top agent) holds the merchant's daily salary
 * (1%, 1.5% from R$ 10,000 a day), hourly salary (0.5%), weekly dividend (30%, 40% from a R$ 1,000
 * loss and 3 active members) and real-time salary (0.5% on a lost bet, 0.2% on any other, from a
 * R$ 10 bet; 0.8% / 0.3% from R$ 1,000) contracts, so it can offer its downline agents contracts within them.
 * Written once: a demo agent already holding a contract of a type keeps it.
 */
export async function seedDemoContracts(ctx: SeedContext): Promise<void> {
  if (ctx.config.NODE_ENV === 'production') return;
  const { rows } = await sql<{
    id: string;
  }>`select id from merchants where code = ${ctx.config.DEFAULT_MERCHANT}`.execute(ctx.db);
  const merchantId = rows[0]?.id;
  if (!merchantId) return;
  const agent = await findMemberByAccount(ctx.db, merchantId, DEMO_AGENT.account);
  if (!agent) return;
  const terms: [ContractType, string, Tier[]][] = [
    ['daily', 'daily', [rate(0n, '1'), rate(1_000_000n, '1.5')]],
    ['hourly', 'hourly', [rate(0n, '0.5')]],
    ['dividend', 'weekly', [rate(0n, '30'), rate(0n, '40', { minLossMinor: 100_000n, minActiveMembers: 3 })]],
    [
      'realtime',
      'realtime',
      [
        rate(1_000n, '0.5', { profitRateUnits: rateFromPercent('0.2') }),
        rate(100_000n, '0.8', { profitRateUnits: rateFromPercent('0.3') }),
      ],
    ],
  ];
  const now = ctx.clock.now();
  for (const [type, period, tiers] of terms)
    await sql`
      insert into agent_contracts (merchant_id, type, upline_id, downline_id, status, tiers, period, offered_at, accepted_at)
      select ${merchantId}, ${type}, null, ${agent.id}, 'active', ${JSON.stringify(tiersToJson(tiers))}::jsonb, ${period},
        ${now}, ${now}
      where not exists (select 1 from agent_contracts where downline_id = ${agent.id} and type = ${type}
                          and status in ('active', 'offered'))`.execute(ctx.db);
}
