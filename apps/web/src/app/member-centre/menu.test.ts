import { expect, it } from 'vitest';
import { resolvePage, visiblePages } from './menu';

it('lists the pages in spec order and hides transferUpline without an upline or agency', () => {
  expect(visiblePages(true)).toEqual([
    'securityCenter',
    'transferFund',
    'depositv2',
    'withdraw',
    'transferUpline',
    'personalHistoryCopy',
    'transactionHistory',
    'personalProfit',
  ]);
  expect(visiblePages(false)).not.toContain('transferUpline');
});

it('shows the manual rebate only when the merchant offers rebates', () => {
  expect(visiblePages(true)).not.toContain('manualRebate');
  expect(visiblePages(false, true).at(-1)).toBe('manualRebate');
  expect(resolvePage('manualRebate', visiblePages(false))).toBe('securityCenter');
  expect(resolvePage('manualRebate', visiblePages(false, true))).toBe('manualRebate');
});

it('shows bonus details only when the merchant offers bonuses, before the rebate', () => {
  expect(visiblePages(true, true)).not.toContain('bonusDetails');
  expect(visiblePages(false, true, true).slice(-2)).toEqual(['bonusDetails', 'manualRebate']);
  expect(resolvePage('bonusDetails', visiblePages(false, true))).toBe('securityCenter');
  expect(resolvePage('bonusDetails', visiblePages(false, false, true))).toBe('bonusDetails');
});

it('shows the reward centre only when the merchant offers rewards, after bonus details', () => {
  expect(visiblePages(true, true, true)).not.toContain('rewardCenter');
  expect(visiblePages(false, true, true, true).slice(-3)).toEqual([
    'bonusDetails',
    'rewardCenter',
    'manualRebate',
  ]);
  expect(resolvePage('rewardCenter', visiblePages(false, false, false, true))).toBe('rewardCenter');
});

it('falls back to my account for unknown or hidden pages', () => {
  expect(resolvePage('withdraw', visiblePages(false))).toBe('withdraw');
  expect(resolvePage('transferUpline', visiblePages(false))).toBe('securityCenter');
  expect(resolvePage('nonsense', visiblePages(true))).toBe('securityCenter');
  expect(resolvePage(undefined, visiblePages(true))).toBe('securityCenter');
});
