import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ContractNode,
  type ContractType,
  carry,
  type Figures,
  type MemberFigures,
  settleTree,
  type Tier,
  teamFigures,
  thresholdsOf,
  tierFor,
  tierProblems,
  valueAt,
  withinCap,
} from './contracts.math.ts';
import { agentTreeArb } from './contracts.test-helpers.ts';

/**
 * The contract mathematics against a reference written separately and as plainly as possible: teams
 * summed by walking the tree's children (not the ancestry strings), tiers found by filtering, rates
 * capped by walking up the chain, the floor taken with an explicit modulo.
 */

// ---------------------------------------------------------------- the reference

interface RefAgent {
  id: string;
  parent: string | null;
  tiers: Tier[];
  carryIn: bigint;
  /** The agent's own bets and those of its plain players (no agents below them). */
  own: { valid: bigint; profit: bigint }[];
}

const ONE = 1_000_000n;
function refFloor(n: bigint, d: bigint): bigint {
  const m = ((n % d) + d) % d;
  return (n - m) / d;
}

function refTeam(agents: RefAgent[], id: string, activeMin: bigint): Figures {
  const me = agents.find((a) => a.id === id)!;
  let validBetMinor = 0n;
  let profitMinor = 0n;
  let activeMembers = 0;
  for (const m of me.own) {
    validBetMinor += m.valid;
    profitMinor += m.profit;
    if (m.valid > 0n && m.valid >= activeMin) activeMembers++;
  }
  for (const child of agents.filter((a) => a.parent === id)) {
    const t = refTeam(agents, child.id, activeMin);
    validBetMinor += t.validBetMinor;
    profitMinor += t.profitMinor;
    activeMembers += t.activeMembers;
  }
  return { validBetMinor, profitMinor, activeMembers };
}

function refTier(tiers: Tier[], f: Figures): number | null {
  const met = tiers
    .map((t, i) => ({ t, i }))
    .filter(
      ({ t }) =>
        f.validBetMinor >= t.minValidBetMinor &&
        // A period the team won is measured without the minimum loss (its share is owed, and carried).
        (f.profitMinor > 0n || -f.profitMinor >= t.minLossMinor) &&
        f.activeMembers >= t.minActiveMembers,
    );
  return met.length ? met[met.length - 1]!.i : null;
}

function refApplied(agents: RefAgent[], id: string, activeMin: bigint): bigint {
  const a = agents.find((x) => x.id === id)!;
  const tier = refTier(a.tiers, refTeam(agents, id, activeMin));
  const own = tier === null ? 0n : (a.tiers[tier]!.rateUnits ?? a.tiers[tier]!.amountMinor!);
  if (a.parent === null) return own;
  const cap = refApplied(agents, a.parent, activeMin);
  return own < cap ? own : cap;
}

function refGross(type: ContractType, agents: RefAgent[], id: string, activeMin: bigint): bigint {
  const a = agents.find((x) => x.id === id)!;
  const team = refTeam(agents, id, activeMin);
  if (refTier(a.tiers, team) === null) return 0n;
  const value = refApplied(agents, id, activeMin);
  if (a.tiers[0]!.amountMinor !== null) return value;
  const base = type === 'dividend' ? -team.profitMinor : team.validBetMinor;
  return refFloor(base * value, ONE);
}

function refNet(type: ContractType, agents: RefAgent[], id: string, activeMin: bigint): bigint {
  let net = refGross(type, agents, id, activeMin);
  for (const child of agents.filter((a) => a.parent === id))
    net -= refGross(type, agents, child.id, activeMin);
  return net;
}

// ---------------------------------------------------------------- generators

const money = (max: bigint) => fc.bigInt({ min: 0n, max });

