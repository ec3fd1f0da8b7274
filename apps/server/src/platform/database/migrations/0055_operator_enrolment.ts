import { type Kysely, sql } from 'kysely';

/**
 * One-time enrolment links for operators (`npm run operator -- create|reset`): only the SHA-256 of
 * the link's token is kept, with its expiry; the first use sets the operator's password and clears
 * both, so a link works once.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema before the typed one exists.
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

const STATEMENTS = [
  'alter table operators add column enrolment_token_hash text, add column enrolment_expires_at timestamptz',
  'create unique index operators_enrolment_token on operators (enrolment_token_hash) where enrolment_token_hash is not null',
];
