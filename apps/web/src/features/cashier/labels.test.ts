import { PLAY_MONEY_REASON } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { channelKindLine, recordReason, recordTypeKey } from './labels';

describe('a deposit channel names its kind once (issue 13)', () => {
  it('no kind line when the name already says it, whatever the case, accents or punctuation', () => {
    expect(channelKindLine('PIX manual', 'PIX (manual)')).toBeNull();
    expect(channelKindLine('TED / transferência bancária', 'Transferência bancária')).toBeNull();
    expect(channelKindLine('TED / transferencia bancaria', 'Transferência bancária')).toBeNull();
  });

  it('the kind when the name does not say it', () => {
    expect(channelKindLine('PIX instantâneo', 'Pagamento instantâneo')).toBe('Pagamento instantâneo');
    expect(channelKindLine('PIX instantâneo', 'Instant payment')).toBe('Instant payment');
    expect(channelKindLine('Banco Sorte', 'Bank transfer')).toBe('Bank transfer');
  });
});

describe('a statement record’s kind', () => {
  it('a play-money top-up reads as one, not as an adjustment, and its marker is no reason', () => {
    const topUp = { type: 'adjustment' as const, reason: PLAY_MONEY_REASON };
    expect(recordTypeKey(topUp)).toBe('txType.playMoneyTopUp');
    expect(recordReason(topUp)).toBeNull();
  });

  it('an operator’s adjustment and every other record keep their kind and reason', () => {
    const adjustment = { type: 'adjustment' as const, reason: 'goodwill credit' };
    expect(recordTypeKey(adjustment)).toBe('txType.adjustment');
    expect(recordReason(adjustment)).toBe('goodwill credit');
    expect(recordTypeKey({ type: 'bet', reason: null })).toBe('txType.bet');
  });
});
