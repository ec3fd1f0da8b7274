import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { diceOdds, floats, type HmacSha256, playDice } from '@sorte/fairness';
import { payoutMinor } from '@sorte/money';
import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SingleRoundBet } from './bets.single-round.ts';

export const hmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

export interface Bettor {
  merchantId: string;
  memberId: string;
  currency: string;
  mainId: bigint;
}

/** An active seed pair for the member with a server seed the test knows (as a reveal would show it). */
export async function seedPair(db: Db, b: Bettor): Promise<{ serverSeed: string; clientSeed: string }> {
  const serverSeed = randomBytes(32).toString('hex');
  const clientSeed = randomBytes(8).toString('hex');
  await sql`
    insert into fairness_seeds (merchant_id, member_id, server_seed, server_seed_hash, client_seed, status)
    values (${b.merchantId}::uuid, ${b.memberId}::uuid, ${serverSeed},
            encode(sha256(convert_to(${serverSeed}, 'UTF8')), 'hex'), ${clientSeed}, 'active')`.execute(db);
  return { serverSeed, clientSeed };
}

/** Migration 0042's defaults: 1% house edge, as the originals module reads them for a new merchant. */
const LIMITS = { houseEdgeBps: 100, maxBetMinor: 1_000_000n, maxWinMinor: 100_000_000n };

/** A dice bet under 50 as the originals module hands one to the bet path (limits as it checks them). */
export function diceBet(
  b: Bettor,
  stakeMinor: bigint,
  idempotencyKey: string = randomUUID(),
): SingleRoundBet {
  const params = { target: 50, direction: 'under' as const };
  return {
    merchantId: b.merchantId,
    memberId: b.memberId,
    currency: b.currency,
    mainAccountId: b.mainId,
    game: 'dice',
    idempotencyKey,
    stakeMinor,
    params,
    record: { source: 'originals', vendor: 'SORTE', category: 'INHOUSE' },
    limits: async () => LIMITS,
    check(limits) {
      if (stakeMinor > limits.maxBetMinor) throw new AppError('ORIGINALS_BET_TOO_LARGE');
      const top = diceOdds({ ...params, houseEdge: limits.houseEdgeBps / 10_000 }).multiplierUnits;
      if (payoutMinor(stakeMinor, top) - stakeMinor > limits.maxWinMinor)
        throw new AppError('ORIGINALS_WIN_TOO_LARGE');
    },
    play(seeds, houseEdge) {
      const { roll, win, multiplierUnits } = playDice(floats(hmac, seeds, 1), { ...params, houseEdge });
      return { multiplierUnits, outcome: { roll, win } };
    },
  };
}

/** The roll anyone recomputes from the revealed seeds with the fairness package. */
export function rollOf(seeds: { serverSeed: string; clientSeed: string }, nonce: number): number {
  return playDice(floats(hmac, { ...seeds, nonce }, 1), { target: 50, direction: 'under' }).roll;
}

/**
 * No half-written bet: every in-house round has its money — one transfer (the stake of a loss, the
 * net of any other round with the round's stake and payout in its metadata) or, for a push, the stake
 * and its return — and its settled betting record; every transfer of the bet path has its round; each
 * seed pair's nonce counts its rounds, numbered 0… without gaps.
 */
export async function expectWholeBets(db: Db, memberIds: string[]): Promise<number> {
  const { rows } = await sql<{ problem: string; n: number }>`
    with r as (
      -- A finished mines or hilo round is copied here under its own id: its money is multistep's.
      select * from original_rounds o
       where member_id = any(${memberIds}::uuid[])
         and not exists (select 1 from multistep_rounds m where m.id = o.id)
    ), nonces as (
      -- Every round that claimed a nonce: single rounds and multistep rounds (open or finished) alike.
      select seed_id, nonce from original_rounds where member_id = any(${memberIds}::uuid[])
      union
      select seed_id, nonce from multistep_rounds where member_id = any(${memberIds}::uuid[])
    )
    select 'round without its money' as problem, count(*)::int as n from r
      where not exists (
        select 1 from ledger_transfers t
         where t.id = r.stake_transfer_id
           and t.idempotency_key = 'original:' || r.member_id || ':' || r.idempotency_key
                 || case when r.payout_minor in (0, r.stake_minor) then ':stake' else ':net' end
           and t.code = case when r.payout_minor > r.stake_minor then 'win' else 'bet' end
           and t.amount_minor = case when r.payout_minor in (0, r.stake_minor) then r.stake_minor
                                     else abs(r.payout_minor - r.stake_minor) end
           and (r.payout_minor in (0, r.stake_minor)
                or (t.metadata->>'stakeMinor' = r.stake_minor::text and t.metadata->>'payoutMinor' = r.payout_minor::text)))
    union all
    select 'return transfer mismatch', count(*)::int from r
      where (r.payout_minor = r.stake_minor) <> (r.payout_transfer_id is not null)
         or (r.payout_transfer_id is not null and not exists (
              select 1 from ledger_transfers t where t.id = r.payout_transfer_id and t.amount_minor = r.payout_minor
                and t.code = 'win' and t.idempotency_key = 'original:' || r.member_id || ':' || r.idempotency_key || ':win'))
    union all
    select 'round without its record', count(*)::int from r
      where not exists (select 1 from bet_records b where b.source = 'originals' and b.source_ref = r.id::text
                          and b.status = 'settled' and b.stake_minor = r.stake_minor and b.payout_minor = r.payout_minor)
    union all
    select 'transfer without its round', count(*)::int from ledger_transfers t
      where t.idempotency_key like 'original:%'
        and split_part(t.idempotency_key, ':', 2)::uuid = any(${memberIds}::uuid[])
        and not exists (select 1 from r where r.stake_transfer_id = t.id or r.payout_transfer_id = t.id)
    union all
    select 'nonce gap', count(*)::int from fairness_seeds s
      where s.member_id = any(${memberIds}::uuid[])
        and (s.nonce <> (select count(*) from nonces n where n.seed_id = s.id)
          or exists (select 1 from nonces n where n.seed_id = s.id and n.nonce >= s.nonce))`.execute(db);
  for (const row of rows) if (row.n) throw new Error(`${row.problem}: ${row.n}`);
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from original_rounds where member_id = any(${memberIds}::uuid[])`.execute(db);
  return count[0]!.n;
}
