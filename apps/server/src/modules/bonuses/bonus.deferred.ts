import { sql } from 'kysely';
import type { Db } from '../../platform/database/database.ts';
import { houseShardFor, systemAccountId, type TransferRequest } from '../ledger/index.ts';
import {
  type ActiveBonus,
  accountJoins,
  activeBonusOf,
  conversion,
  convertInPlace,
  endingAfter,
  type LockedBonusRow,
  writeBonuses,
} from './bonus.bets.ts';
import { splitPayout } from './bonus.wagering.ts';

/**
 * The settling side of bets that settle later (vendor rounds today; docs/architecture.md, "Bonuses
 * in the ledger"). At placement the kind's batch took cash first then bonus through `lockBonuses`
 * with a `settleRef` and wrote the slip `open`. Here, in the batch that settles (the kind's ordering
 * rows locked first — for a vendor, the round —, then this module's bonus rows, then the accounts):
 *
 *  - `lockDeferred` reads the slips of the batch's settle refs and locks their bonus rows (id order),
 *    whatever their status; ONE indexed statement, which finds nothing for members without slips.
 *  - A return (`payout`: a vendor's credit) is shared among the ref's slips by stake — each slip's
 *    portion ⌊return × its stake / the ref's stake⌋ split by `splitPayout` (the fraction to the bonus
 *    side); the rest of the return is cash. Open slips settle first (counted), the shares move, and only
 *    then is completion or loss judged (a win on a bet that held the whole bonus is not its loss).
 *  - `settle` (a round's first credit or its end): each open slip's contribution is counted if its
 *    bonus is live (active and unexpired), never otherwise; then completion or loss (below).
 *  - `void` (a vendor's rollback of the slip's debit): the stake came back to cash; its bonus part
 *    goes the way of any bonus share, nothing is counted — and a slip already settled has its
 *    contribution taken back while its bonus is live (once completed, the conversion stands: that is
 *    why contribution counts only at settlement, so a completion can only follow real wagering).
 *  - Where a bonus share goes, by the slip's own bonus: live → main → bonus (`…:share`); completed →
 *    stays in cash (the bonus was converted); expired or forfeited (or active but past its expiry,
 *    which the sweep will end) → main → the merchant's bonus pool (`…:late`). The kind has already
 *    paid the whole return (or refund) into main, so each move meets the running balances.
 *  - After each settlement: wagered ≥ requirement converts the whole bonus balance to cash
 *    (`bonus:<id>:convert`, once); a balance of 0 with no bonus money on open slips short of the
 *    requirement is lost.
 *  - `part` (a bet settled piece by piece: a lottery slip, whose tickets settle draw by draw and batch
 *    by batch, some refunded): a piece of the slip's stake settles (with its return) or is refunded.
 *    Counted and given back by running totals (migration 0088: the stake settled and refunded so far),
 *    so the pieces add up exactly: a settled piece counts ⌊contribution × settled so far / stake⌋ less
 *    what was counted before (while live); a refunded piece's bonus part is the refund less
 *    ⌊cash part × refunded so far / stake⌋ and what earlier refunds gave cash (the fraction to the bonus
 *    side, so a whole refund returns each part exactly where it came from); a return is split by the
 *    slip's parts (`splitPayout`). The slip stays open, its unresolved bonus money still on the bet
 *    (no loss is judged while it is), until its pieces cover its stake.
 *  - A bet whose result may be corrected after it settled (a sports bet; sportsbook.settle.ts): its
 *    slip follows the bet — `payout(…, counted: false)` for a return that is no wagering (a void's
 *    refund, a cash-out: nothing counts, and a settled slip's count is taken back while live);
 *    `takeBack` for a correction paying less (each side's portion back from where it went, before the
 *    kind's own take-back from main, none below what that side got); `reopen` for a rollback (its
 *    bonus part on the bet again, its count taken back while live), so its next decision counts once.
 * Every move is keyed by the event (the vendor's credit or rollback txn) and the bonus, so a retry
 * that gets this far posts nothing twice; the kinds answer retries from their own rows first.
 */

type SlipStatus = 'open' | 'settled' | 'void';

interface DeferredSlip {
  bonus: LockedBonus;
  betRef: string;
  settleRef: string;
  stake: bigint;
  cashPart: bigint;
  bonusPart: bigint;
  contribution: bigint;
  status: SlipStatus;
  cashShare: bigint;
  bonusShare: bigint;
  /** What the slip's returns had paid each side before this batch (its stored shares; `takeBack`). */
  paidCash: bigint;
  paidBonus: bigint;
  /** Of the stake, settled and refunded so far (a slip settled piece by piece, `part`). */
  settledStake: bigint;
  voidStake: bigint;
  changed: boolean;
}

