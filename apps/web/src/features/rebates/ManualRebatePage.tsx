import type { RebateClaim } from '@sorte/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { QueryState } from '../../components/ui/QueryState';
import { formatDateTime } from '../../lib/dates';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useMoney } from '../../lib/money';
import { useClaimRebate, useRebateHistory, useRebateSummary } from './api';
import './rebates.css';

/** A rate in basis points as a percent for display ("0,80 %"); never computed with. */
function usePercent() {
  const { i18n } = useTranslation();
  return (bp: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 2 }).format(bp / 10_000);
}

/**
 * manualRebate (member centre): per category the rate, the valid stake since the last claim and what
 * a claim pays now; one Claim button for the total, its result, and the claims so far.
 */
export function ManualRebatePage() {
  const { t } = useTranslation(['rebates', 'records']);
  const money = useMoney();
  const percent = usePercent();
  const summary = useRebateSummary();
  const claim = useClaimRebate();
  const keys = useIntentKeys();
  const errorMessage = useErrorMessage();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const data = summary.data;
  const canClaim = Boolean(data && data.totalMinor > 0 && data.totalMinor >= data.minClaimMinor);

  const onClaim = () => {
    if (!data) return;
    setResult(null);
    claim.mutate(keys.keyFor(`rebate:${data.totalMinor}`), {
      onSuccess: ({ claim: paid }) => {
        keys.done();
        setResult({ ok: true, text: t('claim.done', { amount: money.format(paid.amountMinor) }) });
      },
      onError: (error) => setResult({ ok: false, text: errorMessage(error) }),
    });
  };

  return (
    <div className="cs-page cs-page--sections">
      <QueryState isLoading={summary.isLoading} error={summary.error} onRetry={() => void summary.refetch()}>
        {data ? (
          <>
            <section className="cs-card rb-total" aria-labelledby="rb-total-label">
              <div className="cs-stacked">
                <span id="rb-total-label" className="cs-figure__label">
                  {t('total.label')}
                </span>
                <strong className="cs-figure">{money.format(data.totalMinor)}</strong>
                <span className="muted cs-fine">
                  {t('total.minimum', { amount: money.format(data.minClaimMinor) })}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--primary rb-total__claim"
                disabled={!canClaim || claim.isPending}
                aria-busy={claim.isPending}
                onClick={onClaim}
              >
                {t('claim.button')}
              </button>
              {result ? (
                <p className={`cs-feedback rb-result--${result.ok ? 'ok' : 'error'}`} role="status">
                  {result.text}
                </p>
              ) : null}
            </section>
            <section aria-labelledby="rb-cats">
              <h4 id="rb-cats" className="cs-section-title">
                {t('categories.title')}
              </h4>
              {data.categories.length === 0 ? (
                <p className="muted cs-empty">{t('categories.none')}</p>
              ) : (
                <ul className="cs-list cs-list--cards">
                  {data.categories.map((c) => (
                    <li key={c.category} className="cs-list__card">
                      <div className="rb-cat__name">
                        <strong>{t(`records:categories.${c.category}`, { defaultValue: c.category })}</strong>
                        <span className="cs-pill">{percent(c.rateBp)}</span>
                      </div>
                      <dl className="cs-facts rb-cat__figures">
                        <div>
                          <dt>{t('categories.stake')}</dt>
                          <dd>{money.format(c.validStakeMinor)}</dd>
                        </div>
                        <div>
                          <dt>{t('categories.claimable')}</dt>
                          <dd className="rb-cat__amount">{money.format(c.claimableMinor)}</dd>
                        </div>
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
              <p className="muted cs-fine rb-note">{t('categories.note')}</p>
            </section>
          </>
        ) : null}
      </QueryState>
      <History />
    </div>
  );
}

function History() {
  const { t, i18n } = useTranslation(['rebates', 'records']);
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const history = useRebateHistory(pageNo);
  const page = history.data;
  const lines = (claim: RebateClaim) =>
    claim.lines
      .map(
        (l) =>
          `${t(`records:categories.${l.category}`, { defaultValue: l.category })} ${money.format(l.amountMinor)}`,
      )
      .join(' · ');
  return (
    <section aria-labelledby="rb-history">
      <h4 id="rb-history" className="cs-section-title">
        {t('history.title')}
      </h4>
      <QueryState isLoading={history.isLoading} error={history.error} onRetry={() => void history.refetch()}>
        {page && page.list.length === 0 ? (
          <EmptyState icon="file" title={t('history.emptyTitle')} text={t('history.emptyText')} />
        ) : (
          <ul className="cs-list cs-list--cards">
            {page?.list.map((claim) => (
              <li key={claim.id} className="cs-list__card">
                <div className="cs-stacked cs-stacked--small">
                  <span>{formatDateTime(claim.createdAt, i18n.language)}</span>
                  <span className="muted">{lines(claim)}</span>
                </div>
                <strong className="rb-history__amount">+{money.format(claim.amountMinor)}</strong>
              </li>
            ))}
          </ul>
        )}
        {page ? <Pager pageNo={pageNo} totalPages={page.totalPages} onPage={setPageNo} /> : null}
      </QueryState>
    </section>
  );
}
