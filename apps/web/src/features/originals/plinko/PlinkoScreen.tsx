import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoRisk,
  plinkoTable,
} from '@sorte/fairness';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BetPanel,
  ControlField,
  GameLayout,
  type OriginalRound,
  RecentRounds,
  SeedPanel,
  Segmented,
  usePlaceBet,
  useStake,
} from '../kit';
import {
  BOARD_WIDTH,
  boardHeight,
  bucketX,
  bucketY,
  pegs,
  positionAt,
  spacing,
  waypoints,
} from './plinko-geometry';
import './plinko.css';

type PlinkoParams = { rows: number; risk: PlinkoRisk };
type Ball = { id: string; rows: number; points: { x: number; y: number }[]; started: number; bucket: number };

const MS_PER_ROW = 110;
const duration = (rows: number) => (rows + 1) * MS_PER_ROW;
const ROWS = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i);

/** Bucket colour: the centre (low multipliers) yellow, the edges (high) red. */
function bucketColour(index: number, rows: number): string {
  const d = Math.abs(index - rows / 2) / (rows / 2);
  const hue = 52 - d * 50;
  return `hsl(${hue} 100% ${58 - d * 6}%)`;
}

const short = (m: number) =>
  m >= 100 ? String(Math.round(m)) : m >= 10 ? m.toFixed(0) : String(Math.round(m * 10) / 10);

/** Plinko: one ball through 8–16 rows; the bucket it lands in pays its multiplier. */
export function PlinkoScreen() {
  const { t } = useTranslation('originals');
  const [stake, setStake] = useStake('plinko');
  const [params, setParams] = useState<PlinkoParams>({ rows: 16, risk: 'medium' });
  const [balls, setBalls] = useState<Ball[]>([]);
  const [now, setNow] = useState(0);
  const [landed, setLanded] = useState<{ bucket: number; at: number } | null>(null);
  const frame = useRef(0);
  const bet = usePlaceBet<PlinkoParams>('plinko', { deferReveal: true });
  const table = useMemo(() => plinkoTable(params.rows, params.risk), [params]);
  const pegList = useMemo(() => pegs(params.rows), [params.rows]);
  const s = spacing(params.rows);
  const height = boardHeight(params.rows);

  // One animation loop while balls are in the air; a ball leaves the list when it lands.
  const ballsRef = useRef<Ball[]>([]);
  ballsRef.current = balls;
  useEffect(() => {
    if (balls.length === 0) return;
    const tick = (time: number) => {
      setNow(time);
      const list = ballsRef.current;
      const done = list.filter((b) => time - b.started >= duration(b.rows));
      if (done.length > 0) {
        setLanded({ bucket: done.at(-1)!.bucket, at: time });
        setBalls(list.filter((b) => !done.includes(b)));
      }
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
  }, [balls.length]);

  const onRound = useCallback((round: OriginalRound) => {
    const rows = Number(round.outcome.rows);
    const path = round.outcome.path as (0 | 1)[];
    const ball: Ball = {
      id: round.id,
      rows,
      points: waypoints(rows, path),
      started: performance.now(),
      bucket: Number(round.outcome.bucket),
    };
    setBalls((list) => [...list, ball]);
    return new Promise<void>((done) => setTimeout(done, duration(rows)));
  }, []);

  const inAir = balls.length > 0;
  return (
    <GameLayout
      game="plinko"
      title={t('plinko.title')}
      controls={
        <BetPanel stake={stake} onStake={setStake} bet={bet} params={params} onRound={onRound}>
          <ControlField label={t('plinko.risk')}>
            <Segmented
              value={params.risk}
              disabled={bet.pending || inAir}
              onChange={(risk) => setParams((p) => ({ ...p, risk }))}
              options={PLINKO_RISKS.map((r) => ({ value: r, label: t(`risk.${r}`) }))}
            />
          </ControlField>
          <ControlField label={t('plinko.rows')}>
            <select
              className="og-input"
              value={params.rows}
              disabled={bet.pending || inAir}
              data-testid="plinko-rows"
              onChange={(e) => {
                setLanded(null);
                setParams((p) => ({ ...p, rows: Number(e.target.value) }));
              }}
            >
              {ROWS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </ControlField>
        </BetPanel>
      }
      stage={
        <div className="plinko-stage">
          <svg
            viewBox={`0 0 ${BOARD_WIDTH} ${height}`}
            className="plinko-svg"
            role="img"
            aria-label={t('plinko.title')}
            data-testid="plinko-board"
          >
            {pegList.map((p) => (
              <circle
                key={`${p.x.toFixed(2)}:${p.y.toFixed(2)}`}
                cx={p.x}
                cy={p.y}
                r={Math.max(2.6, s * 0.1)}
                className="plinko-peg"
              />
            ))}
            {table.map((m, i) => {
              const w = s * 0.9;
              const x = bucketX(params.rows, i) - w / 2;
              const y = bucketY(params.rows) + s * 0.15;
              const hit = landed?.bucket === i;
              return (
                <g
                  // biome-ignore lint/suspicious/noArrayIndexKey: buckets are positional
                  key={`${params.rows}-${i}-${hit ? landed.at : ''}`}
                  className={hit ? 'plinko-bucket is-hit' : 'plinko-bucket'}
                >
                  <rect x={x} y={y} width={w} height={s * 0.62} rx={4} fill={bucketColour(i, params.rows)} />
                  <text
                    x={x + w / 2}
                    y={y + s * 0.42}
                    textAnchor="middle"
                    fontSize={Math.min(16, s * 0.42)}
                    className="plinko-mult"
                  >
                    {short(m)}
                  </text>
                </g>
              );
            })}
            {balls.map((b) => {
              const k = Math.min(1, Math.max(0, (now - b.started) / duration(b.rows)));
              const p = positionAt(b.points, k);
              return (
                <circle
                  key={b.id}
                  cx={p.x}
                  cy={p.y}
                  r={Math.max(5, spacing(b.rows) * 0.22)}
                  className="plinko-ball"
                />
              );
            })}
          </svg>
        </div>
      }
      footer={
        <>
          <RecentRounds
            game="plinko"
            describe={(round) => `${String(round.outcome.rows)} · ${t(`risk.${String(round.outcome.risk)}`)}`}
          />
          <SeedPanel game="plinko" />
        </>
      }
    />
  );
}
