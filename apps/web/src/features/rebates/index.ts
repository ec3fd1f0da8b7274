/** Manual rebates (member centre `manualRebate`): rates, claimable per category, claim, history. */
export { useRebateSummary } from './api';
export { ManualRebatePage } from './ManualRebatePage';
