import {
  DEFAULT_VN_LIMITS,
  DEFAULT_VN_PAYOUTS,
  type VnPayoutConfig,
  type VnRegion,
  vnGameMenu,
  VN_BET_TYPE_INFO,
  loSlotCount,
} from '@sorte/lottery';
import { describe, expect, it } from 'vitest';
import type { VnMenuRegion } from './api';
import {
  betRequestOf,
  drawRefOf,
  groupByDraw,
  groupSignature,
  priceDraft,
  type SlipEntry,
  slipTotalMinor,
  ticketInputOf,
} from './slip';

/** A region of the menu as the server builds it (vn.routes.ts), from the rules and a payout config. */
function menuRegion(region: VnRegion, config: VnPayoutConfig = DEFAULT_VN_PAYOUTS): VnMenuRegion {
  const rules = vnGameMenu(new Date('2026-11-22T08:00:00Z')).find((r) => r.region === region)!;
  return {
    region,
    name: rules.name,
    abbreviation: rules.abbreviation,
    drawTime: rules.drawTime,
    betTypes: rules.betTypes.map((betType) => {
      const info = VN_BET_TYPE_INFO[betType];
      const rate = config[betType][region];
      return {
        betType,
        name: info.name,
        digits: info.digits,
        pricing: info.pricing,
        minNumbers: info.minNumbers,
        maxNumbers: info.maxNumbers,
        slots: info.pricing === 'perSlot' ? loSlotCount(region, info.digits) : null,
        rate:
          rate.kind === 'perPoint'
            ? {
                kind: 'perPoint' as const,
                pricePerPointMinor: Number(rate.pricePerPointMinor),
                payoutPerPointMinor: Number(rate.payoutPerPointMinor),
              }
            : rate,
        minStakeMinor: Number(DEFAULT_VN_LIMITS[betType].minStakeMinor),
        maxStakeMinor: Number(DEFAULT_VN_LIMITS[betType].maxStakeMinor),
      };
    }),
    provinces: rules.provinces.map((p) => ({
      code: p.code,
      name: p.name,
      drawsToday: p.drawsToday,
      openToday: p.openToday,
      nextDraw: {
        drawId: p.code === 'TG' ? '26' : null,
        drawDate: p.nextDraw.drawDate,
        drawAt: p.nextDraw.drawAt.toISOString(),
        closesAt: p.nextDraw.closesAt.toISOString(),
        host: p.nextDraw.host ?? null,
      },
    })),
  };
}