interface LockedBonus extends ActiveBonus {
  merchantId: string;
  /** `active` while live (active and unexpired); else how it ended (an overdue one counts as expired). */
  standing: 'active' | 'completed' | 'expired' | 'forfeited' | 'lost';
  poolAccountId: bigint | null;
}

export interface DeferredBonuses {
  /** The accounts to lock with the batch's (main, bonus and, for ended bonuses, pool); id order is the caller's. */
  accountIds(): bigint[];
  /** Whether any slip is filed under this ref (the caller then needs its total stake for `payout`). */
  has(settleRef: string): boolean;
  /**
   * The open slips of the ref settle: contributions counted, then completion or loss. Answers the
   * transfers to post after the kind's own (a conversion, if any).
   */
  settle(settleRef: string, spendable: Map<bigint, bigint>): TransferRequest[];
  /**
   * A return of `amountMinor` paid into main for the ref (whose slips and cash-only stakes total
   * `refStakeMinor`), keyed by `eventRef`: settles the ref's open slips, then moves each bonus share.
   * A return of 0 (a loss) settles them as `settle` does, so a bet's end is one call whatever it paid.
   * `counted: false` — a return that is no wagering (a sports bet's refund when it is void, its
   * cash-out): the slips count nothing, and what an already settled slip counted is taken back while
   * its bonus is live (the slip's contribution is then 0, so it is never taken twice).
   */
  payout(
    settleRef: string,
    refStakeMinor: bigint,
    amountMinor: bigint,
    eventRef: string,
    spendable: Map<bigint, bigint>,
    counted?: boolean,
  ): TransferRequest[];
  /** The slip's stake refunded into main (`eventRef`): its bonus part moved back, nothing counted. */
  void(betRef: string, eventRef: string, spendable: Map<bigint, bigint>): TransferRequest[];
  /**
   * A piece of the slip resolved (`eventRef`, one per piece): `settledMinor` of its stake settled with
   * `returnMinor` paid into main, or `refundedMinor` of it refunded into main. Counts that piece's
   * contribution (live bonuses), moves its bonus share or refunded bonus part where its bonus went,
   * then judges completion or loss; the slip settles (or is void, none of it settled) once its pieces
   * cover its stake. Answers the transfers to post right after the kind's own for the piece.
   */
  part(
    betRef: string,
    piece: { settledMinor: bigint; returnMinor: bigint; refundedMinor: bigint },
    eventRef: string,
    spendable: Map<bigint, bigint>,
  ): TransferRequest[];
  /**
   * A take-back of `amountMinor` of what the ref's settled slips were paid (a sports bet's result
   * corrected: a rollback, a resettlement paying less), keyed by `eventRef`, answering the transfers to
   * post BEFORE the caller's own take-back from main. Each slip's portion (by stake) comes back from the
   * side it was paid to: its cash side ⌊portion × cash part / stake⌋ (at most what cash got), the rest
   * from its bonus side (at most what that side got) — while the bonus is live out of the bonus account
   * as far as its balance goes (`…:back`), after an expiry or forfeiture out of the bonus pool that took
   * it (`…:late-back`), after a completion or a loss from cash (the share was cash then); whatever the
   * bonus side cannot give comes from cash too, up to `cashCanGiveMinor` (the caller's rule: no balance
   * below zero, the rest stays owed). Answers what was taken in all and how much of it from cash. Nothing
   * is counted or uncounted and no ending judged here: a `payout` of 0 afterwards judges them.
   */
  takeBack(
    settleRef: string,
    refStakeMinor: bigint,
    amountMinor: bigint,
    cashCanGiveMinor: bigint,
    eventRef: string,
    spendable: Map<bigint, bigint>,
  ): { transfers: TransferRequest[]; takenMinor: bigint; fromCashMinor: bigint };
  /**
   * The ref's settled slips open again (a sports bet reopened by a rollback of its result, after its
   * `takeBack`): their bonus part is on the bet again, so no loss is judged while it is open, and their
   * count is taken back while the bonus is live, so the next decision counts once; after a completion
   * the conversion stands. Their shares stay as paid.
   */
  reopen(settleRef: string): void;
  /** The slips and bonus rows changed, set-based; after the money. */
  write(trx: Db): Promise<void>;
}

