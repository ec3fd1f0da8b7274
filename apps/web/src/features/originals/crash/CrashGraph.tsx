import { useTranslation } from 'react-i18next';
import { formatMultiplier } from '../kit';
import type { CrashRound } from './api';
import { plot } from './curve';

const W = 400;
const H = 220;

export interface CrashGraphProps {
  round: CrashRound | null;
  /** Now on the server's clock (ms). */
  serverNowMs: number;
}

/**
 * The round's picture: the rising curve with the live multiplier while it runs, the countdown while
 * bets are taken, the crash point in red once it busts. SVG scales with the stage on every screen.
 */
export function CrashGraph({ round, serverNowMs }: CrashGraphProps) {
  const { t } = useTranslation('originals');
  if (!round) {
    return (
      <div className="crash-graph crash-graph--idle" data-testid="crash-graph">
        <p className="crash-graph__caption">{t('crash.waiting')}</p>
      </div>
    );
  }
  const started = round.startedAt ? Date.parse(round.startedAt) : null;
  const busted = round.status === 'busted';
  const crash = round.crashPoint ?? 1;
  const elapsed =
    started === null ? 0 : busted ? Math.log(crash) / round.growthPerMs : Math.max(0, serverNowMs - started);
  const p = plot(elapsed, round.growthPerMs, W, H);
  const multiplier = busted ? crash : Math.exp(round.growthPerMs * elapsed);
  const countdown = Math.max(0, (Date.parse(round.bettingEndsAt) - serverNowMs) / 1000);
  const betting = round.status === 'betting';
  return (
    <div
      className={`crash-graph crash-graph--${round.status}`}
      data-testid="crash-graph"
      data-status={round.status}
    >
      <div className="crash-graph__plot">
        <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="crash-graph__svg" aria-hidden>
          <defs>
            <linearGradient id="crash-fill" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="currentColor" stopOpacity="0.35" />
              <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
            </linearGradient>
          </defs>
          {p.grid.map((line) => (
            <line key={line.value} x1={0} x2={W} y1={line.y} y2={line.y} className="crash-graph__grid" />
          ))}
          {!betting ? (
            <>
              <path
                d={`${p.path} L${p.tip.x.toFixed(1)},${H} L0,${H} Z`}
                fill="url(#crash-fill)"
                className="crash-graph__area"
              />
              <path d={p.path} className="crash-graph__line" vectorEffect="non-scaling-stroke" />
            </>
          ) : null}
        </svg>
        {p.grid.map((line) => (
          <span key={line.value} className="crash-graph__tick" style={{ top: `${(line.y / H) * 100}%` }}>
            {formatMultiplier(line.value, { exact: true })}
          </span>
        ))}
        {!betting ? (
          <span
            className="crash-graph__dot"
            style={{ left: `${(p.tip.x / W) * 100}%`, top: `${(p.tip.y / H) * 100}%` }}
          />
        ) : null}
      </div>
      <div className="crash-graph__centre">
        {betting ? (
          <>
            <span className="crash-graph__label">{t('crash.nextRound')}</span>
            <span className="crash-graph__count" data-testid="crash-countdown">
              {t('crash.startsIn', { seconds: countdown.toFixed(1) })}
            </span>
            <span className="crash-graph__bar">
              <span style={{ width: `${Math.min(100, (countdown / 5) * 100)}%` }} />
            </span>
          </>
        ) : (
          <>
            <span className="crash-graph__multiplier" data-testid="crash-multiplier">
              {formatMultiplier(multiplier)}
            </span>
            {busted ? (
              <span className="crash-graph__label crash-graph__label--bust" data-testid="crash-busted">
                {t('crash.crashed')}
              </span>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
