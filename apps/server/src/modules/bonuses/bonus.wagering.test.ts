import type { BetCategory } from '@sorte/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetSlip,
  type BonusOffer,
  type BonusWallet,
  emptyWallet,
  expire,
  forfeit,
  grant,
  type MerchantBonusRules,
  movementBalances,
  onWithdrawalRequest,
  place,
  settle,
  splitPayout,
  type Transition,
} from './bonus.wagering.ts';
import { ReferenceBonusWallet } from './bonus.wagering.reference.ts';

const ON: MerchantBonusRules = { bonusesEnabled: true, onWithdrawal: 'forfeit' };
const T0 = 1_000_000;

const offer = (patch: Partial<BonusOffer> = {}): BonusOffer => ({
  grantId: 'g1',
  bonusMinor: 100_00n,
  depositMinor: 100_00n,
  basis: 'bonus',
  times: 10n,
  maxBetMinor: 20_00n,
  expiresAtMs: T0 + 1000,
  contributionBps: { RNG: 10_000n, PVP: 1_000n, LIVE: 0n },
  ...patch,
});

/** The wallet of a successful transition (fails the test on a refusal). */
function ok<E extends object>(t: Transition<E>): Extract<Transition<E>, { ok: true }> {
  if (!t.ok) throw new Error(`refused: ${t.code}`);
  expect(movementBalances(t.movement)).toBe(true);
  return t;
}

function granted(cash: bigint, patch: Partial<BonusOffer> = {}): BonusWallet {
  return ok(grant(emptyWallet(cash), offer(patch), ON, T0)).wallet;
}

describe('grant', () => {
  it('sets the requirement from the bonus or from deposit + bonus, exactly', () => {
    expect(granted(0n).grant!.requirementMinor).toBe(1000_00n);
    expect(granted(0n, { basis: 'deposit_plus_bonus', times: 35n }).grant!.requirementMinor).toBe(7000_00n);
    const t = ok(grant(emptyWallet(5n), offer(), ON, T0));
    expect([t.wallet.cashMinor, t.wallet.bonusMinor, t.movement.grantedMinor]).toEqual([
      5n,
      100_00n,
      100_00n,
    ]);
  });

  it('is refused with bonuses off, with a bonus already active and for a bad offer', () => {
    expect(grant(emptyWallet(), offer(), { ...ON, bonusesEnabled: false }, T0)).toEqual({
      ok: false,
      code: 'BONUS_DISABLED',
    });
    expect(grant(granted(0n), offer({ grantId: 'g2' }), ON, T0)).toMatchObject({
      code: 'BONUS_ALREADY_ACTIVE',
    });
    for (const bad of [
      { bonusMinor: 0n },
      { maxBetMinor: 0n },
      { expiresAtMs: T0 },
      { contributionBps: { RNG: 10_001n } },
    ])
      expect(grant(emptyWallet(), offer(bad), ON, T0)).toMatchObject({ code: 'BONUS_GRANT_INVALID' });
    // Once the first one has expired, a new grant is taken.
    expect(grant(granted(0n), offer({ grantId: 'g2', expiresAtMs: T0 + 5000 }), ON, T0 + 1000).ok).toBe(true);
  });
});

describe('a bet', () => {
  it('takes cash first, then bonus, and counts stake × rate rounded down', () => {
    const t = ok(place(granted(12_34n), { betId: 'b', category: 'PVP', stakeMinor: 20_00n }, T0));
    expect(t.slip).toMatchObject({ cashPartMinor: 12_34n, bonusPartMinor: 7_66n, contributionMinor: 2_00n });
    expect([t.wallet.cashMinor, t.wallet.bonusMinor]).toEqual([0n, 92_34n]);
    const odd = ok(place(granted(0n), { betId: 'b', category: 'PVP', stakeMinor: 19n }, T0));
    expect(odd.slip.contributionMinor).toBe(1n); // 1.9 → 1
    const live = ok(place(granted(0n), { betId: 'b', category: 'LIVE', stakeMinor: 19n }, T0));
    expect(live.slip.contributionMinor).toBe(0n);
    const sports = ok(place(granted(0n), { betId: 'b', category: 'SPORTS', stakeMinor: 19n }, T0));
    expect(sports.slip.contributionMinor).toBe(0n); // no rate: 0
  });

  it('is refused over the max bet while a bonus is active, not without one', () => {
    const w = granted(1000_00n);
    expect(place(w, { betId: 'b', category: 'RNG', stakeMinor: 20_01n }, T0)).toEqual({
      ok: false,
      code: 'BONUS_MAX_BET_EXCEEDED',
    });
    expect(place(w, { betId: 'b', category: 'RNG', stakeMinor: 20_00n }, T0).ok).toBe(true);
    expect(place(emptyWallet(1000_00n), { betId: 'b', category: 'RNG', stakeMinor: 500_00n }, T0).ok).toBe(
      true,
    );
    expect(place(w, { betId: 'b', category: 'RNG', stakeMinor: 0n }, T0)).toMatchObject({
      code: 'BONUS_STAKE_INVALID',
    });
    expect(
      place(granted(0n, { maxBetMinor: 500_00n }), { betId: 'b', category: 'RNG', stakeMinor: 100_01n }, T0),
    ).toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    });
  });
});