/** Ordered tiers: each minimum and the value step up from the tier before. */
function tiersArb(type: ContractType, basis: 'rate' | 'amount' = 'rate'): fc.Arbitrary<Tier[]> {
  const dividend = type === 'dividend';
  return fc
    .array(
      fc.record({
        valid: money(50_000n),
        loss: dividend ? money(20_000n) : fc.constant(0n),
        active: dividend ? fc.integer({ min: 0, max: 3 }) : fc.constant(0),
        value: basis === 'rate' ? fc.bigInt({ min: 0n, max: 100_000n }) : money(5_000n),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .map((steps) => {
      const tiers: Tier[] = [];
      let [v, l, a, val] = [0n, 0n, 0, 0n];
      for (const [i, s] of steps.entries()) {
        v += s.valid + (i ? 1n : 0n);
        l += s.loss;
        a += s.active;
        val += s.value;
        tiers.push({
          minValidBetMinor: v,
          minLossMinor: l,
          minActiveMembers: a,
          rateUnits: basis === 'rate' ? val : null,
          amountMinor: basis === 'amount' ? val : null,
        });
      }
      return tiers;
    });
}

const memberArb = fc.record({
  valid: money(40_000n),
  profit: fc.bigInt({ min: -40_000n, max: 30_000n }),
});

/** A random agent tree with players under it. */
function treeArb(type: ContractType, basis: 'rate' | 'amount' = 'rate'): fc.Arbitrary<RefAgent[]> {
  const row = fc.record({
    tiers: tiersArb(type, basis),
    carryIn: fc.bigInt({ min: -5_000n, max: 0n }),
    own: fc.array(memberArb, { maxLength: 4 }),
  });
  return agentTreeArb(row, 9);
}

/** The same tree as the engine sees it: each member's own figures and ancestry, each contract node. */
function engineInput(agents: RefAgent[], activeMin: bigint) {
  const ancestry = (id: string | null): string => {
    if (id === null) return '/';
    const a = agents.find((x) => x.id === id)!;
    return `${ancestry(a.parent)}${id}/`;
  };
  const members: MemberFigures[] = [];
  for (const a of agents) {
    // The agent's own bets are the first of its `own`; the rest are plain players directly under it.
    for (const [i, m] of a.own.entries())
      members.push({
        memberId: i === 0 ? a.id : `${a.id}-p${i}`,
        ancestry: i === 0 ? ancestry(a.parent) : ancestry(a.id),
        validBetMinor: m.valid,
        profitMinor: m.profit,
      });
  }
  const teams = teamFigures(members, new Set(agents.map((a) => a.id)), activeMin);
  const nodes: ContractNode[] = agents.map((a, i) => ({
    contractId: BigInt(i + 1),
    agentId: a.id,
    parentContractId: a.parent === null ? null : BigInt(Number(a.parent.slice(1)) + 1),
    top: a.parent === null,
    tiers: a.tiers,
    figures: teams.get(a.id)!,
    carryInMinor: a.carryIn,
  }));
  return nodes;
}

const typeArb = fc.constantFrom<ContractType>('dividend', 'daily', 'hourly');

// ---------------------------------------------------------------- properties

describe('contract mathematics', () => {
  it('settles a tree exactly as the reference does: team figures, tier, capped value, differential, carry', () => {
    fc.assert(
      fc.property(
        typeArb.chain((type) => fc.tuple(fc.constant(type), treeArb(type), money(10_000n), fc.boolean())),
        ([type, agents, activeMin, carryOver]) => {
          const out = settleTree(type, engineInput(agents, activeMin), { carryOver });
          for (const [i, a] of agents.entries()) {
            const s = out[i]!;
            expect(s.agentId).toBe(a.id);
            expect(s.tier).toBe(refTier(a.tiers, refTeam(agents, a.id, activeMin)));
            expect(s.grossMinor).toBe(refGross(type, agents, a.id, activeMin));
            const net = refNet(type, agents, a.id, activeMin);
            expect(s.grossMinor - s.downlineMinor).toBe(net);
            const total = net + (carryOver ? a.carryIn : 0n);
            expect(s.amountMinor).toBe(total > 0n ? total : 0n);
            expect(s.carryOutMinor).toBe(carryOver && total < 0n ? total : 0n);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('differential nets add up to exactly the top contracts gross; nobody is applied more than its upline', () => {
    fc.assert(
      fc.property(
        typeArb.chain((type) => fc.tuple(fc.constant(type), treeArb(type), money(10_000n))),
        ([type, agents, activeMin]) => {
          const nodes = engineInput(agents, activeMin);
          const out = settleTree(type, nodes, { carryOver: false });
          const nets = out.reduce((sum, s) => sum + (s.grossMinor - s.downlineMinor), 0n);
          const tops = out.filter((_, i) => nodes[i]!.parentContractId === null);
          expect(nets).toBe(tops.reduce((sum, s) => sum + s.grossMinor, 0n));
          for (const [i, n] of nodes.entries()) {
            if (n.parentContractId === null) continue;
            const parent = out[Number(n.parentContractId) - 1]!;
            expect(out[i]!.valueUnits <= parent.valueUnits).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a contract whose upline agent holds none in the period earns nothing (the cap is 0)', () => {
    const tier: Tier = {
      minValidBetMinor: 0n,
      minLossMinor: 0n,
      minActiveMembers: 0,
      rateUnits: 10_000n,
      amountMinor: null,
    };
    const figures = { validBetMinor: 100_000n, profitMinor: 0n, activeMembers: 1 };
    const node = {
      contractId: 1n,
      agentId: 'b',
      parentContractId: null,
      tiers: [tier],
      figures,
      carryInMinor: 0n,
    };
    expect(settleTree('daily', [{ ...node, top: false }], { carryOver: true })[0]!.amountMinor).toBe(0n);
    expect(settleTree('daily', [{ ...node, top: true }], { carryOver: true })[0]!.amountMinor).toBe(1_000n);
  });

  it('a salary on a rate never makes an agent owe: every net is ≥ 0 (its team holds its sub-teams, its rate is the higher)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom<ContractType>('daily', 'hourly')
          .chain((type) => fc.tuple(fc.constant(type), treeArb(type))),
        ([type, agents]) => {
          for (const s of settleTree(type, engineInput(agents, 0n), { carryOver: true }))
            expect(s.grossMinor - s.downlineMinor >= 0n).toBe(true);
        },
      ),
    );
  });

  it('carry-over: over any run of periods, paid + the last carry = nets + the first carry; off, nothing is carried', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -10_000n, max: 10_000n }), { maxLength: 12 }),
        fc.bigInt({ min: -10_000n, max: 0n }),
        (nets, first) => {
          let c = first;
          let paid = 0n;
          for (const net of nets) {
            const r = carry(net, c, true);
            expect(r.carryOutMinor <= 0n && r.amountMinor >= 0n).toBe(true);
            paid += r.amountMinor;
            c = r.carryOutMinor;
          }
          expect(paid + c).toBe(nets.reduce((s, n) => s + n, 0n) + first);
          for (const net of nets) {
            const off = carry(net, first, false);
            expect(off).toEqual({ carryInMinor: 0n, amountMinor: net > 0n ? net : 0n, carryOutMinor: 0n });
          }
        },
      ),
    );
  });

  it('the highest tier met applies', () => {
    fc.assert(
      fc.property(
        tiersArb('dividend'),
        fc.record({
          validBetMinor: money(200_000n),
          profitMinor: fc.bigInt({ min: -100_000n, max: 100_000n }),
          activeMembers: fc.integer({ min: 0, max: 20 }),
        }),
        (tiers, f) => {
          expect(tierFor(tiers, f)).toBe(refTier(tiers, f));
        },
      ),
    );
  });

  it('the rate cap: tiers within the upline’s never pay more at any figures; tiers outside it do at some tier’s minimums', () => {
    fc.assert(
      fc.property(
        tiersArb('dividend'),
        tiersArb('dividend'),
        fc.array(
          fc.record({
            validBetMinor: money(300_000n),
            profitMinor: fc.bigInt({ min: -150_000n, max: 50_000n }),
            activeMembers: fc.integer({ min: 0, max: 20 }),
          }),
          { maxLength: 20 },
        ),
        (down, up, samples) => {
          const points = [...samples, ...down.map(thresholdsOf), ...up.map(thresholdsOf)];
          const exceeds = points.some((f) => valueAt(down, f) > valueAt(up, f));
          if (withinCap(down, up)) expect(exceeds).toBe(false);
          else
            expect(down.some((t) => valueAt(down, thresholdsOf(t)) > valueAt(up, thresholdsOf(t)))).toBe(
              true,
            );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('checks tiers: ordered, within the merchant’s maxima, amounts only for a daily salary', () => {
    const limits = { maxTiers: 3, maxRateUnits: 50_000n, maxAmountMinor: 10_000n };
    const t = (valid: bigint, rate: bigint | null, amount: bigint | null = null): Tier => ({
      minValidBetMinor: valid,
      minLossMinor: 0n,
      minActiveMembers: 0,
      rateUnits: rate,
      amountMinor: amount,
    });
    expect(tierProblems('daily', [t(100n, 1_000n), t(200n, 2_000n)], limits)).toEqual([]);
    expect(tierProblems('daily', [t(100n, null, 500n), t(200n, null, 900n)], limits)).toEqual([]);
    expect(tierProblems('hourly', [t(100n, null, 500n)], limits)).toContain('tiers.amount_not_allowed');
    expect(tierProblems('daily', [t(200n, 1_000n), t(100n, 2_000n)], limits)).toContain(
      'tiers.1.out_of_order',
    );
    expect(tierProblems('daily', [t(100n, 2_000n), t(200n, 1_000n)], limits)).toContain(
      'tiers.1.out_of_order',
    );
    expect(tierProblems('daily', [t(100n, 60_000n)], limits)).toContain('tiers.0.rate_above_max');
    expect(tierProblems('daily', [t(1n, 1n), t(2n, 2n), t(3n, 3n), t(4n, 4n)], limits)).toContain(
      'tiers.too_many',
    );
    expect(tierProblems('daily', [], limits)).toContain('tiers.empty');
    expect(tierProblems('daily', [t(100n, 1_000n), t(200n, null, 5n)], limits)).toContain(
      'tiers.1.mixed_basis',
    );
  });
});
