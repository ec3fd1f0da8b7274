import type { Db } from '../../platform/database/database.ts';
import { memberAccountId, withLedgerTransaction } from '../ledger/index.ts';
import { activeChain, crashPointOf, createChain, gameHash } from './crash.chain.ts';
import * as repo from './crash.repository.ts';
import { cashOut, loseRest } from './crash.settle.ts';
import { type CrashTimings, msToReach, multiplierAfter } from './crash.timing.ts';

/** What changed in one step, for the pushes sent after the commit. */
export interface StepResult {
  roundId: bigint | null;
  /** The round's status changed (opened, started, busted). */
  phaseChanged: boolean;
  /** Bets the server cashed out automatically in this step. */
  cashedBetIds: bigint[];
}

/**
 * Moves the merchant's round along its timeline to `now`: opens the next round after the pause,
 * starts it when betting ends (one transaction with the round row locked), pays the auto cash-outs
 * the multiplier has reached (win-only items of the bet path, `cashOut`, beside the players' own
 * cash-outs), and busts it once the multiplier reaches the crash point (one transaction with the
 * round row locked: the rest lost, set-based).
 *
 * The timeline is fixed by the round's start time, not by when this runs: a late tick (or a restart
 * after a crash of the process, between any two of these steps) settles exactly what the timeline
 * says — auto cash-outs at or below the crash point are paid at their target, every other active bet
 * is lost at the bust, because a manual cash-out is only ever what the server received before the
 * bust time. The bust refuses while an auto cash-out it owes is unpaid (`loseRest`), so a step whose
 * cash-outs failed busts on a later one. Only the leader calls this (crash.loop.ts), but the row
 * locks keep it correct if two ever did.
 */
export async function advanceRound(
  db: Db,
  merchantId: string,
  now: Date,
  timings: CrashTimings,
): Promise<StepResult> {
  const result: StepResult = { roundId: null, phaseChanged: false, cashedBetIds: [] };
  const round = await withLedgerTransaction(db, async (trx) => {
    let round = await repo.latestRound(trx, merchantId, 'update');
    if (
      !round ||
      (round.status === 'busted' && now.getTime() >= round.busted_at!.getTime() + timings.pauseMs)
    ) {
      result.phaseChanged = true;
      return openRound(trx, merchantId, round, now, timings);
    }
    if (round.status === 'betting' && now >= round.betting_ends_at) {
      // Started when the leader saw the betting end (later than planned after an outage: the
      // multiplier starts at 1.00 from the actual start, nobody is owed time they could not use).
      round = await trx
        .updateTable('crash_rounds')
        .set({ status: 'running', started_at: now })
        .where('id', '=', round.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      result.phaseChanged = true;
    }
    return round;
  });
  result.roundId = round.id;
  if (round.status !== 'running') return result;
  const started = round.started_at!.getTime();
  const crash = Number(round.crash_point);
  const reached = multiplierAfter(now.getTime() - started, timings.growthPerMs);
  const due = (await repo.betsOf(db, round.id)).filter((bet) => {
    const target = Number(bet.limit_cash_out);
    return bet.status === 'active' && target <= crash && target <= reached;
  });
  const paid = await Promise.allSettled(
    due.map(async (bet) => {
      const target = Number(bet.limit_cash_out);
      return cashOut(db, {
        merchantId,
        currency: bet.currency,
        mainAccountId: await memberAccountId(db, bet.member_id, merchantId, 'main', bet.currency),
        roundId: round.id,
        betId: bet.id,
        how: {
          kind: 'auto',
          multiplier: target,
          at: new Date(started + msToReach(target, timings.growthPerMs)),
        },
      });
    }),
  );
  for (const [n, outcome] of paid.entries())
    if (outcome.status === 'fulfilled') result.cashedBetIds.push(due[n]!.id);
  const failed = paid.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  if (reached < crash) return result;
  const bustedAt = new Date(started + msToReach(crash, timings.growthPerMs));
  await withLedgerTransaction(db, async (trx) => {
    const locked = await repo.roundById(trx, merchantId, round.id, 'update');
    if (locked?.status !== 'running') return;
    await loseRest(trx, locked, bustedAt);
    await trx
      .updateTable('crash_rounds')
      .set({ status: 'busted', busted_at: bustedAt })
      .where('id', '=', round.id)
      .execute();
    result.phaseChanged = true;
  });
  return result;
}

/** The next game of the merchant's chain (a new chain when there is none or it is used up). */
async function openRound(
  trx: Db,
  merchantId: string,
  previous: repo.RoundRow | undefined,
  now: Date,
  timings: CrashTimings,
): Promise<repo.RoundRow> {
  let chain = await activeChain(trx, merchantId);
  let gameNumber = previous && chain && previous.chain_id === chain.id ? previous.game_number + 1 : 1;
  if (chain && gameNumber > chain.length) {
    await trx.updateTable('crash_chains').set({ status: 'exhausted' }).where('id', '=', chain.id).execute();
    chain = undefined;
    gameNumber = 1;
  }
  if (!chain) {
    const { houseEdgeBps } = await repo.limits(trx, merchantId);
    chain = await createChain(trx, merchantId, timings.chainLength, houseEdgeBps);
  }
  const hash = gameHash(chain, gameNumber);
  return trx
    .insertInto('crash_rounds')
    .values({
      merchant_id: merchantId,
      chain_id: chain.id,
      game_number: gameNumber,
      hash,
      crash_point: crashPointOf(chain, hash).toFixed(2),
      status: 'betting',
      betting_ends_at: new Date(now.getTime() + timings.bettingMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Publishes the merchant's chain before any round when it has none yet, so the terminating hash is
 * public ahead of the first betting phase (the loop calls this when it takes a merchant over).
 */
export async function ensureChain(db: Db, merchantId: string, timings: CrashTimings): Promise<void> {
  if (await activeChain(db, merchantId)) return;
  const { houseEdgeBps } = await repo.limits(db, merchantId);
  try {
    await createChain(db, merchantId, timings.chainLength, houseEdgeBps);
  } catch (error) {
    // Another instance published it first (crash_chains_active): theirs stands.
    if (!(await activeChain(db, merchantId))) throw error;
  }
}
