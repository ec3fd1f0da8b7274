import type { PointsRules } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ITEM,
  formatPoints,
  nameIn,
  itemDraftOf,
  parseItemDraft,
  parseItemEdit,
  parseRulesDraft,
  parseStockDelta,
  parseWhole,
  rulesChanged,
  rulesDraftOf,
} from './points-mall';

const RULES: PointsRules = {
  enabled: true,
  cashEnabled: false,
  currency: 'BRL',
  convertPoints: 100,
  convertCashMinor: 0,
  convertMinPoints: 100,
  rates: [
    { category: 'INHOUSE', stakeUnitMinor: 100, pointsPerUnit: 1 },
    { category: 'LIVE', stakeUnitMinor: 200, pointsPerUnit: 1 },
  ],
  whatsappContact: null,
  zaloContact: '0901234567',
};

describe('parseWhole', () => {
  it('reads whole numbers with grouping, within bounds', () => {
    expect(parseWhole('1.000', 0, 10_000)).toBe(1000);
    expect(parseWhole('12,345', 0, 100_000)).toBe(12_345);
    expect(parseWhole(' 7 ', 0, 10)).toBe(7);
    expect(parseWhole('-3', -5, 5)).toBe(-3);
  });
  it('refuses fractions, junk and out-of-range values', () => {
    expect(parseWhole('1.5', 0, 10)).toBeNull();
    expect(parseWhole('1,23', 0, 1000)).toBeNull();
    expect(parseWhole('abc', 0, 10)).toBeNull();
    expect(parseWhole('', 0, 10)).toBeNull();
    expect(parseWhole('11', 0, 10)).toBeNull();
    expect(parseWhole('-1', 0, 10)).toBeNull();
  });
});

describe('rules form', () => {
  it('shows the stored rules in the locale and sends nothing when untouched', () => {
    const draft = rulesDraftOf(RULES, 'pt-BR');
    expect(draft.rates.LIVE).toEqual({ unit: '2,00', points: '1' });
    expect(draft.convertCash).toBe('0,00');
    const parsed = parseRulesDraft(draft, RULES, 'pt-BR');
    expect(parsed).toEqual({ update: { rates: [] } });
    expect(rulesChanged({ rates: [] })).toBe(false);
  });
  it('sends only what changed, amounts exact in minor units', () => {
    const draft = rulesDraftOf(RULES, 'en');
    draft.cashEnabled = true;
    draft.convertCash = '0.50';
    draft.rates.LIVE = { unit: '5.00', points: '3' };
    const parsed = parseRulesDraft(draft, RULES, 'en');
    expect(parsed).toEqual({
      update: {
        cashEnabled: true,
        convertCashMinor: 50,
        rates: [{ category: 'LIVE', stakeUnitMinor: 500, pointsPerUnit: 3 }],
      },
    });
    expect('update' in parsed && rulesChanged(parsed.update)).toBe(true);
  });
  it('sets the WhatsApp number, clears the Zalo ID (its prompt off) and names a contact that does not read', () => {
    const draft = rulesDraftOf(RULES, 'en');
    expect([draft.whatsappContact, draft.zaloContact]).toEqual(['', '0901234567']);
    expect(
      parseRulesDraft({ ...draft, whatsappContact: ' +55 11 98888-7777 ', zaloContact: '' }, RULES, 'en'),
    ).toEqual({
      update: { whatsappContact: '+55 11 98888-7777', zaloContact: null, rates: [] },
    });
    expect(parseRulesDraft({ ...draft, whatsappContact: 'call me' }, RULES, 'en')).toEqual({
      invalid: 'whatsappContact',
    });
    expect(parseRulesDraft({ ...draft, zaloContact: '!' }, RULES, 'en')).toEqual({ invalid: 'zaloContact' });
  });
  it('names the field that does not read', () => {
    const draft = rulesDraftOf(RULES, 'en');
    expect(parseRulesDraft({ ...draft, convertPoints: '0' }, RULES, 'en')).toEqual({
      invalid: 'convertPoints',
    });
    expect(parseRulesDraft({ ...draft, convertCash: '1.234' }, RULES, 'en')).toEqual({
      invalid: 'convertCash',
    });
    expect(parseRulesDraft({ ...draft, convertMinPoints: 'x' }, RULES, 'en')).toEqual({
      invalid: 'convertMinPoints',
    });
    const badUnit = { ...draft, rates: { ...draft.rates, INHOUSE: { unit: '0', points: '1' } } };
    expect(parseRulesDraft(badUnit, RULES, 'en')).toEqual({ invalid: 'INHOUSE' });
    const badPoints = { ...draft, rates: { ...draft.rates, INHOUSE: { unit: '1.00', points: '1.5' } } };
    expect(parseRulesDraft(badPoints, RULES, 'en')).toEqual({ invalid: 'INHOUSE' });
  });
});

