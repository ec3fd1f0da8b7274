import { KENO_DRAWN, KENO_RISKS, KENO_SQUARES, type KenoRisk, kenoPaytable } from '@sorte/fairness';
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
import './keno.css';

type KenoParams = { picks: number[]; risk: KenoRisk };

const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);
const REVEAL_MS = 90;

function randomPicks(count: number): number[] {
  const pool = [...SQUARES];
  const out: number[] = [];
  const bytes = crypto.getRandomValues(new Uint32Array(count));
  for (let i = 0; i < count; i++) out.push(pool.splice(bytes[i]! % pool.length, 1)[0]!);
  return out.sort((a, b) => a - b);
}

/** Keno: pick 1–10 of 40 squares; 10 are drawn; the hits pay by the risk's table. */
export function KenoScreen() {
  const { t } = useTranslation('originals');
  const [stake, setStake] = useStake('keno');
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [drawn, setDrawn] = useState<number[]>([]);
  const [hits, setHits] = useState<number | null>(null);
  const [revealing, setRevealing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bet = usePlaceBet<KenoParams>('keno', { deferReveal: true });
  const paytable = useMemo(
    () => (picks.length > 0 ? kenoPaytable(picks.length, risk) : []),
    [picks.length, risk],
  );
  const drawnSet = new Set(drawn);
  const pickSet = new Set(picks);
  const locked = bet.pending || revealing;

  const resetDraw = () => {
    setDrawn([]);
    setHits(null);
  };
  const toggle = (n: number) => {
    if (locked) return;
    resetDraw();
    setPicks((list) =>
      list.includes(n)
        ? list.filter((x) => x !== n)
        : list.length >= KENO_DRAWN
          ? list
          : [...list, n].sort((a, b) => a - b),
    );
  };

  const onRound = useCallback(
    (round: OriginalRound) =>
      new Promise<void>((done) => {
        const all = (round.outcome.drawn as number[]) ?? [];
        setDrawn([]);
        setHits(null);
        setRevealing(true);
        let shown = 0;
        const next = () => {
          shown += 1;
          setDrawn(all.slice(0, shown));
          if (shown < all.length) timer.current = setTimeout(next, REVEAL_MS);
          else {
            setHits(Number(round.outcome.hits));
            setRevealing(false);
            done();
          }
        };
        timer.current = setTimeout(next, REVEAL_MS);
      }),
    [],
  );

  return (
    <GameLayout
      game="keno"
      title={t('keno.title')}
      controls={
        <BetPanel
          stake={stake}
          onStake={setStake}
          bet={bet}
          params={{ picks, risk }}
          onRound={onRound}
          disabled={picks.length === 0 || revealing}
        >
          <ControlField label={t('keno.risk')}>
            <Segmented
              value={risk}
              disabled={locked}
              onChange={(r) => {
                resetDraw();
                setRisk(r);
              }}
              options={KENO_RISKS.map((r) => ({ value: r, label: t(`risk.${r}`) }))}
            />
          </ControlField>
          <div className="keno-tools">
            <button
              type="button"
              className="og-btn"
              disabled={locked}
              data-testid="keno-auto-pick"
              onClick={() => {
                resetDraw();
                setPicks(randomPicks(KENO_DRAWN));
              }}
            >
              {t('keno.autoPick')}
            </button>
            <button
              type="button"
              className="og-btn"
              disabled={locked || picks.length === 0}
              onClick={() => {
                resetDraw();
                setPicks([]);
              }}
            >
              {t('keno.clear')}
            </button>
          </div>
        </BetPanel>
      }
      stage={
        <div className="keno-stage">
          <div className="keno-board" data-testid="keno-board">
            {SQUARES.map((n) => {
              const picked = pickSet.has(n);
              const isDrawn = drawnSet.has(n);
              const cls = picked && isDrawn ? 'is-hit' : isDrawn ? 'is-drawn' : picked ? 'is-picked' : '';
              return (
                <button
                  key={n}
                  type="button"
                  className={`keno-sq ${cls}`}
                  aria-pressed={picked}
                  disabled={locked}
                  onClick={() => toggle(n)}
                >
                  {n}
                </button>
              );
            })}
          </div>
          {picks.length === 0 ? (
            <p className="og-muted keno-hint">{t('keno.pick')}</p>
          ) : (
            <div className="keno-pay" title={t('keno.paytable')}>
              {paytable.map((m, h) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per hit count
                  key={h}
                  className={hits === h ? 'keno-pay__cell is-hit' : 'keno-pay__cell'}
                >
                  <span className="keno-pay__mult">{formatMultiplier(m)}</span>
                  <span className="keno-pay__hits">{h}×</span>
                </div>
              ))}
            </div>
          )}
          <div className="keno-status">
            <span>{t('keno.picked', { count: picks.length })}</span>
            {hits !== null ? (
              <strong data-testid="keno-hits">{t('keno.hits', { count: hits })}</strong>
            ) : null}
          </div>
        </div>
      }
      footer={
        <>
          <RecentRounds
            game="keno"
            describe={(round) =>
              `${String(round.outcome.hits)}/${String((round.outcome.picks as number[] | undefined)?.length ?? '?')} · ${t(`risk.${String(round.outcome.risk)}`)}`
            }
          />
          <SeedPanel game="keno" />
        </>
      }
    />
  );
}
