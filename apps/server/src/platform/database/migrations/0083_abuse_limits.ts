import { type Kysely, sql } from 'kysely';

/**
 * Abuse limits (issue 17 item 8, modules/abuse):
 *
 * - `sessions.device_id`: the device id the site sends with its requests (a random id kept in the
 *   browser), stored with each sign-in's session so a claim can name the member's devices.
 * - `abuse_rules`: per merchant × kind of claim, which fingerprints allow only one claim (no row:
 *   the module's defaults).
 * - `abuse_claims`: one row per member × kind claimed (a repeat by the same member is not a second claim).
 * - `abuse_marks`: the fingerprints (SHA-256 of the normalised value, with a masked hint) each claim
 *   left. An enforced fingerprint is unique per merchant × kind × dimension through the partial unique
 *   index, so concurrent claimants sharing it take turns on the index and only one keeps it; the
 *   others are kept too (several members may share them) so later claims can be flagged as near-matches.
 * - `abuse_flags`: refused claims and near-matches with the fingerprints shared, for the operators.
 *
 * And the points mall's redeem prompts (spec §5: "a Zalo number ID or a Whatsapp number to redeem a
 * bonus"): the merchant's own WhatsApp number and Zalo ID in `points_settings` (null: that prompt is
 * not offered), and the player's contact given with a redemption in `points_redemptions.contact`;
 * and the points consumer's missing checkpoint row.
 */
const STATEMENTS = [
  `alter table sessions add column device_id text`,
  `create table abuse_rules (
    merchant_id uuid not null references merchants (id),
    kind text not null,
    person boolean not null,
    device boolean not null,
    address boolean not null,
    payout boolean not null,
    updated_at timestamptz not null default now(),
    primary key (merchant_id, kind)
  )`,
  `create table abuse_claims (
    member_id uuid not null,
    kind text not null,
    merchant_id uuid not null,
    created_at timestamptz not null,
    primary key (member_id, kind)
  )`,
  `create table abuse_marks (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    kind text not null,
    dimension text not null check (dimension in ('person', 'device', 'address', 'payout')),
    fingerprint text not null,
    hint text not null,
    member_id uuid not null,
    enforced boolean not null,
    created_at timestamptz not null,
    constraint abuse_marks_member unique (merchant_id, kind, dimension, fingerprint, member_id)
  )`,
  `create unique index abuse_marks_once on abuse_marks (merchant_id, kind, dimension, fingerprint)
     where enforced`,
  `create table abuse_flags (
    id bigint generated always as identity primary key,
    merchant_id uuid not null,
    kind text not null,
    member_id uuid not null,
    outcome text not null check (outcome in ('refused', 'near_match')),
    matches jsonb not null,
    created_at timestamptz not null
  )`,
  `create index abuse_flags_merchant on abuse_flags (merchant_id, id desc)`,
  `alter table points_settings add column whatsapp_contact text, add column zalo_contact text`,
  `alter table points_redemptions add column contact jsonb`,
  // The points earning consumer's checkpoint (0069 left it out): the poller only looks for facts past
  // an existing checkpoint, so without the row a fresh database never earned points in the job.
  `insert into stream_checkpoints (consumer) values ('points') on conflict do nothing`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
