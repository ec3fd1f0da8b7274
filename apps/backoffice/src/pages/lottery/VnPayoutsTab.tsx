import type { VnPayoutConfigView } from '@sorte/contracts';
import { VN_BET_TYPES, VN_REGIONS } from '@sorte/lottery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Alert, QueryState } from '../../components/Status';
import { ApiError, api } from '../../lib/api';
import { useErrorMessage } from '../../lib/errors';
import { currencySymbol } from '../../lib/format';
import { useMerchantCurrency } from './currency';
import { VnLimitsSection } from './VnLimitsEditor';
import {
  cellKey,
  cellRate,
  expectedReturnOf,
  type PayoutsDraft,
  payoutIssuesOf,
  payoutsDraftOf,
  payoutsOf,
  type RateDraft,
} from './vn-payouts-form';

const PAYOUTS_KEY = ['bo', 'lottery', 'vn', 'payouts'] as const;

/**
 * The Vietnamese prices and payouts, bet type × region, with each cell's theoretical return; below
 * them, the stake limits per bet type (saved on their own).
 */
export function VnPayoutsTab() {
  const currency = useMerchantCurrency();
  const payouts = useQuery({
    queryKey: PAYOUTS_KEY,
    queryFn: () => api.get<VnPayoutConfigView>('/bo/lottery/vn/payouts'),
  });
  return (
    <>
      <QueryState query={payouts} />
      {payouts.data && currency ? <PayoutsEditor config={payouts.data} currency={currency} /> : null}
      {currency ? <VnLimitsSection currency={currency} /> : null}
    </>
  );
}

function PayoutsEditor({ config, currency }: { config: VnPayoutConfigView; currency: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState<PayoutsDraft>(() => payoutsDraftOf(config, currency, lng));
  const [unreadable, setUnreadable] = useState<string[]>([]);
  const [serverIssues, setServerIssues] = useState<ReturnType<typeof payoutIssuesOf>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState<VnPayoutConfigView | null>(null);
  const [busy, setBusy] = useState(false);
  const symbol = currencySymbol(currency, lng);

  const setCell = (
    betType: (typeof VN_BET_TYPES)[number],
    region: (typeof VN_REGIONS)[number],
    cell: RateDraft,
  ) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [betType]: { ...d[betType], [region]: cell } }));
  };

  function review(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const next = payoutsOf(draft, currency, lng);
    if (!next.ok) {
      setUnreadable(next.cells);
      setError(t('lottery.payouts.unreadable'));
      return;
    }
    setUnreadable([]);
    setConfirming(next.config);
  }

  async function save(next: VnPayoutConfigView) {
    setBusy(true);
    try {
      const stored = await api.put<VnPayoutConfigView>('/bo/lottery/vn/payouts', next);
      setServerIssues({});
      setDraft(payoutsDraftOf(stored, currency, lng));
      queryClient.setQueryData(PAYOUTS_KEY, stored);
      setSaved(true);
    } catch (cause) {
      setError(errorMessage(cause));
      setServerIssues(cause instanceof ApiError ? payoutIssuesOf(cause.details) : {});
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const percent = (value: number) =>
    new Intl.NumberFormat(lng, {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }).format(value);

  return (
    <form className="stack" onSubmit={review} noValidate>
      <p className="muted">{t('lottery.payouts.intro', { currency })}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('lottery.payouts.betType')}</th>
              {VN_REGIONS.map((region) => (
                <th key={region}>{t(`lottery.vn.regions.${region}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {VN_BET_TYPES.map((betType) => (
              <tr key={betType}>
                <th scope="row">
                  {t(`lottery.payouts.betTypes.${betType}`)}
                  <div className="muted small">
                    {t(
                      draft[betType].north.kind === 'perPoint'
                        ? 'lottery.payouts.perPoint'
                        : 'lottery.payouts.perSlot',
                    )}
                  </div>
                </th>
                {VN_REGIONS.map((region) => {
                  const at = cellKey(betType, region);
                  const cell = draft[betType][region];
                  const rate = cellRate(cell, currency, lng);
                  const rtp = rate ? expectedReturnOf(betType, region, rate) : null;
                  const issue = serverIssues[at];
                  const bad = unreadable.includes(at) || Boolean(issue);
                  const label = `${t(`lottery.payouts.betTypes.${betType}`)} · ${t(`lottery.vn.regions.${region}`)}`;
                  return (
                    <td key={region}>
                      <div style={{ display: 'grid', gap: 4 }}>
                        {cell.kind === 'perPoint' ? (
                          <>
                            <label className="small">
                              {t('lottery.payouts.price')} ({symbol})
                              <input
                                value={cell.price}
                                inputMode="decimal"
                                aria-label={`${label} · ${t('lottery.payouts.price')}`}
                                aria-invalid={bad ? true : undefined}
                                onChange={(event) =>
                                  setCell(betType, region, { ...cell, price: event.target.value })
                                }
                              />
                            </label>
                            <label className="small">
                              {t('lottery.payouts.payout')} ({symbol})
                              <input
                                value={cell.payout}
                                inputMode="decimal"
                                aria-label={`${label} · ${t('lottery.payouts.payout')}`}
                                aria-invalid={bad ? true : undefined}
                                onChange={(event) =>
                                  setCell(betType, region, { ...cell, payout: event.target.value })
                                }
                              />
                            </label>
                          </>
                        ) : (
                          <label className="small">
                            {t('lottery.payouts.multiplier')}
                            <input
                              value={cell.multiplier}
                              inputMode="decimal"
                              aria-label={`${label} · ${t('lottery.payouts.multiplier')}`}
                              aria-invalid={bad ? true : undefined}
                              onChange={(event) =>
                                setCell(betType, region, { ...cell, multiplier: event.target.value })
                              }
                            />
                          </label>
                        )}
                        <small className={rtp !== null && rtp >= 1 ? 'neg' : 'muted'}>
                          {rtp === null
                            ? t('lottery.payouts.unreadableCell')
                            : t('lottery.payouts.return', { percent: percent(rtp) })}
                        </small>
                        {issue ? (
                          <small className="neg" role="alert">
                            {t(issue.key, { percent: percent(issue.expectedReturn ?? 0) })}
                          </small>
                        ) : null}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Alert tone="error">{error}</Alert>
      <Alert tone="ok">{saved ? t('lottery.payouts.saved') : null}</Alert>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setDraft(payoutsDraftOf(config, currency, lng));
            setUnreadable([]);
            setServerIssues({});
            setError(null);
          }}
        >
          {t('lottery.payouts.reset')}
        </button>
        <button type="submit" className="button button--primary">
          {t('action.save')}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t('lottery.payouts.confirmTitle')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void save(confirming)}
        >
          <p>{t('lottery.payouts.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
