import { type Kysely, sql } from 'kysely';

/**
 * The points mall's fulfilment (issue 17 item 7): operators ship, deliver or cancel a goods
 * redemption. A redemption's status gains `shipped`, `delivered` and `cancelled` (with the tracking
 * note, the reason and the times); a cancellation gives the points back through a `refund` entry of
 * the points journal, keyed by the redemption (so once). The queue is read per merchant and status,
 * newest first.
 */
const STATEMENTS = [
  `alter table points_redemptions drop constraint points_redemptions_status_check`,
  `alter table points_redemptions add constraint points_redemptions_status_check
     check (status in ('processing', 'approved', 'rejected', 'shipped', 'delivered', 'cancelled'))`,
  `alter table points_redemptions
     add column tracking_note text,
     add column cancel_reason text,
     add column shipped_at timestamptz,
     add column delivered_at timestamptz,
     add column cancelled_at timestamptz,
     add column updated_at timestamptz`,
  `create index points_redemptions_queue on points_redemptions (merchant_id, status, id desc)`,
  `create index points_redemptions_merchant on points_redemptions (merchant_id, id desc)`,
  `alter table points_entries drop constraint points_entries_kind_check`,
  `alter table points_entries add constraint points_entries_kind_check
     check (kind in ('earn', 'redeem', 'convert', 'adjust', 'refund'))`,
];

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the schema as it was, not today's typed one
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