/** Reads the slips filed under `settleRefs` and locks their bonuses; null when there are none. */
export async function lockDeferred(
  trx: Db,
  merchantId: string,
  settleRefs: string[],
): Promise<DeferredBonuses | null> {
  if (settleRefs.length === 0) return null;
  const { rows } = await sql<
    LockedBonusRow & {
      bet_ref: string;
      settle_ref: string;
      stake_minor: bigint;
      cash_part_minor: bigint;
      bonus_part_minor: bigint;
      contribution_minor: bigint;
      slip_status: SlipStatus;
      settled_stake_minor: bigint;
      void_stake_minor: bigint;
      payout_cash_minor: bigint;
      payout_bonus_minor: bigint;
      status: string;
      live: boolean;
    }
  >`
    select s.bet_ref, s.settle_ref, s.stake_minor, s.cash_part_minor, s.bonus_part_minor, s.contribution_minor,
           s.status as slip_status, s.settled_stake_minor, s.void_stake_minor,
           s.payout_cash_minor, s.payout_bonus_minor, b.id, b.member_id, b.currency, b.status,
           (b.status = 'active' and b.expires_at > now()) as live, b.wagered_minor, b.requirement_minor,
           b.max_bet_minor, b.contribution_bps, b.open_bonus_minor, m.id as main_id, a.id as bonus_id
      from bonus_bet_slips s
      join member_bonuses b on b.id = s.bonus_id
      ${accountJoins}
     where s.settle_ref = any(${settleRefs}::text[]) and s.status <> 'void' and b.merchant_id = ${merchantId}
     order by b.id, s.bet_ref
       for update of b`.execute(trx);
  if (rows.length === 0) return null;
  const bonuses = new Map<bigint, LockedBonus>();
  for (const r of rows) {
    if (bonuses.has(r.id)) continue;
    const standing = r.live ? 'active' : r.status === 'active' ? 'expired' : r.status;
    bonuses.set(r.id, {
      ...activeBonusOf(r),
      merchantId,
      standing: standing as LockedBonus['standing'],
      poolAccountId:
        standing === 'expired' || standing === 'forfeited'
          ? await systemAccountId(trx, merchantId, 'bonus_pool', r.currency, houseShardFor(r.member_id))
          : null,
    });
  }
  const slips = rows.map(
    (r): DeferredSlip => ({
      bonus: bonuses.get(r.id)!,
      betRef: r.bet_ref,
      settleRef: r.settle_ref,
      stake: r.stake_minor,
      cashPart: r.cash_part_minor,
      bonusPart: r.bonus_part_minor,
      contribution: r.contribution_minor,
      status: r.slip_status,
      cashShare: 0n,
      bonusShare: 0n,
      paidCash: r.payout_cash_minor,
      paidBonus: r.payout_bonus_minor,
      settledStake: r.settled_stake_minor,
      voidStake: r.void_stake_minor,
      changed: false,
    }),
  );
  return deferredBonuses(bonuses, slips);
}

