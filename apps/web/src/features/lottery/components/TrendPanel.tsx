import type { LotteryDraw, LotteryFamily } from '@sorte/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_SHAPES, positionTrends, resultSum } from '../trends';
import { ResultBalls } from './ResultBalls';

/**
 * Results and trends of the last draws: a table (draw, result, sum) and, per position, how often
 * each number came (bars), how many draws it has been missing, and the big/small and odd/even split.
 * Plain SVG and CSS: the figures are small and a chart library would weigh more than the page.
 */
export function TrendPanel({ family, draws }: { family: LotteryFamily; draws: LotteryDraw[] }) {
  const { t } = useTranslation('lottery');
  const shape = FAMILY_SHAPES[family];
  const [position, setPosition] = useState(0);
  const drawn = useMemo(() => draws.filter((d) => d.result), [draws]);
  const trends = useMemo(
    () =>
      positionTrends(
        shape,
        drawn.map((d) => d.result ?? []),
      ),
    [shape, drawn],
  );
  if (drawn.length === 0) return <p className="muted lt-empty">{t('draw.noResults')}</p>;
  const trend = trends[position]!;
  const values = Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i);
  const top = Math.max(1, ...trend.frequency);
  const barW = 100 / values.length;
  const posLabel = (n: number) => t(family === 'RACE_10' ? 'rows.place' : 'rows.position', { n });
  return (
    <div className="lt-trend" data-testid="trend-panel">
      <div className="lt-trend__chart">
        <div className="lt-plays" role="tablist" aria-label={t('trend.position')}>
          {trends.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are fixed per family
              key={i}
              type="button"
              role="tab"
              aria-selected={i === position}
              className={`chip${i === position ? ' chip--active' : ''}`}
              onClick={() => setPosition(i)}
            >
              {posLabel(i + 1)}
            </button>
          ))}
        </div>
        <h3 className="lt-trend__title">{t('trend.frequency', { count: drawn.length })}</h3>
        <svg
          className="lt-bars"
          viewBox="0 0 100 44"
          preserveAspectRatio="none"
          role="img"
          aria-label={t('trend.frequency', { count: drawn.length })}
        >
          {values.map((value, i) => {
            const h = (trend.frequency[i]! / top) * 36;
            return (
              <rect
                key={value}
                x={i * barW + barW * 0.15}
                y={40 - h}
                width={barW * 0.7}
                height={Math.max(h, 0.6)}
                rx={0.8}
                className={trend.missing[i] === 0 ? 'lt-bars__bar is-last' : 'lt-bars__bar'}
              />
            );
          })}
        </svg>
        <table className="lt-trend__grid">
          <tbody>
            <tr>
              <th scope="row">{t('trend.number')}</th>
              {values.map((v) => (
                <td key={v}>{v}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('trend.hits')}</th>
              {values.map((v, i) => (
                <td key={v}>{trend.frequency[i]}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t('trend.missing')}</th>
              {values.map((v, i) => (
                <td key={v} className={trend.missing[i]! >= 10 ? 'is-cold' : undefined}>
                  {trend.missing[i]}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
        <div className="lt-split">
          <Split left={t('options.BIG')} right={t('options.SMALL')} a={trend.big} b={trend.small} />
          <Split left={t('options.ODD')} right={t('options.EVEN')} a={trend.odd} b={trend.even} />
        </div>
      </div>
      <div className="lt-trend__table-wrap">
        <table className="lt-trend__table" data-testid="results-table">
          <thead>
            <tr>
              <th>{t('trend.draw')}</th>
              <th>{t('trend.result')}</th>
              <th>{t('trend.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {drawn.map((draw) => (
              <tr key={draw.drawNo}>
                <td className="lt-mono">{draw.drawNo}</td>
                <td>
                  <ResultBalls family={family} result={draw.result} size="sm" />
                </td>
                <td>{resultSum(draw.result ?? [])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A two-sided bar: how the draws split between two outcomes. */
function Split({ left, right, a, b }: { left: string; right: string; a: number; b: number }) {
  const total = Math.max(1, a + b);
  return (
    <div className="lt-splitbar">
      <span>
        {left} {a}
      </span>
      <div className="lt-splitbar__track" aria-hidden="true">
        <div className="lt-splitbar__a" style={{ width: `${(a / total) * 100}%` }} />
      </div>
      <span>
        {b} {right}
      </span>
    </div>
  );
}
