import { WHEEL_RISKS, WHEEL_SEGMENTS, type WheelRisk, type WheelSegments, wheelTable } from '@sorte/fairness';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetPanel,
  ControlField,
  GameLayout,
  type OriginalRound,
  RecentRounds,
  SeedPanel,
  Segmented,
  formatMultiplier,
  usePlaceBet,
  useStake,
} from '../kit';
import { colourMap, key } from './wheel-colors';
import './wheel.css';

type WheelParams = { segments: WheelSegments; risk: WheelRisk };

const SPIN_MS = 2600;
const R = 150;

/** An SVG path of one ring segment from angle a0 to a1 (degrees, 0 = top, clockwise). */
function arc(a0: number, a1: number, outer: number, inner: number): string {
  const p = (a: number, r: number) => {
    const rad = ((a - 90) * Math.PI) / 180;
    return `${(r * Math.cos(rad)).toFixed(3)} ${(r * Math.sin(rad)).toFixed(3)}`;
  };
  const large = a1 - a0 > 180 ? 1 : 0;
  return `M ${p(a0, outer)} A ${outer} ${outer} 0 ${large} 1 ${p(a1, outer)} L ${p(a1, inner)} A ${inner} ${inner} 0 ${large} 0 ${p(a0, inner)} Z`;
}

/** Wheel: one spin of 10–50 segments; the segment under the pointer pays its multiplier. */
export function WheelScreen() {
  const { t } = useTranslation('originals');
  const [stake, setStake] = useStake('wheel');
  const [params, setParams] = useState<WheelParams>({ segments: 30, risk: 'medium' });
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [hit, setHit] = useState<{ segment: number; multiplier: number } | null>(null);
  const rotationRef = useRef(0);
  const bet = usePlaceBet<WheelParams>('wheel', { deferReveal: true });
  const table = useMemo(() => wheelTable(params), [params]);
  const colours = useMemo(() => colourMap(table), [table]);
  const legend = useMemo(() => [...new Set(table.map(key))].sort((a, b) => a - b), [table]);
  const step = 360 / params.segments;

  const onRound = useCallback(
    (round: OriginalRound) =>
      new Promise<void>((done) => {
        const segment = Number(round.outcome.segment);
        // Bring the segment's centre under the top pointer, after a few whole turns.
        const segmentStep = 360 / Number(round.outcome.segments);
        const aim = 360 - (segment + 0.5) * segmentStep;
        const current = rotationRef.current;
        const base = current - (current % 360);
        const next = base + 360 * 5 + aim;
        rotationRef.current = next;
        setHit(null);
        setSpinning(true);
        setRotation(next);
        setTimeout(() => {
          setSpinning(false);
          setHit({ segment, multiplier: round.multiplier });
          done();
        }, SPIN_MS);
      }),
    [],
  );

  const change = (next: Partial<WheelParams>) => {
    setHit(null);
    setParams((p) => ({ ...p, ...next }));
  };

  return (
    <GameLayout
      game="wheel"
      title={t('wheel.title')}
      controls={
        <BetPanel
          stake={stake}
          onStake={setStake}
          bet={bet}
          params={params}
          onRound={onRound}
          disabled={spinning}
        >
          <ControlField label={t('wheel.risk')}>
            <Segmented
              value={params.risk}
              disabled={bet.pending || spinning}
              onChange={(risk) => change({ risk })}
              options={WHEEL_RISKS.map((r) => ({ value: r, label: t(`risk.${r}`) }))}
            />
          </ControlField>
          <ControlField label={t('wheel.segments')}>
            <Segmented
              value={params.segments}
              disabled={bet.pending || spinning}
              onChange={(segments) => change({ segments })}
              options={WHEEL_SEGMENTS.map((n) => ({ value: n, label: String(n) }))}
            />
          </ControlField>
        </BetPanel>
      }
      stage={
        <div className="wheel-stage">
          <div className="wheel-box">
            <svg viewBox="-170 -170 340 340" className="wheel-svg" role="img" aria-label={t('wheel.title')}>
              <g
                className="wheel-rotor"
                style={{
                  transform: `rotate(${rotation}deg)`,
                  transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.12, 0.7, 0.15, 1)` : 'none',
                }}
              >
                {table.map((m, i) => (
                  <path
                    // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
                    key={i}
                    d={arc(i * step + 0.4, (i + 1) * step - 0.4, R, R - 26)}
                    fill={colours.get(key(m))}
                    opacity={hit && hit.segment !== i ? 0.45 : 1}
                  />
                ))}
              </g>
              <circle r={R - 30} fill="#111a2e" />
              <polygon points="0,-140 -11,-168 11,-168" className="wheel-pointer" />
            </svg>
            <div
              className={hit ? `wheel-center ${hit.multiplier > 0 ? 'is-win' : ''}` : 'wheel-center'}
              data-testid="wheel-result"
            >
              {hit ? formatMultiplier(hit.multiplier) : ''}
            </div>
          </div>
          <div className="wheel-legend">
            {legend.map((m) => (
              <div
                key={m}
                className={hit && key(hit.multiplier) === m ? 'wheel-chip is-hit' : 'wheel-chip'}
                style={{ '--chip': colours.get(m) } as React.CSSProperties}
              >
                {formatMultiplier(m)}
              </div>
            ))}
          </div>
        </div>
      }
      footer={
        <>
          <RecentRounds
            game="wheel"
            describe={(round) =>
              `${t(`risk.${String(round.outcome.risk)}`)} · ${String(round.outcome.segments)}`
            }
          />
          <SeedPanel game="wheel" />
        </>
      }
    />
  );
}