function deferredBonuses(bonuses: Map<bigint, LockedBonus>, slips: DeferredSlip[]): DeferredBonuses {
  const ended = new Map<bigint, 'completed' | 'lost'>();
  const converted = new Map<bigint, bigint>();
  const touched = new Set<LockedBonus>();
  /** Bonus shares that stayed cash after their bonus completed, by bonus and event. */
  const lateCash = new Map<string, { bonus: LockedBonus; eventRef: string; amount: bigint }>();
  const ofRef = (settleRef: string) => slips.filter((s) => s.settleRef === settleRef && s.status !== 'void');

  /** After a settlement: completion (the conversion to post) or loss, for a live bonus. */
  function advance(bonus: LockedBonus, spendable: Map<bigint, bigint>): TransferRequest[] {
    if (bonus.standing !== 'active') return [];
    const ending = endingAfter(bonus, spendable);
    if (!ending) return [];
    bonus.standing = ending;
    touched.add(bonus);
    ended.set(bonus.id, ending);
    if (ending === 'lost') return [];
    const amount = convertInPlace(bonus, spendable);
    converted.set(bonus.id, amount);
    return amount > 0n ? [conversion(bonus.merchantId, bonus, amount)] : [];
  }

  /** The ref's open slips settled: their contributions counted (live bonuses), their bonus money off the bets. */
  function markSettled(settleRef: string, counted = true): void {
    for (const slip of ofRef(settleRef)) {
      const uncounts = slip.status === 'open' || slip.bonus.standing === 'active';
      if (!counted && slip.contribution > 0n && uncounts) {
        // No wagering (`payout` … counted: false): a settled slip's count is taken back while its bonus is
        // live (it was live, so counted, then); after a completion the conversion stands.
        if (slip.status === 'settled') slip.bonus.wagered -= slip.contribution;
        slip.contribution = 0n;
        slip.changed = true;
        touched.add(slip.bonus);
      }
      if (slip.status !== 'open') continue;
      slip.status = 'settled';
      slip.changed = true;
      touched.add(slip.bonus);
      slip.bonus.openBonus -= slip.bonusPart;
      if (slip.bonus.standing === 'active') slip.bonus.wagered += slip.contribution;
    }
  }

  /** After the ref's settlement (and its shares, if any): completion or loss of each of its bonuses. */
  function advanceRef(settleRef: string, spendable: Map<bigint, bigint>): TransferRequest[] {
    return [...new Set(ofRef(settleRef).map((s) => s.bonus))].flatMap((bonus) => advance(bonus, spendable));
  }

  /**
   * Bonus money that became cash after its bonus completed (a late share: + ; a late share or a
   * converted one taken back from cash by a correction: −), per bonus and event (bonus_late_cash).
   */
  function convertedLate(bonus: LockedBonus, eventRef: string, amount: bigint): void {
    const key = `${bonus.id}|${eventRef}`;
    const late = lateCash.get(key);
    if (late) late.amount += amount;
    else lateCash.set(key, { bonus, eventRef, amount });
  }

  /** A bonus share that arrived in main, moved where its bonus went (keyed per event and bonus). */
  function moveShare(bonus: LockedBonus, amount: bigint, eventRef: string, spendable: Map<bigint, bigint>) {
    if (amount === 0n || bonus.standing === 'lost') return [];
    if (bonus.standing === 'completed') {
      // It stays cash, as the rest of the bonus did: recorded as converted late (bonus_late_cash).
      convertedLate(bonus, eventRef, amount);
      return [];
    }
    const toBonus = bonus.standing === 'active';
    const to = toBonus ? bonus.bonusAccountId : bonus.poolAccountId!;
    spendable.set(bonus.mainAccountId, spendable.get(bonus.mainAccountId)! - amount);
    if (spendable.has(to)) spendable.set(to, spendable.get(to)! + amount);
    const request: TransferRequest = {
      merchantId: bonus.merchantId,
      idempotencyKey: `bonus:${bonus.id}:${eventRef}:${toBonus ? 'share' : 'late'}`,
      code: 'bonus',
      debitAccountId: bonus.mainAccountId,
      creditAccountId: to,
      amountMinor: amount,
      currency: bonus.currency,
      metadata: { bonusId: String(bonus.id), reason: toBonus ? 'bonus_win' : 'bonus_late_share' },
    };
    return [request];
  }

  /**
   * A take-back's bonus side brought into main from where its bonus went (keyed per event and bonus):
   * live → out of the bonus account, as far as its running balance goes; expired or forfeited → out of the
   * pool, which took it; completed or lost → nothing (it was cash). Answers the transfer and the amount.
   */
  function bringBack(bonus: LockedBonus, amount: bigint, eventRef: string, spendable: Map<bigint, bigint>) {
    if (amount === 0n || bonus.standing === 'completed' || bonus.standing === 'lost')
      return { transfers: [], amount: 0n };
    const fromBonus = bonus.standing === 'active';
    const from = fromBonus ? bonus.bonusAccountId : bonus.poolAccountId!;
    const moved = fromBonus ? least(amount, spendable.get(from)!) : amount;
    if (moved === 0n) return { transfers: [], amount: 0n };
    spendable.set(from, spendable.get(from)! - moved);
    spendable.set(bonus.mainAccountId, spendable.get(bonus.mainAccountId)! + moved);
    const request: TransferRequest = {
      merchantId: bonus.merchantId,
      idempotencyKey: `bonus:${bonus.id}:${eventRef}:${fromBonus ? 'back' : 'late-back'}`,
      code: 'bonus',
      debitAccountId: from,
      creditAccountId: bonus.mainAccountId,
      amountMinor: moved,
      currency: bonus.currency,
      metadata: { bonusId: String(bonus.id), reason: fromBonus ? 'bonus_take_back' : 'bonus_late_take_back' },
    };
    return { transfers: [request], amount: moved };
  }

  return {
    accountIds: () =>
      [...bonuses.values()].flatMap((b) => [
        b.mainAccountId,
        b.bonusAccountId,
        ...(b.poolAccountId ? [b.poolAccountId] : []),
      ]),
    has: (settleRef) => ofRef(settleRef).length > 0,
    settle(settleRef, spendable) {
      markSettled(settleRef);
      return advanceRef(settleRef, spendable);
    },
    payout(settleRef, refStakeMinor, amountMinor, eventRef, spendable, counted = true) {
      markSettled(settleRef, counted);
      // The shares reach their bonuses before any ending is judged: a win on a bet that held the whole
      // bonus is no loss of it, and a completion converts the share along with the rest.
      if (amountMinor === 0n || refStakeMinor === 0n) return advanceRef(settleRef, spendable);
      const moves: TransferRequest[] = [];
      const shares = new Map<LockedBonus, bigint>();
      for (const slip of ofRef(settleRef)) {
        const portion = (amountMinor * slip.stake) / refStakeMinor;
        const split = splitSlip(slip, portion);
        slip.cashShare += split.cashMinor;
        slip.bonusShare += split.bonusMinor;
        slip.changed = true;
        shares.set(slip.bonus, (shares.get(slip.bonus) ?? 0n) + split.bonusMinor);
      }
      // Shares first, then any completion they allow (the conversion takes the shares along).
      for (const [bonus, amount] of shares) moves.push(...moveShare(bonus, amount, eventRef, spendable));
      return [...moves, ...advanceRef(settleRef, spendable)];
    },
    void(betRef, eventRef, spendable) {
      const slip = slips.find((s) => s.betRef === betRef && s.status !== 'void');
      if (!slip) return [];
      const bonus = slip.bonus;
      if (slip.status === 'open') bonus.openBonus -= slip.bonusPart;
      else if (bonus.standing === 'active') bonus.wagered -= slip.contribution;
      slip.status = 'void';
      slip.changed = true;
      touched.add(bonus);
      return [...moveShare(bonus, slip.bonusPart, eventRef, spendable), ...advance(bonus, spendable)];
    },
    part(betRef, piece, eventRef, spendable) {
      const slip = slips.find((s) => s.betRef === betRef && s.status === 'open');
      if (!slip) return [];
      const { bonus, stake, cashPart } = slip;
      const settledBefore = slip.settledStake;
      const voidBefore = slip.voidStake;
      slip.settledStake += piece.settledMinor;
      slip.voidStake += piece.refundedMinor;
      if (slip.settledStake + slip.voidStake > stake)
        throw new Error(`bonus slip ${betRef}: pieces past its stake`);
      slip.changed = true;
      touched.add(bonus);
      // The bonus money of the stake resolved so far leaves the open bets (all of it once resolved whole).
      const onBet = (resolved: bigint) => resolved - (cashPart * resolved) / stake;
      bonus.openBonus -= onBet(slip.settledStake + slip.voidStake) - onBet(settledBefore + voidBefore);
      if (bonus.standing === 'active')
        bonus.wagered +=
          (slip.contribution * slip.settledStake) / stake - (slip.contribution * settledBefore) / stake;
      if (slip.settledStake + slip.voidStake === stake)
        slip.status = slip.settledStake > 0n ? 'settled' : 'void';
      const split = splitSlip(slip, piece.returnMinor);
      slip.cashShare += split.cashMinor;
      slip.bonusShare += split.bonusMinor;
      // A refund's bonus part by the running totals: the cash of the refunded stake so far, floored.
      const refundedBonus = onBet(slip.voidStake) - onBet(voidBefore);
      return [
        ...moveShare(bonus, split.bonusMinor + refundedBonus, eventRef, spendable),
        ...advance(bonus, spendable),
      ];
    },
    takeBack(settleRef, refStakeMinor, amountMinor, cashCanGiveMinor, eventRef, spendable) {
      const transfers: TransferRequest[] = [];
      let cashLeft = cashCanGiveMinor;
      let taken = 0n;
      for (const slip of ofRef(settleRef)) {
        // Open too: a reopened bet may still owe what an earlier take-back could not take.
        if (refStakeMinor === 0n) continue;
        const portion = (amountMinor * slip.stake) / refStakeMinor;
        const cashSide = least(splitSlip(slip, portion).cashMinor, slip.paidCash + slip.cashShare);
        const bonusSide = least(portion - cashSide, slip.paidBonus + slip.bonusShare);
        const back = bringBack(slip.bonus, bonusSide, eventRef, spendable);
        transfers.push(...back.transfers);
        const fromCash = least(portion - back.amount, cashLeft);
        cashLeft -= fromCash;
        const got = back.amount + fromCash;
        // The slip's shares follow what came back, the bonus side's first (never below what each got).
        const fromBonusSide = least(bonusSide, got);
        // After a completion the bonus side was cash: taking it back undoes that much conversion.
        if (slip.bonus.standing === 'completed' && fromBonusSide > 0n)
          convertedLate(slip.bonus, eventRef, -fromBonusSide);
        slip.bonusShare -= fromBonusSide;
        slip.cashShare -= got - fromBonusSide;
        slip.changed = true;
        touched.add(slip.bonus);
        taken += got;
      }
      return { transfers, takenMinor: taken, fromCashMinor: cashCanGiveMinor - cashLeft };
    },
    reopen(settleRef) {
      for (const slip of ofRef(settleRef)) {
        if (slip.status !== 'settled') continue;
        slip.status = 'open';
        slip.bonus.openBonus += slip.bonusPart;
        if (slip.bonus.standing === 'active') slip.bonus.wagered -= slip.contribution;
        slip.changed = true;
        touched.add(slip.bonus);
      }
    },
    async write(trx) {
      const changed = slips.filter((s) => s.changed);
      if (changed.length === 0) return;
      const col = <T>(f: (s: DeferredSlip) => T) => changed.map(f);
      await sql`
        update bonus_bet_slips s set status = u.status,
          settled_at = case when u.status = 'open' then s.settled_at else coalesce(s.settled_at, now()) end,
          payout_cash_minor = s.payout_cash_minor + u.cash_share,
          payout_bonus_minor = s.payout_bonus_minor + u.bonus_share,
          settled_stake_minor = u.settled_stake, void_stake_minor = u.void_stake, contribution_minor = u.contribution
          from unnest(${col((s) => String(s.bonus.id))}::bigint[], ${col((s) => s.betRef)}::text[],
                      ${col((s) => s.status)}::text[], ${col((s) => String(s.cashShare))}::bigint[],
                      ${col((s) => String(s.bonusShare))}::bigint[], ${col((s) => String(s.settledStake))}::bigint[],
                      ${col((s) => String(s.voidStake))}::bigint[], ${col((s) => String(s.contribution))}::bigint[])
            as u(bonus_id, bet_ref, status, cash_share, bonus_share, settled_stake, void_stake, contribution)
         where s.bonus_id = u.bonus_id and s.bet_ref = u.bet_ref`.execute(trx);
      await writeBonuses(trx, [...touched], ended, converted);
      await writeLateCash(trx, [...lateCash.values()]);
    },
  };
}

