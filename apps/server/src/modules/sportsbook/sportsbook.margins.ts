import { SPORTS_MAX_MARGIN_BPS } from '@sorte/contracts';
import { applyOddsMargin } from '@sorte/money';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import type { Database } from '../../platform/database/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

/**
 * The merchant's margins per sport (sb_margins, migration 0084; set in the back office's limits).
 * The feed's odds are everyone's; what a merchant's players see and take is the feed's price
 * shortened by that merchant's margin for the sport (`offeredOdds`, the one door from feed odds to
 * offered odds): the events API, the live odds sockets, bet placement (the odds policy compares the
 * slip to the offered price, and the offered price is what the bet stores and settles at) and
 * cash-out's current odds. A sport without a row has no margin.
 */

type Reader = Db | Transaction<Database>;

/** A merchant's margin in basis points per sport (sports without one are absent). */
export type SportMargins = ReadonlyMap<string, number>;

export const NO_MARGINS: SportMargins = new Map();

export async function marginsOf(db: Reader, merchantId: string): Promise<SportMargins> {
  const rows = await db
    .selectFrom('sb_margins')
    .select(['sport', 'margin_bps'])
    .where('merchant_id', '=', merchantId)
    .where('margin_bps', '>', 0)
    .execute();
  return new Map(rows.map((r) => [r.sport, r.margin_bps]));
}

/**
 * Every merchant's non-zero margin of these sports: sport → { merchantId: bps } (the live odds
 * change carries its fixture's, so each merchant's sockets get their own prices).
 */
export async function marginsBySport(
  db: Reader,
  sports: string[],
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (sports.length === 0) return out;
  const rows = await db
    .selectFrom('sb_margins')
    .select(['sport', 'merchant_id', 'margin_bps'])
    .where('sport', 'in', [...new Set(sports)])
    .where('margin_bps', '>', 0)
    .execute();
  for (const r of rows) {
    const bySport = out.get(r.sport) ?? {};
    bySport[r.merchant_id] = r.margin_bps;
    out.set(r.sport, bySport);
  }
  return out;
}

/** The merchant's offered odds for the feed's odds (thousandths) under `marginBps`; null stays null. */
export function offeredOdds<T extends number | null>(feedOdds: T, marginBps: number): T {
  if (feedOdds === null || marginBps === 0) return feedOdds;
  return Number(applyOddsMargin(feedOdds, marginBps)) as T;
}

/** offeredOdds with the merchant's margin for `sport`. */
export const offeredOddsOf = <T extends number | null>(
  feedOdds: T,
  sport: string,
  margins: SportMargins,
): T => offeredOdds(feedOdds, margins.get(sport) ?? 0);

/**
 * Sets these sports' margins (inside the limits update's transaction): 0 removes one; outside
 * 0–SPORTS_MAX_MARGIN_BPS is SPORTS_MARGIN_INVALID with the sport, before anything is written.
 */
export async function writeMargins(
  trx: Reader,
  merchantId: string,
  margins: ReadonlyArray<{ sport: string; marginBps: number }>,
): Promise<void> {
  for (const m of margins)
    if (!Number.isSafeInteger(m.marginBps) || m.marginBps < 0 || m.marginBps > SPORTS_MAX_MARGIN_BPS)
      throw new AppError('SPORTS_MARGIN_INVALID', { sport: m.sport, maxBps: SPORTS_MAX_MARGIN_BPS });
  for (const m of margins) {
    if (m.marginBps === 0) {
      await trx
        .deleteFrom('sb_margins')
        .where('merchant_id', '=', merchantId)
        .where('sport', '=', m.sport)
        .execute();
      continue;
    }
    await trx
      .insertInto('sb_margins')
      .values({ merchant_id: merchantId, sport: m.sport, margin_bps: m.marginBps })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'sport']).doUpdateSet({ margin_bps: m.marginBps, updated_at: new Date() }),
      )
      .execute();
  }
}
