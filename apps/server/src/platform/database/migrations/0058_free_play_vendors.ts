import { type Kysely, sql } from 'kysely';

/**
 * Free play (issue 13): a vendor's `free_play` now says it has a demo mode a trial account may open.
 * Our own games take play money (the lotteries and in-house games: trial wallets are in a play
 * currency), and the reference vendor has a demo mode of its own; the catalog seed says so for new
 * databases, this for existing ones.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update game_vendors set free_play = true
    where code in ('SORTE', 'SORTE_LOTTO', 'TCG_LOTTO_VN', 'sorte-ref')`.execute(db);
}
