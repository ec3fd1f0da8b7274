import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type RealtimeBets,
  type RealtimeNode,
  settleRealtime,
  type Tier,
  tierProblems,
  withinCap,
} from './contracts.math.ts';
import { DEFAULT_RULES, tierLimits } from './contracts.rules.ts';
import { agentTreeArb } from './contracts.test-helpers.ts';

/**
 * The real-time salary's mathematics against a reference written separately and as plainly as
 * possible: every bet on its own, its tier found by filtering, its rate capped by walking up the
 * agent chain, team membership by walking up the tree (not the ancestry strings), the floor taken
 * with an explicit modulo.
 */

// ---------------------------------------------------------------- the reference

interface RefBet {
  valid: bigint;
  stake: bigint;
  payout: bigint;
}

interface RefAgent {
  id: string;
  parent: string | null;
  tiers: Tier[];
  carryIn: bigint;
  /** Bets of the agent itself (the first list) and of plain players directly under it (the rest). */
  own: RefBet[][];
}

const ONE = 1_000_000n;
const refFloor = (n: bigint, d: bigint) => (n - (((n % d) + d) % d)) / d;

function refRate(a: RefAgent, bet: RefBet): { tier: number | null; rate: bigint } {
  const met = a.tiers.map((t, i) => ({ t, i })).filter(({ t }) => bet.valid >= t.minValidBetMinor);
  const top = met[met.length - 1];
  if (!top) return { tier: null, rate: 0n };
  const lost = bet.payout < bet.stake;
  return { tier: top.i, rate: lost ? top.t.rateUnits! : top.t.profitRateUnits! };
}

function refApplied(agents: RefAgent[], id: string, bet: RefBet): bigint {
  const a = agents.find((x) => x.id === id)!;
  const own = refRate(a, bet).rate;
  if (a.parent === null) return own;
  const cap = refApplied(agents, a.parent, bet);
  return own < cap ? own : cap;
}

/** Every bet of an agent's team: its own players' and, recursively, its child agents' teams'. */
function refTeamBets(agents: RefAgent[], id: string): RefBet[] {
  const a = agents.find((x) => x.id === id)!;
  const bets = a.own.flat();
  for (const child of agents.filter((x) => x.parent === id)) bets.push(...refTeamBets(agents, child.id));
  return bets;
}

function refGross(agents: RefAgent[], id: string): bigint {
  const a = agents.find((x) => x.id === id)!;
  let gross = 0n;
  for (const bet of refTeamBets(agents, id))
    if (refRate(a, bet).tier !== null) gross += refFloor(bet.valid * refApplied(agents, id, bet), ONE);
  return gross;
}

function refSettle(agents: RefAgent[], id: string, carryOver: boolean) {
  let net = refGross(agents, id);
  for (const child of agents.filter((x) => x.parent === id)) net -= refGross(agents, child.id);
  const total = net + (carryOver ? agents.find((x) => x.id === id)!.carryIn : 0n);
  return { net, paid: total > 0n ? total : 0n, carryOut: carryOver && total < 0n ? total : 0n };
}

// ---------------------------------------------------------------- generators

