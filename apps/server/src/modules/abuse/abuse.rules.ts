import { ABUSE_CLAIM_KINDS, type AbuseClaimKind, type AbuseRule } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';

/**
 * Until a merchant saves its own: one welcome bonus per person, device and payout account. The
 * address (IPs, delivery address) is only flagged, since households, offices and mobile carriers'
 * shared IPs put different people behind one address. Other kinds are only flagged.
 */
export function defaultRule(kind: AbuseClaimKind): AbuseRule {
  const once = kind === 'welcome_bonus';
  return { kind, person: once, device: once, address: false, payout: once };
}

interface RuleRow {
  kind: AbuseClaimKind;
  person: boolean;
  device: boolean;
  address: boolean;
  payout: boolean;
}

/** The merchant's rule for one kind of claim. */
export async function ruleOf(db: Db, merchantId: string, kind: AbuseClaimKind): Promise<AbuseRule> {
  const { rows } = await sql<RuleRow>`
    select kind, person, device, address, payout from abuse_rules
     where merchant_id = ${merchantId} and kind = ${kind}`.execute(db);
  return rows[0] ?? defaultRule(kind);
}

/** Every kind's rule, in the catalogue's order. */
export async function rulesOf(db: Db, merchantId: string): Promise<AbuseRule[]> {
  const { rows } = await sql<RuleRow>`
    select kind, person, device, address, payout from abuse_rules where merchant_id = ${merchantId}`.execute(
    db,
  );
  const saved = new Map(rows.map((r) => [r.kind, r]));
  return ABUSE_CLAIM_KINDS.map((kind) => {
    const r = saved.get(kind);
    return r
      ? { kind, person: r.person, device: r.device, address: r.address, payout: r.payout }
      : defaultRule(kind);
  });
}

/** Saves the rules given whole; a new rule applies to claims still to come. */
export async function saveRules(trx: Db, merchantId: string, rules: AbuseRule[]): Promise<void> {
  for (const r of rules)
    await sql`insert into abuse_rules (merchant_id, kind, person, device, address, payout)
      values (${merchantId}, ${r.kind}, ${r.person}, ${r.device}, ${r.address}, ${r.payout})
      on conflict (merchant_id, kind) do update set person = excluded.person, device = excluded.device,
        address = excluded.address, payout = excluded.payout, updated_at = now()`.execute(trx);
}