describe('settlement', () => {
  const slip: BetSlip = {
    betId: 'b',
    grantId: 'g1',
    category: 'RNG',
    stakeMinor: 30n,
    cashPartMinor: 10n,
    bonusPartMinor: 20n,
    contributionMinor: 30n,
  };

  it('splits winnings by the stake parts, the fraction to the bonus side', () => {
    expect(splitPayout(slip, 100n)).toEqual({ cashMinor: 33n, bonusMinor: 67n }); // 33.3 / 66.6
    expect(splitPayout(slip, 30n)).toEqual({ cashMinor: 10n, bonusMinor: 20n });
    expect(splitPayout(slip, 1n)).toEqual({ cashMinor: 0n, bonusMinor: 1n });
    expect(splitPayout({ ...slip, cashPartMinor: 30n, bonusPartMinor: 0n }, 7n)).toEqual({
      cashMinor: 7n,
      bonusMinor: 0n,
    });
  });

  it('a win pays each side its share; a loss pays nothing', () => {
    const placed = ok(place(granted(10n), { betId: 'b', category: 'RNG', stakeMinor: 30n }, T0));
    const won = ok(settle(placed.wallet, placed.slip, { kind: 'win', payoutMinor: 100n }, T0));
    expect([won.wallet.cashMinor, won.wallet.bonusMinor]).toEqual([33n, 100_00n - 20n + 67n]);
    const lost = ok(settle(placed.wallet, placed.slip, { kind: 'lose' }, T0));
    expect([lost.wallet.cashMinor, lost.wallet.bonusMinor]).toEqual([0n, 100_00n - 20n]);
    expect(lost.wallet.grant!.wageredMinor).toBe(30n);
  });

  it('a void returns each part where it came from and counts nothing', () => {
    const w = granted(10n);
    const placed = ok(place(w, { betId: 'b', category: 'RNG', stakeMinor: 30n }, T0));
    const voided = ok(settle(placed.wallet, placed.slip, { kind: 'void' }, T0));
    expect(voided.wallet).toEqual(w);
  });
});

