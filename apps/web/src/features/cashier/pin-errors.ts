import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { formatTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';

/**
 * The words for a withdrawal-password refusal, or undefined for any other error. A locked password
 * says until when, on the player's clock (issue 12 #6: a right password sent during a burst of wrong
 * ones is refused, and the player must know why and when to try again); a wrong one says how many
 * tries are left.
 */
export function pinErrorText(
  error: unknown,
  t: TFunction<'cashier'>,
  language: string,
  now: Date = new Date(),
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'CASHIER_WITHDRAWAL_PASSWORD_LOCKED') {
    const until = new Date(String(error.details?.lockedUntil ?? ''));
    if (Number.isNaN(until.getTime())) return undefined;
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    const time = formatTime(until, language);
    return t('pin.locked', { time, count: minutes });
  }
  if (error.code === 'CASHIER_WITHDRAWAL_PASSWORD_WRONG') {
    const left = Number(error.details?.attemptsLeft);
    if (Number.isInteger(left) && left > 0) return t('pin.wrong', { count: left });
  }
  return undefined;
}

/** Text for an error of a request that carried the withdrawal password (pinErrorText, else as usual). */
export function usePinErrorMessage() {
  const { t, i18n } = useTranslation('cashier');
  const errorMessage = useErrorMessage();
  return useCallback(
    (error: unknown): string => pinErrorText(error, t, i18n.language) ?? errorMessage(error),
    [t, i18n, errorMessage],
  );
}