describe('priceDraft', () => {
  it('prices lô per number and point at the region’s rate, and says what a hit pays', () => {
    const north = priceDraft(
      { betType: 'lo2', numbers: ['07', '68'], stake: { points: 3 } },
      menuRegion('north'),
    );
    expect(north).toEqual({
      ok: true,
      units: 2,
      costMinor: 2n * 3n * 23_000n,
      winPerHitMinor: 3n * 80_000n,
      limit: null,
    });
    const south = priceDraft({ betType: 'lo2', numbers: ['07'], stake: { points: 1 } }, menuRegion('south'));
    expect(south).toMatchObject({ ok: true, costMinor: 18_000n, winPerHitMinor: 90_000n });
  });

  it('prices xiên per combination and bao lô per slot of the region', () => {
    const xien = priceDraft(
      { betType: 'xien2', numbers: ['12', '34', '56'], stake: { points: 2 } },
      menuRegion('central'),
    );
    expect(xien).toMatchObject({ ok: true, units: 3, costMinor: 3n * 2n * 1_000n });
    const bao = priceDraft(
      { betType: 'baoLo2', numbers: ['07'], stake: { amountMinor: 500n } },
      menuRegion('north'),
    );
    expect(bao).toEqual({
      ok: true,
      units: 27,
      costMinor: 27n * 500n,
      winPerHitMinor: 75n * 500n,
      limit: null,
    });
    const bao3 = priceDraft(
      { betType: 'baoLo3', numbers: ['007', '123'], stake: { amountMinor: 100n } },
      menuRegion('south'),
    );
    expect(bao3).toMatchObject({ ok: true, units: 34, costMinor: 3_400n });
  });

  it('follows the merchant’s rates from the menu, not the defaults', () => {
    const custom = {
      ...DEFAULT_VN_PAYOUTS,
      de: {
        ...DEFAULT_VN_PAYOUTS.de,
        south: { kind: 'perPoint', pricePerPointMinor: 1_200n, payoutPerPointMinor: 90_000n },
      },
    } as VnPayoutConfig;
    expect(
      priceDraft({ betType: 'de', numbers: ['07'], stake: { points: 1 } }, menuRegion('south', custom)),
    ).toMatchObject({ costMinor: 1_200n, winPerHitMinor: 90_000n });
  });

  it('says when a ticket costs less than its type’s minimum or more than its maximum (the menu’s)', () => {
    const region = menuRegion('north');
    const de = region.betTypes.find((b) => b.betType === 'de')!;
    de.minStakeMinor = 2_000;
    de.maxStakeMinor = 5_000;
    const price = (numbers: string[], points: number) =>
      priceDraft({ betType: 'de', numbers, stake: { points } }, region);
    expect(price(['07'], 1)).toMatchObject({
      ok: true,
      costMinor: 1_000n,
      limit: { code: 'STAKE_BELOW_MIN', limitMinor: 2_000n },
    });
    expect(price(['07', '08'], 1)).toMatchObject({ ok: true, limit: null });
    expect(price(['07'], 5)).toMatchObject({ ok: true, limit: null });
    expect(price(['07', '08', '09'], 2)).toMatchObject({
      ok: true,
      costMinor: 6_000n,
      limit: { code: 'STAKE_ABOVE_MAX', limitMinor: 5_000n },
    });
  });

  it('refuses what the server refuses, with the rules’ reason', () => {
    const region = menuRegion('south');
    expect(priceDraft({ betType: 'xien3', numbers: ['12', '34'], stake: { points: 1 } }, region)).toEqual({
      ok: false,
      issue: { code: 'BET_NUMBER_COUNT', min: 3, max: 10, actual: 2 },
    });
    expect(priceDraft({ betType: 'lo3', numbers: ['12'], stake: { points: 1 } }, region)).toMatchObject({
      ok: false,
      issue: { code: 'BET_NUMBER_FORMAT' },
    });
    expect(
      priceDraft({ betType: 'lo2', numbers: ['12'], stake: { points: Number.NaN } }, region),
    ).toMatchObject({
      ok: false,
      issue: { code: 'BET_BAD_POINTS' },
    });
    expect(
      priceDraft({ betType: 'baoLo2', numbers: ['12'], stake: { amountMinor: 0n } }, region),
    ).toMatchObject({
      ok: false,
      issue: { code: 'BET_BAD_STAKE' },
    });
  });
});

describe('the slip', () => {
  const south = menuRegion('south');
  const tg = south.provinces.find((p) => p.code === 'TG')!;
  const kg = south.provinces.find((p) => p.code === 'KG')!;
  const entry = (id: string, province: typeof tg, betType: SlipEntry['betType'], stake: SlipEntry['stake']) =>
    ({
      ...drawRefOf('south', province),
      id,
      betType,
      numbers: ['07'],
      stake,
      units: 1,
      costMinor: 100n,
    }) as SlipEntry;
  const entries = [
    entry('a', tg, 'lo2', { points: 1 }),
    entry('b', kg, 'de', { points: 2 }),
    entry('c', tg, 'baoLo2', { amountMinor: 250n }),
  ];

  it('groups entries by draw in the order first added, and totals them', () => {
    const groups = groupByDraw(entries);
    expect(groups.map((g) => [g.key, g.entries.map((e) => e.id)])).toEqual([
      [`TG:${tg.nextDraw.drawDate}`, ['a', 'c']],
      [`KG:${kg.nextDraw.drawDate}`, ['b']],
    ]);
    expect(slipTotalMinor(entries)).toBe(300n);
  });

  it('asks by draw id when the menu knew it, else by province and Vietnamese day', () => {
    const [first, second] = groupByDraw(entries);
    expect(betRequestOf(first!, 'key-00000001')).toEqual({
      drawId: '26',
      tickets: [
        { betType: 'lo2', numbers: ['07'], points: 1 },
        { betType: 'baoLo2', numbers: ['07'], amount: 250 },
      ],
      idempotencyKey: 'key-00000001',
    });
    expect(betRequestOf(second!, 'key-00000002')).toMatchObject({
      province: 'KG',
      date: kg.nextDraw.drawDate,
    });
    expect(ticketInputOf(entries[1]!)).toEqual({ betType: 'de', numbers: ['07'], points: 2 });
  });

  it('signs a group by its content, so only an unchanged retry reuses its key', () => {
    const [first] = groupByDraw(entries);
    const same = groupByDraw([entries[0]!, entries[2]!])[0]!;
    const changed = groupByDraw([{ ...entries[0]!, stake: { points: 2 } }, entries[2]!])[0]!;
    expect(groupSignature(same)).toBe(groupSignature(first!));
    expect(groupSignature(changed)).not.toBe(groupSignature(first!));
  });
});