/**
 * The late cash of completed bonuses (migration 0089), once per bonus and event: the rows a retry
 * finds already written add nothing to the bonus's `converted_minor`.
 */
async function writeLateCash(
  trx: Db,
  all: { bonus: LockedBonus; eventRef: string; amount: bigint }[],
): Promise<void> {
  const late = all.filter((l) => l.amount !== 0n);
  if (late.length === 0) return;
  const col = <T>(f: (l: (typeof late)[number]) => T) => late.map(f);
  await sql`
    with added as (
      insert into bonus_late_cash (bonus_id, event_ref, merchant_id, currency, amount_minor)
      select u.bonus_id, u.event_ref, u.merchant_id, u.currency, u.amount
        from unnest(${col((l) => String(l.bonus.id))}::bigint[], ${col((l) => l.eventRef)}::text[],
                    ${col((l) => l.bonus.merchantId)}::uuid[], ${col((l) => l.bonus.currency)}::text[],
                    ${col((l) => String(l.amount))}::bigint[])
          as u(bonus_id, event_ref, merchant_id, currency, amount)
      on conflict (bonus_id, event_ref) do nothing
      returning bonus_id, amount_minor)
    update member_bonuses b set converted_minor = b.converted_minor + a.amount
      from (select bonus_id, sum(amount_minor) as amount from added group by bonus_id) a
     where b.id = a.bonus_id`.execute(trx);
}

/** A slip's portion of a return, split by its own parts (`splitPayout`). */
function splitSlip(slip: DeferredSlip, portion: bigint) {
  return splitPayout(
    {
      betId: slip.betRef,
      grantId: String(slip.bonus.id),
      category: 'RNG',
      stakeMinor: slip.stake,
      cashPartMinor: slip.cashPart,
      bonusPartMinor: slip.bonusPart,
      contributionMinor: slip.contribution,
    },
    portion,
  );
}

const least = (a: bigint, b: bigint) => (a < b ? a : b);
