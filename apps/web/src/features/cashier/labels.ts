import { PLAY_MONEY_REASON, type TransactionRecord } from '@sorte/contracts';

/** Words of a label, without case, accents or punctuation: "PIX (manual)" → ["pix", "manual"]. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The kind of payment shown under a channel's name, or null when the name already says it: the
 * merchant's "PIX manual" needs no "PIX (manual)" under it, nor "TED / transferência bancária" a
 * "Transferência bancária" (shown in capitals, they read as the name twice).
 */
export function channelKindLine(name: string, kindLabel: string): string | null {
  const inName = new Set(words(name));
  const kind = words(kindLabel);
  return kind.length > 0 && kind.every((word) => inName.has(word)) ? null : kindLabel;
}

/**
 * The catalogue key of a record's kind. A play-money top-up (and the trial's starting grant) moves as
 * an adjustment marked with PLAY_MONEY_REASON: it reads as a top-up, not as an operator's adjustment.
 */
export function recordTypeKey(record: Pick<TransactionRecord, 'type' | 'reason'>): string {
  if (record.type === 'adjustment' && record.reason === PLAY_MONEY_REASON) return 'txType.playMoneyTopUp';
  return `txType.${record.type}`;
}

/** The reason a player reads on a record: an operator's words, never the play-money marker. */
export function recordReason(record: Pick<TransactionRecord, 'reason'>): string | null {
  return record.reason === PLAY_MONEY_REASON ? null : record.reason;
}
