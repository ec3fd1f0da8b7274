import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../platform/database/database.ts';

/**
 * How long a vendor may exchange a launch token and bet with it. Wins, rollbacks and round ends are
 * accepted after it ends (a round the player started must always be able to finish).
 */
export const VENDOR_SESSION_MS = 4 * 60 * 60 * 1000;

/** Only the token's hash is stored; the token itself travels once, in the launch URL. */
export function hashVendorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewVendorSession {
  merchantId: string;
  memberId: string;
  vendor: string;
  gameCode: string;
  category: string;
  currency: string;
  language: string;
  now: Date;
}

/** Creates the session and answers its token (32 random bytes, base64url: opaque to the vendor). */
export async function createVendorSession(db: Db, session: NewVendorSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('vendor_sessions')
    .values({
      token_hash: hashVendorToken(token),
      merchant_id: session.merchantId,
      member_id: session.memberId,
      vendor: session.vendor,
      game_code: session.gameCode,
      category: session.category,
      currency: session.currency,
      language: session.language,
      expires_at: new Date(session.now.getTime() + VENDOR_SESSION_MS),
    })
    .execute();
  return token;
}

export async function findVendorSession(db: Db, merchantId: string, vendor: string, token: string) {
  return db
    .selectFrom('vendor_sessions')
    .selectAll()
    .where('token_hash', '=', hashVendorToken(token))
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .executeTakeFirst();
}

/**
 * The category a vendor game's rounds are filed under: the one stored by its latest launch (the
 * launch knows the catalog entry); RNG when the game was never launched here.
 */
export async function categoryOfGame(db: Db, merchantId: string, vendor: string, gameCode: string) {
  const row = await db
    .selectFrom('vendor_sessions')
    .select('category')
    .where('merchant_id', '=', merchantId)
    .where('vendor', '=', vendor)
    .where('game_code', '=', gameCode)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.category ?? DEFAULT_VENDOR_CATEGORY;
}

export const DEFAULT_VENDOR_CATEGORY = 'RNG';
