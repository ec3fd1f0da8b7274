import type { LotteryDraw } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsUntil } from '../clock';

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

export function Countdown({
  draw,
  now,
  compact,
}: {
  draw: LotteryDraw | null;
  now: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('lottery');
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
