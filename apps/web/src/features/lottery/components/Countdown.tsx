import type { LotteryDraw } from '@sorte/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsUntil, useServerNow } from '../../../lib/server-clock';

/**
 * The open draw's phase on the server's clock: betting open (time to close), closed and waiting
 * for the draw (time to the draw), then drawing until the next draw opens.
 */
export function drawPhase(draw: LotteryDraw | null, now: number) {
  if (!draw) return { phase: 'none' as const, seconds: 0 };
  const toClose = secondsUntil(draw.closesAt, now);
  if (toClose > 0) return { phase: 'open' as const, seconds: toClose };
  const toDraw = secondsUntil(draw.drawsAt, now);
  if (toDraw > 0) return { phase: 'closed' as const, seconds: toDraw };
  return { phase: 'drawing' as const, seconds: 0 };
}

export type DrawPhase = ReturnType<typeof drawPhase>['phase'];

/**
 * The open draw's phase, and whether a slip may still go (not in the last second: the clock offset
 * carries the answer's latency, and a slip sent at the bell only comes back refused). Checked
 * four times a second but changing state only when the phase does, so the screen around it does
 * not re-render every tick — the countdown ticks on its own.
 */
export function useDrawPhase(
  draw: LotteryDraw | null,
  offsetMs: number,
): { phase: DrawPhase; canBet: boolean } {
  const read = () => {
    const { phase, seconds } = drawPhase(draw, Date.now() + offsetMs);
    return { phase, canBet: phase === 'open' && seconds > 1 };
  };
  const [state, setState] = useState(read);
  useEffect(() => {
    const check = () => {
      const { phase, seconds } = drawPhase(draw, Date.now() + offsetMs);
      const canBet = phase === 'open' && seconds > 1;
      setState((s) => (s.phase === phase && s.canBet === canBet ? s : { phase, canBet }));
    };
    check();
    const timer = setInterval(check, 250);
    return () => clearInterval(timer);
  }, [draw, offsetMs]);
  return state;
}

/** The open draw's countdown, ticking by itself on the server's clock. */
export function Countdown({
  draw,
  offsetMs,
  compact,
}: {
  draw: LotteryDraw | null;
  offsetMs: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('lottery');
  const now = useServerNow(offsetMs);
  const { phase, seconds } = drawPhase(draw, now);
  if (phase === 'none')
    return <span className="lt-countdown lt-countdown--idle">{t('countdown.noDraw')}</span>;
  if (phase === 'drawing')
    return (
      <span className="lt-countdown lt-countdown--drawing" data-testid="countdown" data-phase={phase}>
        {t('countdown.drawing')}
      </span>
    );
  return (
    <span
      className={`lt-countdown lt-countdown--${phase}${seconds <= 10 && phase === 'open' ? ' is-urgent' : ''}`}
      data-testid="countdown"
      data-phase={phase}
    >
      {compact ? null : (
        <span className="lt-countdown__label">
          {phase === 'open' ? t('countdown.closesIn') : t('countdown.drawsIn')}
        </span>
      )}
      <strong className="lt-countdown__time">{formatCountdown(seconds)}</strong>
    </span>
  );
}