describe('completion, expiry, forfeiture, loss', () => {
  it('counts a bet when it settles, converts once the requirement is met, open bets or not', () => {
    let w = granted(0n, { times: 1n, maxBetMinor: 100_00n });
    const a = ok(place(w, { betId: 'a', category: 'RNG', stakeMinor: 60_00n }, T0));
    const b = ok(place(a.wallet, { betId: 'b', category: 'RNG', stakeMinor: 40_00n }, T0));
    expect(b.wallet.grant!.wageredMinor).toBe(0n); // open bets count nothing yet
    const sa = ok(settle(b.wallet, a.slip, { kind: 'win', payoutMinor: 150_00n }, T0));
    expect([sa.ended, sa.wallet.grant!.wageredMinor]).toEqual([null, 60_00n]);
    const sb = ok(settle(sa.wallet, b.slip, { kind: 'lose' }, T0));
    expect(sb.ended).toBe('completed');
    expect(sb.movement.convertedMinor).toBe(150_00n);
    expect([sb.wallet.cashMinor, sb.wallet.bonusMinor]).toEqual([150_00n, 0n]);
    // No second conversion: later transitions leave the completed bonus alone.
    w = ok(expire(sb.wallet, T0 + 5000)).wallet;
    w = ok(forfeit(w, T0 + 5000)).wallet;
    expect(w).toEqual(sb.wallet);
  });

  it('a bet settled after its bonus completed sends its bonus share to cash', () => {
    const w = granted(0n, { times: 1n, bonusMinor: 100_00n, maxBetMinor: 100_00n });
    const open = ok(place(w, { betId: 'open', category: 'RNG', stakeMinor: 30_00n }, T0));
    const done = ok(place(open.wallet, { betId: 'done', category: 'RNG', stakeMinor: 70_00n }, T0));
    const completes = ok(settle(done.wallet, done.slip, { kind: 'win', payoutMinor: 140_00n }, T0));
    // wagered 70 of 100: not yet; the open bet settling (a loss) counts its 30 and completes it.
    expect(completes.ended).toBeNull();
    const c = ok(settle(completes.wallet, open.slip, { kind: 'lose' }, T0));
    expect([c.ended, c.movement.convertedMinor, c.wallet.cashMinor]).toEqual(['completed', 140_00n, 140_00n]);
    // Another order: the requirement met with a bet still open, then that bet wins or is voided.
    const big = granted(0n, { times: 1n, bonusMinor: 100_00n, maxBetMinor: 100_00n, grantId: 'g9' });
    const late = ok(place(big, { betId: 'late', category: 'RNG', stakeMinor: 20_00n }, T0));
    const full = ok(place(late.wallet, { betId: 'full', category: 'RNG', stakeMinor: 80_00n }, T0));
    const halfway = ok(settle(full.wallet, full.slip, { kind: 'win', payoutMinor: 80_00n }, T0));
    const grown = ok(place(halfway.wallet, { betId: 'more', category: 'RNG', stakeMinor: 20_00n }, T0));
    const done2 = ok(settle(grown.wallet, grown.slip, { kind: 'lose' }, T0));
    expect([done2.ended, done2.wallet.cashMinor]).toEqual(['completed', 60_00n]);
    const won = ok(settle(done2.wallet, late.slip, { kind: 'win', payoutMinor: 50_00n }, T0));
    expect(won.movement).toMatchObject({
      payoutBonusMinor: 50_00n,
      convertedMinor: 50_00n,
      forfeitedMinor: 0n,
    });
    expect([won.ended, won.wallet.cashMinor, won.wallet.bonusMinor]).toEqual([null, 110_00n, 0n]);
    const voided = ok(settle(done2.wallet, late.slip, { kind: 'void' }, T0));
    expect([voided.wallet.cashMinor, voided.wallet.grant!.wageredMinor]).toEqual([80_00n, 100_00n]);
    // A later grant does not change where the completed bonus's late share goes.
    const next = ok(grant(done2.wallet, offer({ grantId: 'g10' }), ON, T0)).wallet;
    const afterNext = ok(settle(next, late.slip, { kind: 'win', payoutMinor: 50_00n }, T0));
    expect([afterNext.wallet.cashMinor, afterNext.wallet.bonusMinor]).toEqual([110_00n, 100_00n]);
  });

  it('a void counts nothing and keeps the bonus active', () => {
    const w = granted(0n, { times: 1n, maxBetMinor: 100_00n });
    const a = ok(place(w, { betId: 'a', category: 'RNG', stakeMinor: 100_00n }, T0));
    const v = ok(settle(a.wallet, a.slip, { kind: 'void' }, T0));
    expect(v.ended).toBeNull();
    expect(v.wallet.grant!.wageredMinor).toBe(0n);
  });

  it('expiry removes the bonus balance once; a bonus part settled later is removed on arrival', () => {
    const w = granted(5_00n);
    const a = ok(place(w, { betId: 'a', category: 'RNG', stakeMinor: 15_00n }, T0));
    const e = ok(expire(a.wallet, T0 + 1000));
    expect(e.ended).toBe('expired');
    expect(e.movement.forfeitedMinor).toBe(90_00n);
    expect(ok(expire(e.wallet, T0 + 2000)).movement.forfeitedMinor).toBe(0n);
    const s = ok(settle(e.wallet, a.slip, { kind: 'win', payoutMinor: 30_00n }, T0 + 2000));
    expect(s.movement).toMatchObject({
      payoutCashMinor: 10_00n,
      payoutBonusMinor: 20_00n,
      forfeitedMinor: 20_00n,
    });
    expect([s.wallet.cashMinor, s.wallet.bonusMinor]).toEqual([10_00n, 0n]);
    // An overdue bonus expires before a bet, which then has no max bet and no bonus money.
    const late = ok(place(w, { betId: 'c', category: 'RNG', stakeMinor: 5_00n }, T0 + 1000));
    expect(late.ended).toBe('expired');
    expect(late.slip).toMatchObject({ grantId: null, bonusPartMinor: 0n, contributionMinor: 0n });
  });

  it('a withdrawal request forfeits or is refused, per the merchant rule', () => {
    const w = granted(50_00n);
    const f = ok(onWithdrawalRequest(w, ON, T0));
    expect([f.ended, f.movement.forfeitedMinor, f.wallet.cashMinor]).toEqual(['forfeited', 100_00n, 50_00n]);
    expect(onWithdrawalRequest(w, { ...ON, onWithdrawal: 'block' }, T0)).toEqual({
      ok: false,
      code: 'BONUS_WITHDRAWAL_BLOCKED',
    });
    expect(ok(onWithdrawalRequest(emptyWallet(1n), { ...ON, onWithdrawal: 'block' }, T0)).ended).toBeNull();
  });

  it('a bonus balance of zero with the requirement unmet is lost', () => {
    const w = granted(0n, { bonusMinor: 20_00n });
    const a = ok(place(w, { betId: 'a', category: 'RNG', stakeMinor: 20_00n }, T0));
    expect(a.ended).toBeNull(); // the bonus money is on the bet
    const l = ok(settle(a.wallet, a.slip, { kind: 'lose' }, T0));
    expect(l.ended).toBe('lost');
    expect(l.wallet.grant!.status).toBe('lost');
  });
});

