import { describe, expect, it } from 'vitest';
import { readTierProblems, readTiers } from './agent-contract-tiers.ts';

describe('the offer form’s tiers (agent centre and back office)', () => {
  it('reads typed tiers in the reader’s decimals, and names the first field that does not read', () => {
    expect(readTiers('daily', [{ minValidBetMinor: '1.000,50', rateUnits: '0,35' }], 'BRL', 'pt-BR')).toEqual(
      {
        tiers: [
          {
            minValidBetMinor: 100_050,
            minLossMinor: 0,
            minActiveMembers: 0,
            rateUnits: 3_500,
            amountMinor: null,
          },
        ],
      },
    );
    expect(readTiers('dividend', [{ minValidBetMinor: '0', rateUnits: '0,5x' }], 'BRL', 'pt-BR')).toEqual({
      bad: { tier: 1, field: 'rateUnits' },
    });
  });

  it('reads a refusal’s tier problems: the 1-based tier and the reason', () => {
    expect(
      readTierProblems({
        fields: [{ field: 'tiers.1.out_of_order' }, { field: 'tiers.empty' }, { key: 'x' }],
      }),
    ).toEqual([
      { tier: 2, reason: 'out_of_order' },
      { tier: null, reason: 'empty' },
    ]);
    expect(readTierProblems(undefined)).toEqual([]);
    expect(readTierProblems({ entries: ['x'] })).toEqual([]);
  });
});
