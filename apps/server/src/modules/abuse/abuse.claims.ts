import type { AbuseClaimKind, AbuseDimension, AbuseRule } from '@sorte/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { fingerprintsOf } from './abuse.fingerprints.ts';
import { ruleOf } from './abuse.rules.ts';

export interface ClaimInput {
  merchantId: string;
  memberId: string;
  kind: AbuseClaimKind;
  now: Date;
}

/** A fingerprint the claimant shares with an earlier claimant of the same kind. */
export interface ClaimMatch {
  dimension: AbuseDimension;
  hint: string;
  /** Whether the merchant allows one claim per this fingerprint (then the match refuses the claim). */
  enforced: boolean;
  memberId: string;
}

export type ClaimDecision =
  /** repeat: this member had already claimed this kind (the caller's own idempotency decides what that means). */
  | { allowed: true; repeat: boolean; nearMatches: ClaimMatch[] }
  | { allowed: false; code: 'ABUSE_CLAIM_LIMIT'; matches: ClaimMatch[] };

interface MarkRow {
  dimension: AbuseDimension;
  hint: string;
  member_id: string;
}

/**
 * Reserves a once-only claim inside the caller's transaction. The member's fingerprints are written
 * first — an enforced one into a unique index, where concurrent claimants sharing it wait for the
 * first holder's transaction to end and then find it taken — and only then compared with the other
 * claimants' (reserve, then check). A refusal takes this claim's marks back, records a flag and
 * answers `allowed: false`; it does not throw, so the flag is committed with the caller's
 * transaction (a deposit that would have carried the bonus still goes through). A caller answering
 * a player's request throws `new AppError(decision.code)` after committing.
 */
export async function reserveClaim(trx: Db, input: ClaimInput): Promise<ClaimDecision> {
  const { merchantId, memberId, kind, now } = input;
  const { rows: first } = await sql<{ member_id: string }>`
    insert into abuse_claims (member_id, kind, merchant_id, created_at)
    values (${memberId}, ${kind}, ${merchantId}, ${now})
    on conflict do nothing returning member_id`.execute(trx);
  if (first.length === 0) return { allowed: true, repeat: true, nearMatches: [] };

  const rule = await ruleOf(trx, merchantId, kind);
  const prints = await fingerprintsOf(trx, memberId);
  // One statement per fingerprint, in the fixed order: a claimant waits on at most one entry at a time.
  for (const p of prints)
    await sql`insert into abuse_marks (merchant_id, kind, dimension, fingerprint, hint, member_id, enforced, created_at)
      values (${merchantId}, ${kind}, ${p.dimension}, ${p.fingerprint}, ${p.hint}, ${memberId},
              ${rule[p.dimension]}, ${now})
      on conflict do nothing`.execute(trx);

  const matches = await sharedWithOthers(trx, input, rule, prints);
  if (matches.some((m) => m.enforced)) {
    await sql`delete from abuse_marks where member_id = ${memberId} and kind = ${kind}
       and merchant_id = ${merchantId}`.execute(trx);
    await sql`delete from abuse_claims where member_id = ${memberId} and kind = ${kind}`.execute(trx);
    await flag(trx, input, 'refused', matches);
    return { allowed: false, code: 'ABUSE_CLAIM_LIMIT', matches };
  }
  if (matches.length > 0) await flag(trx, input, 'near_match', matches);
  return { allowed: true, repeat: false, nearMatches: matches };
}

/** The other members' marks on the claimant's fingerprints; enforced by today's rule, not the mark's. */
async function sharedWithOthers(
  trx: Db,
  input: ClaimInput,
  rule: AbuseRule,
  prints: { dimension: AbuseDimension; fingerprint: string }[],
): Promise<ClaimMatch[]> {
  if (prints.length === 0) return [];
  const pairs = sql.join(prints.map((p) => sql`(${p.dimension}, ${p.fingerprint})`));
  const { rows } = await sql<MarkRow>`
    select dimension, hint, member_id from abuse_marks
     where merchant_id = ${input.merchantId} and kind = ${input.kind} and member_id <> ${input.memberId}
       and (dimension, fingerprint) in (${pairs})
     order by id limit 50`.execute(trx);
  return rows.map((r) => ({
    dimension: r.dimension,
    hint: r.hint,
    enforced: rule[r.dimension],
    memberId: r.member_id,
  }));
}

async function flag(
  trx: Db,
  input: ClaimInput,
  outcome: 'refused' | 'near_match',
  matches: ClaimMatch[],
): Promise<void> {
  await sql`insert into abuse_flags (merchant_id, kind, member_id, outcome, matches, created_at)
    values (${input.merchantId}, ${input.kind}, ${input.memberId}, ${outcome}, ${JSON.stringify(matches)}::jsonb,
            ${input.now})`.execute(trx);
}