/** A cheap equality check for the inner loop (vitest's expect costs too much per step). */
function same<T>(actual: T, expected: T): void {
  if (actual !== expected) throw new Error(`expected ${String(expected)}, got ${String(actual)}`);
}

// ---- Property tests: the engine against the naive reference over random sequences ----

const CATEGORIES: BetCategory[] = ['RNG', 'PVP', 'LIVE', 'SPORTS'];
const amount = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) });

const grantCommand = fc.record({
  t: fc.constant('grant' as const),
  enabled: fc.constantFrom(true, true, true, false),
  bonus: fc.bigInt({ min: 0n, max: 400n }),
  deposit: fc.bigInt({ min: 0n, max: 400n }),
  onDepositToo: fc.boolean(),
  times: fc.constantFrom(0n, 1n, 1n, 2n, 2n, 3n),
  maxBet: fc.bigInt({ min: 100n, max: 600n }),
  ttl: fc.integer({ min: 0, max: 1500 }),
  rates: fc.record({
    RNG: fc.constantFrom(10_000n, 5_000n, 3_333n),
    PVP: fc.bigInt({ min: 0n, max: 10_000n }),
    LIVE: fc.constant(0n),
  }),
});

const betCommand = fc.record({
  t: fc.constant('bet' as const),
  category: fc.constantFrom(...CATEGORIES),
  stake: fc.oneof(amount(150), amount(150), amount(2500)),
  /** Stakes all that is left (up to the max bet): the way a bonus balance reaches exactly 0. */
  allIn: fc.constantFrom(false, false, true),
});

const settleCommand = fc.record({
  t: fc.constant('settle' as const),
  pick: fc.nat(),
  outcome: fc.oneof(
    fc.constant<'lose' | 'void'>('lose'),
    fc.constant<'lose' | 'void'>('lose'),
    fc.constant<'lose' | 'void'>('void'),
    fc.bigInt({ min: 0n, max: 8n }), // the payout in quarters of the stake
  ),
});

type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const command = fc.oneof(
  { weight: 3, arbitrary: grantCommand },
  { weight: 16, arbitrary: betCommand },
  { weight: 16, arbitrary: settleCommand },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('time' as const), ms: fc.integer({ min: 1, max: 150 }) }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('deposit' as const), amount: amount(300) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('forfeit' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('withdraw' as const), block: fc.boolean() }) },
);