/** Ordered real-time tiers: minimums and both rates step up; the profit rate at most the loss rate. */
const tiersArb: fc.Arbitrary<Tier[]> = fc
  .array(
    fc.record({
      min: fc.bigInt({ min: 0n, max: 3_000n }),
      loss: fc.bigInt({ min: 0n, max: 5_000n }),
      profit: fc.bigInt({ min: 0n, max: 5_000n }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((steps) => {
    const tiers: Tier[] = [];
    let [min, loss, profit] = [0n, 0n, 0n];
    for (const [i, s] of steps.entries()) {
      min += s.min + (i ? 1n : 0n);
      loss += s.loss;
      profit = profit + s.profit < loss ? profit + s.profit : loss;
      tiers.push({
        minValidBetMinor: min,
        minLossMinor: 0n,
        minActiveMembers: 0,
        rateUnits: loss,
        amountMinor: null,
        profitRateUnits: profit,
      });
    }
    return tiers;
  });

/** A bet: few distinct stakes so that bets alike are grouped; payouts lose, push or win. */
const betArb: fc.Arbitrary<RefBet> = fc
  .record({
    stake: fc.constantFrom(100n, 250n, 1_000n, 3_333n, 7_000n),
    validPart: fc.constantFrom(1n, 2n),
    payout: fc.constantFrom(0n, 1n, 2n, 3n),
  })
  .map(({ stake, validPart, payout }) => ({
    stake,
    valid: validPart === 1n ? stake : stake / 2n,
    payout: payout === 1n ? stake : payout === 0n ? 0n : stake * payout,
  }));

function treeArb(): fc.Arbitrary<RefAgent[]> {
  const row = fc.record({
    tiers: tiersArb,
    carryIn: fc.bigInt({ min: -2_000n, max: 0n }),
    own: fc.array(fc.array(betArb, { maxLength: 5 }), { minLength: 1, maxLength: 3 }),
  });
  return agentTreeArb(row, 8);
}

/** The engine's input: contract nodes, and each member's bets grouped by valid stake and outcome. */
function engineInput(agents: RefAgent[]): { nodes: RealtimeNode[]; bets: RealtimeBets[] } {
  const ancestry = (id: string | null): string => {
    if (id === null) return '/';
    return `${ancestry(agents.find((x) => x.id === id)!.parent)}${id}/`;
  };
  const groups = new Map<string, RealtimeBets>();
  for (const a of agents)
    for (const [i, bets] of a.own.entries())
      for (const b of bets) {
        const memberId = i === 0 ? a.id : `${a.id}-p${i}`;
        const lost = b.payout < b.stake;
        const key = `${memberId}|${b.valid}|${lost}`;
        const g = groups.get(key) ?? {
          memberId,
          ancestry: i === 0 ? ancestry(a.parent) : ancestry(a.id),
          validStakeMinor: b.valid,
          lost,
          count: 0n,
          profitMinor: 0n,
        };
        g.count += 1n;
        g.profitMinor += b.payout - b.stake;
        groups.set(key, g);
      }
  const nodes = agents.map((a, i) => ({
    contractId: BigInt(i + 1),
    agentId: a.id,
    parentContractId: a.parent === null ? null : BigInt(Number(a.parent.slice(1)) + 1),
    top: a.parent === null,
    tiers: a.tiers,
    carryInMinor: a.carryIn,
  }));
  return { nodes, bets: [...groups.values()] };
}

// ---------------------------------------------------------------- properties

describe('real-time salary mathematics', () => {
  it('settles every bet as the reference does: tier by the single bet, loss or profit rate, cap, differential, carry', () => {
    fc.assert(
      fc.property(treeArb(), fc.boolean(), (agents, carryOver) => {
        const { nodes, bets } = engineInput(agents);
        const out = settleRealtime(nodes, bets, { carryOver });
        for (const [i, a] of agents.entries()) {
          const ref = refSettle(agents, a.id, carryOver);
          const s = out[i]!;
          expect(s.grossMinor - s.downlineMinor).toBe(ref.net);
          expect(s.grossMinor).toBe(refGross(agents, a.id));
          expect(s.amountMinor).toBe(ref.paid);
          expect(s.carryOutMinor).toBe(ref.carryOut);
          // Figures: the valid stake of the team's bets that met a tier.
          const counted = refTeamBets(agents, a.id).filter((b) => refRate(a, b).tier !== null);
          expect(s.figures.validBetMinor).toBe(counted.reduce((t, b) => t + b.valid, 0n));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('nets add up to exactly the top contracts’ gross, and none is negative (a team holds its sub-teams, its rate per bet is the higher)', () => {
    fc.assert(
      fc.property(treeArb(), (agents) => {
        const { nodes, bets } = engineInput(agents);
        const out = settleRealtime(nodes, bets, { carryOver: false });
        const nets = out.reduce((t, s) => t + s.grossMinor - s.downlineMinor, 0n);
        const tops = out.filter((_, i) => agents[i]!.parent === null).reduce((t, s) => t + s.grossMinor, 0n);
        expect(nets).toBe(tops);
        for (const s of out) expect(s.grossMinor - s.downlineMinor >= 0n).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a bet below the first tier’s single-bet minimum earns nothing; a lost bet pays the loss rate, any other the profit rate', () => {
    const tiers: Tier[] = [
      {
        minValidBetMinor: 1_000n,
        minLossMinor: 0n,
        minActiveMembers: 0,
        rateUnits: 10_000n,
        amountMinor: null,
        profitRateUnits: 4_000n,
      },
      {
        minValidBetMinor: 10_000n,
        minLossMinor: 0n,
        minActiveMembers: 0,
        rateUnits: 20_000n,
        amountMinor: null,
        profitRateUnits: 5_000n,
      },
    ];
    const node: RealtimeNode = {
      contractId: 1n,
      agentId: 'T',
      parentContractId: null,
      top: true,
      tiers,
      carryInMinor: 0n,
    };
    const bet = (validStakeMinor: bigint, lost: boolean, count = 1n): RealtimeBets => ({
      memberId: 'p',
      ancestry: '/T/',
      validStakeMinor,
      lost,
      count,
      profitMinor: 0n,
    });
    const gross = (b: RealtimeBets[]) => settleRealtime([node], b, { carryOver: true })[0]!.grossMinor;
    expect(gross([bet(999n, true)])).toBe(0n);
    expect(gross([bet(1_000n, true)])).toBe(10n); // 1% of R$ 10.00
    expect(gross([bet(1_000n, false)])).toBe(4n); // 0.4%
    expect(gross([bet(10_000n, true)])).toBe(200n); // tier 2: 2%
    expect(gross([bet(10_000n, false)])).toBe(50n); // 0.5%
    // Rounded down per bet, not on the sum: 3 × ⌊1,050 × 0.4%⌋ = 3 × 4.
    expect(gross([bet(1_050n, false, 3n)])).toBe(12n);
  });

  it('the rate cap: tiers within the upline’s never pay more on any single bet, lost or not', () => {
    fc.assert(
      fc.property(
        tiersArb,
        tiersArb,
        fc.bigInt({ min: 0n, max: 20_000n }),
        fc.boolean(),
        (down, up, stake, lost) => {
          fc.pre(withinCap(down, up));
          const node = (id: bigint, tiers: Tier[], parent: bigint | null): RealtimeNode => ({
            contractId: id,
            agentId: `a${id}`,
            parentContractId: parent,
            top: parent === null,
            tiers,
            carryInMinor: 0n,
          });
          const bets: RealtimeBets[] = [
            { memberId: 'p', ancestry: '/a1/a2/', validStakeMinor: stake, lost, count: 1n, profitMinor: 0n },
          ];
          // Uncapped at settlement (each its own top contract): the tiers alone keep the downline below.
          const [u] = settleRealtime([node(1n, up, null)], bets, { carryOver: false });
          const [d] = settleRealtime([node(2n, down, null)], bets, { carryOver: false });
          expect(d!.grossMinor <= u!.grossMinor).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('checks real-time tiers: both rates, the profit rate at most the loss rate, both within the maximum, none for other types', () => {
    const limits = tierLimits(DEFAULT_RULES, 'realtime');
    const t = (rate: bigint, profit: bigint | null, min = 0n): Tier => ({
      minValidBetMinor: min,
      minLossMinor: 0n,
      minActiveMembers: 0,
      rateUnits: rate,
      amountMinor: null,
      profitRateUnits: profit,
    });
    expect(tierProblems('realtime', [t(5_000n, 2_000n), t(8_000n, 3_000n, 10_000n)], limits)).toEqual([]);
    expect(tierProblems('realtime', [t(5_000n, null)], limits)).toEqual(['tiers.0.profit_rate']);
    expect(tierProblems('realtime', [t(5_000n, 6_000n)], limits)).toEqual(['tiers.0.profit_above_loss']);
    expect(tierProblems('realtime', [t(5_000n, 3_000n), t(8_000n, 2_000n, 1n)], limits)).toEqual([
      'tiers.1.out_of_order',
    ]);
    expect(tierProblems('realtime', [t(20_000n, 20_000n)], limits)).toEqual(['tiers.0.rate_above_max']);
    expect(tierProblems('hourly', [t(5_000n, 2_000n)], tierLimits(DEFAULT_RULES, 'hourly'))).toEqual([
      'tiers.0.realtime_only',
    ]);
    // The cap holds on each rate: a downline's profit rate above its upline's is outside it.
    expect(withinCap([t(4_000n, 3_000n)], [t(5_000n, 2_000n)])).toBe(false);
    expect(withinCap([t(4_000n, 2_000n)], [t(5_000n, 2_000n)])).toBe(true);
  });
});
