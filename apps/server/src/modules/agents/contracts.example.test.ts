import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseToMinor, rateFromPercent } from '@sorte/money';
import { describe, expect, it } from 'vitest';
import { type ContractNode, settleTree, type Tier, withinCap } from './contracts.math.ts';

/**
 * The four-level worked example of docs/agents.md is this test: both of its tables are read from the
 * document, the week is settled with `settleTree`, and every column of the week's table must come out.
 * Change the numbers in the document and this test checks the new ones.
 */
const DOC = readFileSync(resolve(import.meta.dirname, '../../../../../docs/agents.md'), 'utf8');

/** The rows of the markdown table that follows `<!-- marker -->`, as cells. */
function table(marker: string): string[][] {
  const after = DOC.slice(DOC.indexOf(`<!-- ${marker}:`));
  const lines = after.split('\n').slice(1);
  const rows: string[][] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) {
      if (rows.length) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2); // the header and its rule
}

const money = (text: string) => parseToMinor(text.replace(/,/g, ''), 'BRL');
const rate = (text: string) => rateFromPercent(text.replace('%', ''));

describe('the worked example of docs/agents.md', () => {
  const tiers = new Map<string, { upline: string; tiers: Tier[] }>();
  for (const [agent, upline, , valid, loss, active, r] of table('worked-example-tiers')) {
    const entry = tiers.get(agent!) ?? { upline: upline!, tiers: [] };
    entry.tiers.push({
      minValidBetMinor: money(valid!),
      minLossMinor: money(loss!),
      minActiveMembers: Number(active),
      rateUnits: rate(r!),
      amountMinor: null,
    });
    tiers.set(agent!, entry);
  }
  const week = table('worked-example-week');

  it('has four levels whose tiers respect the rate cap', () => {
    expect([...tiers.keys()]).toEqual(['T', 'A', 'B', 'C']);
    expect(week).toHaveLength(4);
    for (const { upline, tiers: own } of tiers.values())
      if (upline !== 'merchant') expect(withinCap(own, tiers.get(upline)!.tiers)).toBe(true);
  });

  it('settles to the numbers of the table', () => {
    const ids = new Map([...tiers.keys()].map((agent, i) => [agent, BigInt(i + 1)]));
    const nodes: ContractNode[] = week.map(([agent, valid, pl, active, , , , , , carryIn]) => {
      const upline = tiers.get(agent!)!.upline;
      return {
        contractId: ids.get(agent!)!,
        agentId: agent!,
        parentContractId: upline === 'merchant' ? null : ids.get(upline)!,
        top: upline === 'merchant',
        tiers: tiers.get(agent!)!.tiers,
        figures: { validBetMinor: money(valid!), profitMinor: money(pl!), activeMembers: Number(active) },
        carryInMinor: money(carryIn!),
      };
    });
    const out = settleTree('dividend', nodes, { carryOver: true });
    const expected = week.map(
      ([agent, , , , tier, applied, gross, downline, net, carryIn, paid, carryOut]) => ({
        agent,
        tier: Number(tier) - 1,
        rate: rate(applied!),
        gross: money(gross!),
        downline: money(downline!),
        net: money(net!),
        carryIn: money(carryIn!),
        paid: money(paid!),
        carryOut: money(carryOut!),
      }),
    );
    expect(
      out.map((s) => ({
        agent: s.agentId,
        tier: s.tier,
        rate: s.valueUnits,
        gross: s.grossMinor,
        downline: s.downlineMinor,
        net: s.grossMinor - s.downlineMinor,
        carryIn: s.carryInMinor,
        paid: s.amountMinor,
        carryOut: s.carryOutMinor,
      })),
    ).toEqual(expected);
  });
});