/** Runs one sequence on the engine and on the reference: same answers and state, invariants kept, after every step. */
function replay(cash0: bigint, commands: Command[], count: (key: string) => void): void {
  let wallet = emptyWallet(cash0);
  const ref = new ReferenceBonusWallet(cash0);
  const open: { slip: BetSlip; id: string }[] = [];
  let now = T0;
  let grants = 0;
  let bets = 0;
  let external = cash0; // cash + bonus must equal this: in (grants, payouts) − out (stakes, forfeits)
  const completions = new Map<string, number>();

  for (const c of commands) {
    let t: Transition<{ slip?: BetSlip }> | null = null;
    let refused: string | null = null;
    const activeBefore = wallet.grant?.status === 'active' && now < wallet.grant.expiresAtMs;
    if (c.t === 'grant') {
      grants += 1;
      const o: BonusOffer = {
        grantId: `g${grants}`,
        bonusMinor: c.bonus,
        depositMinor: c.deposit,
        basis: c.onDepositToo ? 'deposit_plus_bonus' : 'bonus',
        times: c.times,
        maxBetMinor: c.maxBet,
        expiresAtMs: now + c.ttl,
        contributionBps: c.rates,
      };
      t = grant(wallet, o, { ...ON, bonusesEnabled: c.enabled }, now);
      refused = ref.attempt(() =>
        ref.grant(
          {
            bonus: c.bonus,
            deposit: c.deposit,
            onDepositToo: c.onDepositToo,
            times: c.times,
            maxBet: c.maxBet,
            expiresAt: now + c.ttl,
            rates: c.rates,
          },
          c.enabled,
          now,
        ),
      );
      if (!c.enabled) same(t.ok ? null : t.code, 'BONUS_DISABLED');
    } else if (c.t === 'bet') {
      bets += 1;
      const id = `b${bets}`;
      const all = wallet.cashMinor + wallet.bonusMinor;
      const cap = activeBefore && all > wallet.grant!.maxBetMinor ? wallet.grant!.maxBetMinor : all;
      const stake = c.allIn && cap > 0n ? cap : c.stake;
      t = place(wallet, { betId: id, category: c.category, stakeMinor: stake }, now);
      refused = ref.attempt(() => ref.bet(id, c.category, stake, now));
      if (activeBefore && stake > wallet.grant!.maxBetMinor)
        same(t.ok ? null : t.code, 'BONUS_MAX_BET_EXCEEDED');
      if (t.ok) open.push({ slip: t.slip!, id });
    } else if (c.t === 'settle') {
      if (open.length === 0) continue;
      const { slip, id } = open.splice(c.pick % open.length, 1)[0]!;
      const outcome =
        c.outcome === 'lose'
          ? ({ kind: 'lose' } as const)
          : c.outcome === 'void'
            ? ({ kind: 'void' } as const)
            : ({ kind: 'win', payoutMinor: (slip.stakeMinor * c.outcome) / 4n } as const);
      t = settle(wallet, slip, outcome, now);
      refused = ref.attempt(() =>
        ref.settle(
          id,
          outcome.kind === 'win' ? outcome.payoutMinor : c.outcome === 'void' ? 'void' : 0n,
          now,
        ),
      );
    } else if (c.t === 'time') {
      now += c.ms;
      continue;
    } else if (c.t === 'deposit') {
      // A deposit credits cash outside these rules (the ledger's deposit transfer).
      wallet = { ...wallet, cashMinor: wallet.cashMinor + c.amount };
      ref.cash += c.amount;
      external += c.amount;
      continue;
    } else if (c.t === 'expire') {
      t = expire(wallet, now);
      refused = ref.attempt(() => ref.expire(now));
    } else if (c.t === 'forfeit') {
      t = forfeit(wallet, now);
      refused = ref.attempt(() => ref.forfeit(now));
    } else {
      const rules: MerchantBonusRules = { ...ON, onWithdrawal: c.block ? 'block' : 'forfeit' };
      t = onWithdrawalRequest(wallet, rules, now);
      refused = ref.attempt(() => ref.withdraw(c.block, now));
    }

    same(t.ok ? null : t.code, refused);
    count(t.ok ? `${c.t}:${t.ended ?? 'ok'}` : t.code);
    if (t.ok && t.movement.forfeitedMinor > 0n && t.ended === null) count('bonus share removed on arrival');
    if (t.ok && t.movement.convertedMinor > 0n) count('converted');
    if (t.ok && c.t === 'settle' && t.ended !== 'completed' && t.movement.convertedMinor > 0n)
      count('late share to cash');
    if (c.t === 'settle' && c.outcome === 'void' && t.ok && wallet.grant?.status !== 'active')
      count('void after the bonus ended');
    if (t.ok && t.ended) count(`ended:${t.ended}`);
    if (t.ok) {
      const m = t.movement;
      same(movementBalances(m), true);
      external += m.grantedMinor - m.stakeCashMinor - m.stakeBonusMinor;
      external += m.payoutCashMinor + m.payoutBonusMinor - m.forfeitedMinor;
      // A conversion is a completion, or a late bet's bonus share of a completed bonus.
      if (m.convertedMinor > 0n && t.ended !== 'completed') same(c.t, 'settle');
      if (t.ended === 'completed') {
        const id = t.wallet.grant!.grantId;
        completions.set(id, (completions.get(id) ?? 0) + 1);
        same(completions.get(id), 1);
      }
      wallet = t.wallet;
    }

    // Same state as the reference.
    same(wallet.cashMinor, ref.cash);
    same(wallet.bonusMinor, ref.bonus);
    same(wallet.grant?.status ?? null, ref.status);
    if (wallet.grant) {
      same(wallet.grant.wageredMinor, ref.wagered);
      same(wallet.grant.requirementMinor, ref.requirement);
    }
    // Invariants.
    same(wallet.cashMinor >= 0n && wallet.bonusMinor >= 0n, true);
    if (wallet.grant?.status !== 'active') same(wallet.bonusMinor, 0n);
    same(wallet.cashMinor + wallet.bonusMinor, external);
    if (ref.status === 'completed') same(ref.conversions, 1);
    const g = wallet.grant;
    if (g?.status === 'active') {
      const mine = open.filter((o) => o.slip.grantId === g.grantId);
      same(g.openBets, mine.length);
      same(
        g.openBonusStakeMinor,
        mine.reduce((s, o) => s + o.slip.bonusPartMinor, 0n),
      );
    }
  }
}

