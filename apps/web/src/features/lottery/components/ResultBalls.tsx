import type { LotteryFamily } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';

const DICE = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/**
 * A draw's result the way its family is played: digits and balls as balls, faces as dice, the race
 * as numbered cars in finishing order (each car its usual colour). Null (not drawn yet) shows "?".
 */
export function ResultBalls({
  family,
  result,
  size = 'md',
  placeholderCount,
}: {
  family: LotteryFamily;
  result: readonly number[] | null;
  size?: 'sm' | 'md' | 'lg';
  /** How many "?" to show when there is no result yet. */
  placeholderCount?: number;
}) {
  const { t } = useTranslation('lottery');
  if (!result) {
    const count = placeholderCount ?? 0;
    return (
      <span className={`lt-result lt-result--${size}`} role="img" aria-label={t('result.pending')}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <span key={i} className="lt-ball lt-ball--unknown">
            ?
          </span>
        ))}
      </span>
    );
  }
  return (
    <span
      className={`lt-result lt-result--${size}`}
      role="img"
      aria-label={result.join(' ')}
      data-testid="draw-result"
    >
      {result.map((value, i) =>
        family === 'THREE_DICE' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a result's positions are its identity
          <span key={i} className="lt-die" title={String(value)}>
            {DICE[value - 1] ?? value}
          </span>
        ) : family === 'RACE_10' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a result's positions are its identity
          <span key={i} className={`lt-car lt-car--${value}`}>
            {value}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a result's positions are its identity
          <span key={i} className="lt-ball">
            {family === 'ELEVEN_FIVE' ? String(value).padStart(2, '0') : value}
          </span>
        ),
      )}
    </span>
  );
}

/** How many numbers a family's result has (for placeholders). */
export const RESULT_LENGTH: Record<LotteryFamily, number> = {
  FIVE_DIGIT: 5,
  THREE_DICE: 3,
  RACE_10: 10,
  ELEVEN_FIVE: 5,
};
