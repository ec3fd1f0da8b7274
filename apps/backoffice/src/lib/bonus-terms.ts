import type { OperatorBonusGrant, PromotionBonusTerms } from '@sorte/contracts';
// The category list straight from its file: the contracts index would also bring zod into this page's bundle.
import { GAME_TYPES } from '../../../../packages/contracts/src/game-types';
import { minorToInput, parseAmountInput } from './money-input';
import { bpToPercentInput, percentInputToBp } from './rebate-rates';

/**
 * The bonus forms (issue 17): a deposit-bonus / reload promotion's terms and an operator's grant, as
 * the operator types them, read into the contracts' shapes exactly (amounts through @sorte/money,
 * percents through percentInputToBp — never a float).
 */

/** The promotion types whose deposit grants a bonus: the only ones with terms. */
export const BONUS_PROMOTION_TYPES = ['deposit_bonus', 'reload'] as const;
export function hasBonusTerms(type: string): boolean {
  return (BONUS_PROMOTION_TYPES as readonly string[]).includes(type);
}

/** The API's limits (contracts bonuses.ts): a bonus up to 1,000 % of the deposit, 100 % contribution. */
const MAX_PERCENT_BPS = 100_000;
const MAX_CONTRIBUTION_BPS = 10_000;

/** Wagering as typed: shared by the terms and the grant. */
export interface WageringDraft {
  basis: 'bonus' | 'deposit_plus_bonus';
  times: string;
  maxBet: string;
  validDays: string;
  /** Percent per game category. */
  contribution: Record<string, string>;
}

export interface TermsDraft extends WageringDraft {
  percent: string;
  maxBonus: string;
  minDeposit: string;
}

export interface GrantDraft extends WageringDraft {
  amount: string;
  reason: string;
}

/** The field that does not read: a form field's name or a game category (its contribution). */
export type TermsField = string;

/** New terms start from the usual slots: 30 × the bonus in 30 days, slots and in-house games counting fully. */
function defaultWagering(): WageringDraft {
  return {
    basis: 'bonus',
    times: '30',
    maxBet: '',
    validDays: '30',
    contribution: Object.fromEntries(
      GAME_TYPES.map((c) => [c, c === 'RNG' || c === 'INHOUSE' || c === 'FISH' ? '100' : '0']),
    ),
  };
}

/** The stored terms as the form shows them, or a new form when the promotion has none yet. */
export function termsDraftOf(
  stored: PromotionBonusTerms | null,
  currency: string,
  locale: string,
): TermsDraft {
  if (!stored) return { ...defaultWagering(), percent: '100', maxBonus: '', minDeposit: '' };
  const amount = (minor: number) => minorToInput(BigInt(minor), currency, locale);
  return {
    basis: stored.basis,
    times: String(stored.times),
    maxBet: amount(stored.maxBetMinor),
    validDays: String(stored.validDays),
    contribution: Object.fromEntries(
      GAME_TYPES.map((c) => [c, bpToPercentInput(stored.contributionBps[c] ?? 0, locale)]),
    ),
    percent: bpToPercentInput(stored.percentBps, locale),
    maxBonus: amount(stored.maxBonusMinor),
    minDeposit: stored.minDepositMinor === 0 ? '' : amount(stored.minDepositMinor),
  };
}

/** A new grant's form. */
export function grantDraftOf(): GrantDraft {
  return { ...defaultWagering(), amount: '', reason: '' };
}

/** A whole number typed in [min, max], else null. */
function wholeInRange(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
}

type Wagering = Pick<
  PromotionBonusTerms,
  'basis' | 'times' | 'maxBetMinor' | 'validDays' | 'contributionBps'
>;

function parseWagering(
  draft: WageringDraft,
  currency: string,
  locale: string,
): { wagering: Wagering } | { invalid: TermsField } {
  const times = wholeInRange(draft.times, 0, 200);
  if (times === null) return { invalid: 'times' };
  const maxBet = parseAmountInput(draft.maxBet, currency, locale);
  if (!maxBet.ok) return { invalid: 'maxBet' };
  const validDays = wholeInRange(draft.validDays, 1, 365);
  if (validDays === null) return { invalid: 'validDays' };
  const contributionBps: Wagering['contributionBps'] = {};
  for (const category of GAME_TYPES) {
    const bps = percentInputToBp(draft.contribution[category] ?? '', MAX_CONTRIBUTION_BPS);
    if (bps === null) return { invalid: category };
    // A category left out contributes nothing: only the ones that count are sent.
    if (bps > 0) contributionBps[category] = bps;
  }
  return {
    wagering: { basis: draft.basis, times, maxBetMinor: maxBet.minor, validDays, contributionBps },
  };
}

/** The terms form as `PUT /bo/promotions/:id/bonus-terms`'s body, or the field that does not read. */
export function parseTermsDraft(
  draft: TermsDraft,
  currency: string,
  locale: string,
): { terms: PromotionBonusTerms } | { invalid: TermsField } {
  const percentBps = percentInputToBp(draft.percent, MAX_PERCENT_BPS);
  if (percentBps === null || percentBps < 1) return { invalid: 'percent' };
  const maxBonus = parseAmountInput(draft.maxBonus, currency, locale);
  if (!maxBonus.ok) return { invalid: 'maxBonus' };
  // No minimum deposit is typed as nothing (or 0).
  let minDepositMinor = 0;
  if (draft.minDeposit.trim() !== '' && !/^0+([.,]0*)?$/.test(draft.minDeposit.trim())) {
    const minDeposit = parseAmountInput(draft.minDeposit, currency, locale);
    if (!minDeposit.ok) return { invalid: 'minDeposit' };
    minDepositMinor = minDeposit.minor;
  }
  const wagering = parseWagering(draft, currency, locale);
  if ('invalid' in wagering) return wagering;
  return { terms: { percentBps, maxBonusMinor: maxBonus.minor, minDepositMinor, ...wagering.wagering } };
}

/**
 * The grant form as `POST /bo/members/:id/bonuses`'s body with the dialog's idempotency key (one per
 * opening, so a double click grants once), or the field that does not read.
 */
export function parseGrantDraft(
  draft: GrantDraft,
  currency: string,
  locale: string,
  idempotencyKey: string,
): { grant: OperatorBonusGrant } | { invalid: TermsField } {
  const amount = parseAmountInput(draft.amount, currency, locale);
  if (!amount.ok) return { invalid: 'amount' };
  const wagering = parseWagering(draft, currency, locale);
  if ('invalid' in wagering) return wagering;
  const reason = draft.reason.trim();
  if (reason.length < 5 || reason.length > 500) return { invalid: 'reason' };
  return { grant: { amountMinor: amount.minor, ...wagering.wagering, reason, idempotencyKey } };
}