describe('item form', () => {
  const goods = { ...EMPTY_ITEM, nameEn: 'Mug', namePt: 'Caneca', costPoints: '1.500', stock: '20' };
  it('builds a goods item with stock and a cash item with an exact amount', () => {
    expect(parseItemDraft(goods, 'BRL', 'pt-BR')).toEqual({
      body: {
        kind: 'goods',
        names: { en: 'Mug', 'pt-BR': 'Caneca' },
        descriptions: { en: '', 'pt-BR': '' },
        imageUrl: null,
        costPoints: 1500,
        cashMinor: null,
        stock: 20,
      },
    });
    const cash = parseItemDraft({ ...goods, kind: 'cash', cash: '10,50', stock: '' }, 'BRL', 'pt-BR');
    expect(cash).toMatchObject({ body: { kind: 'cash', cashMinor: 1050, stock: null } });
  });
  it('names the field that does not read', () => {
    expect(parseItemDraft({ ...goods, nameEn: ' ' }, 'BRL', 'en')).toEqual({ invalid: 'nameEn' });
    expect(parseItemDraft({ ...goods, costPoints: '0' }, 'BRL', 'en')).toEqual({ invalid: 'costPoints' });
    expect(parseItemDraft({ ...goods, stock: '' }, 'BRL', 'en')).toEqual({ invalid: 'stock' });
    expect(parseItemDraft({ ...goods, kind: 'cash', cash: '' }, 'BRL', 'en')).toEqual({ invalid: 'cash' });
  });
});

describe('item edit', () => {
  const stored = {
    id: 7,
    kind: 'cash' as const,
    names: { en: 'Credit', 'pt-BR': 'Crédito' },
    descriptions: { en: '', 'pt-BR': '' },
    imageUrl: null,
    costPoints: 500,
    cashMinor: 1050,
    stock: 3,
    redeemed: 1,
    active: true,
  };
  it('fills the form from the item and sends only what changed, never the stock', () => {
    const draft = itemDraftOf(stored, 'BRL', 'pt-BR');
    expect(draft).toMatchObject({ nameEn: 'Credit', costPoints: '500', cash: '10,50', stock: '3' });
    expect(parseItemEdit(draft, stored, 'BRL', 'pt-BR')).toEqual({ body: {} });
    const edited = { ...draft, namePt: 'Crédito extra', costPoints: '600', cash: '12,00', stock: '99' };
    expect(parseItemEdit(edited, stored, 'BRL', 'pt-BR')).toEqual({
      body: { names: { en: 'Credit', 'pt-BR': 'Crédito extra' }, costPoints: 600, cashMinor: 1200 },
    });
    expect(parseItemEdit({ ...draft, costPoints: 'x' }, stored, 'BRL', 'pt-BR')).toEqual({
      invalid: 'costPoints',
    });
  });
});

describe('stock and names', () => {
  it('reads a signed, non-zero stock change', () => {
    expect(parseStockDelta('+5')).toBe(5);
    expect(parseStockDelta('-2')).toBe(-2);
    expect(parseStockDelta('0')).toBeNull();
    expect(parseStockDelta('2.5')).toBeNull();
  });
  it('groups points in the locale', () => {
    expect(formatPoints(60_000, 'pt-BR')).toBe('60.000');
    expect(formatPoints(60_000, 'en')).toBe('60,000');
  });
  it('picks the name in the interface language, else the other', () => {
    expect(nameIn({ en: 'Mug', 'pt-BR': 'Caneca' }, 'pt-BR')).toBe('Caneca');
    expect(nameIn({ en: 'Mug', 'pt-BR': '' }, 'pt-BR')).toBe('Mug');
    expect(nameIn(null, 'en')).toBe('');
  });
});
