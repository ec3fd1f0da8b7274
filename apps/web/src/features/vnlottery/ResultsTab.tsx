import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorMessage } from '../../lib/errors';
import { useVnOpened } from './api';
import { ResultBoard } from './ResultBoard';
import { drawsOfProvince, resultProvinces } from './results';
import { formatVnDay } from './time';

/** The latest results (the numeros list), one board at a time, chosen by lottery and day. */
export function ResultsTab() {
  const { t, i18n } = useTranslation('vnlottery');
  const message = useErrorMessage();
  const opened = useVnOpened();
  const draws = opened.data ?? [];
  const provinces = useMemo(() => resultProvinces(draws), [draws]);
  const [params] = useSearchParams();
  // The bet tab's "full results" link names the province it came from.
  const [province, setProvince] = useState<string | null>(() => params.get('province'));
  const current = provinces.find((p) => p.code === province)?.code ?? provinces[0]?.code ?? null;
  const days = useMemo(() => (current ? drawsOfProvince(draws, current) : []), [draws, current]);
  const [drawId, setDrawId] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another lottery starts at its newest day
  useEffect(() => setDrawId(null), [current]);
  const draw = days.find((d) => d.id === drawId) ?? days[0];

  if (opened.isPending) return <div className="vn-card vn-skeleton" aria-busy />;
  if (opened.isError)
    return (
      <div className="vn-card">
        <p className="vn-error">{message(opened.error)}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => opened.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (!draws.length) return <p className="vn-card vn-muted">{t('results.empty')}</p>;

  return (
    <section className="vn-results" data-testid="vn-results">
      <div className="vn-card vn-results__pick">
        <label className="vn-field">
          <span className="vn-label">{t('results.province')}</span>
          <select
            className="select"
            value={current ?? ''}
            data-testid="vn-results-province"
            onChange={(e) => setProvince(e.target.value)}
          >
            {(['north', 'central', 'south'] as const).map((region) => (
              <optgroup key={region} label={t(`regions.${region}`)}>
                {provinces
                  .filter((p) => p.region === region)
                  .map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label className="vn-field">
          <span className="vn-label">{t('results.date')}</span>
          <select
            className="select"
            value={draw?.id ?? ''}
            data-testid="vn-results-date"
            onChange={(e) => setDrawId(e.target.value)}
          >
            {days.map((d) => (
              <option key={d.id} value={d.id}>
                {formatVnDay(d.drawDate, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {draw ? (
        <div className="vn-card">
          <ResultBoard draw={draw} />
        </div>
      ) : null}
    </section>
  );
}
