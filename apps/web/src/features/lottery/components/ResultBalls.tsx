import type { LotteryFamily } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';

/** Pip cells (0–8, a 3×3 grid read row by row) of each face 1–6. */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [2, 6],
  3: [2, 4, 6],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

function Die({ face }: { face: number }) {
  const pips = PIPS[face] ?? [];
  return (
    <span className="lt-die" title={String(face)}>
      {Array.from({ length: 9 }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nine cells of the face are fixed
        <i key={cell} className={pips.includes(cell) ? 'lt-pip' : undefined} />
      ))}
    </span>
  );
}

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
          <Die key={i} face={value} />
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