describe('engine against the reference', () => {
  it('agrees on balances, wagered and status, with the invariants after every step', () => {
    // How often each ending and refusal came up: the sequences must reach all of them.
    const seen = new Map<string, number>();
    const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 300n }),
        grantCommand,
        fc.array(command, { minLength: 10, maxLength: 60, size: 'max' }),
        (cash0, first, rest) => replay(cash0, [first, ...rest], count),
      ),
      { numRuns: 300 },
    );
    // Deferred settlement: several bets open at once under one bonus, the first ones paid from it,
    // settled in random order — completions with bets still open, late shares and voids after the end.
    fc.assert(
      fc.property(
        fc.constant(0n),
        grantCommand.map((g) => ({
          ...g,
          enabled: true,
          bonus: 200n,
          onDepositToo: false,
          times: 1n as const,
          maxBet: 600n,
          ttl: 1500,
          rates: { ...g.rates, RNG: 10_000n as const },
        })),
        fc.array(
          fc.oneof(
            {
              weight: 3,
              arbitrary: betCommand.map((b) => ({
                ...b,
                category: 'RNG' as BetCategory,
                stake: b.stake > 120n ? (b.stake % 120n) + 1n : b.stake,
              })),
            },
            { weight: 3, arbitrary: settleCommand },
            // Cash deposited later is staked first: bets counted while bonus-funded ones stay open.
            { weight: 1, arbitrary: fc.record({ t: fc.constant('deposit' as const), amount: amount(300) }) },
          ),
          { minLength: 12, maxLength: 30 },
        ),
        (cash0, first, rest) => replay(cash0, [first, ...rest], count),
      ),
      { numRuns: 200 },
    );
    for (const key of [
      'converted',
      'settle:completed',
      'ended:completed',
      'ended:lost',
      'ended:expired',
      'ended:forfeited',
      'withdraw:forfeited',
      'bonus share removed on arrival',
      'late share to cash',
      'void after the bonus ended',
      'BONUS_MAX_BET_EXCEEDED',
      'BONUS_ALREADY_ACTIVE',
      'BONUS_DISABLED',
      'BONUS_WITHDRAWAL_BLOCKED',
      'WALLET_INSUFFICIENT_FUNDS',
    ])
      expect(seen.get(key) ?? 0, `${key} in ${JSON.stringify([...seen])}`).toBeGreaterThan(3);
  });
});
