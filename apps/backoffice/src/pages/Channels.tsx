import type { OperatorPaymentChannel } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { Badge, Empty, ErrorBox, Loading } from '../components/Status';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { listOf } from '../lib/lists';
import { minorToInput, parseAmountInput } from '../lib/money-input';
import { useMoney } from '../lib/operator';
import type { Page } from '../lib/paging';

const CHANNELS_KEY = ['bo', 'channels'] as const;

/** Payment channels: limits, fee and order, and the switch that shows or hides each on the site. */
export function ChannelsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OperatorPaymentChannel | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const channels = useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: () => api.get<OperatorPaymentChannel[] | Page<OperatorPaymentChannel>>('/bo/cashier/channels'),
  });
  const list = [...listOf(channels.data)].sort((a, b) => a.sortOrder - b.sortOrder);

  async function toggle(channel: OperatorPaymentChannel) {
    setToggling(channel.id);
    setToggleError(null);
    try {
      await api.patch(`/bo/cashier/channels/${encodeURIComponent(channel.id)}`, {
        enabled: !channel.enabled,
      });
      await queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
    } catch (cause) {
      setToggleError(errorMessage(cause));
    } finally {
      setToggling(null);
    }
  }

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('channels.title')}</h1>
      </header>
      {toggleError ? (
        <div className="alert alert--error" role="alert">
          {toggleError}
        </div>
      ) : null}
      {channels.error ? <ErrorBox error={channels.error} onRetry={() => void channels.refetch()} /> : null}
      {channels.isLoading ? <Loading /> : null}
      {channels.data && list.length === 0 ? <Empty>{t('channels.empty')}</Empty> : null}
      {list.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th className="num">{t('channels.order')}</th>
                <th>{t('channels.name')}</th>
                <th>{t('channels.type')}</th>
                <th className="num">{t('channels.min')}</th>
                <th className="num">{t('channels.max')}</th>
                <th className="num">{t('channels.fee')}</th>
                <th>{t('channels.state')}</th>
                <th>
                  <span className="visually-hidden">{t('cashier.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((channel) => (
                <tr key={channel.id}>
                  <td className="num">{channel.sortOrder}</td>
                  <td>
                    {channel.name}
                    {channel.gateway ? <div className="muted small">{channel.gateway}</div> : null}
                  </td>
                  <td>{t(`channels.types.${channel.type}`, { defaultValue: channel.type })}</td>
                  <td className="num">{money(channel.minMinor, channel.currency)}</td>
                  <td className="num">{money(channel.maxMinor, channel.currency)}</td>
                  <td className="num nowrap">
                    {minorToInput(channel.feeBps, 'BRL', i18n.language)}%
                    {channel.feeFixedMinor ? ` + ${money(channel.feeFixedMinor, channel.currency)}` : ''}
                  </td>
                  <td>
                    <Badge tone={channel.enabled ? 'ok' : 'muted'}>
                      {t(channel.enabled ? 'channels.enabled' : 'channels.disabled')}
                    </Badge>
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setEditing(channel)}
                    >
                      {t('action.edit')}
                    </button>
                    <button
                      type="button"
                      className={
                        channel.enabled ? 'button button--small button--danger' : 'button button--small'
                      }
                      disabled={toggling === channel.id}
                      onClick={() => void toggle(channel)}
                    >
                      {t(channel.enabled ? 'action.disable' : 'action.enable')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing ? <ChannelDialog channel={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

/** Fee percent typed with two decimals is basis points in the same way money is cents. */
const PERCENT_AS_BPS = 'BRL';

function ChannelDialog({ channel, onClose }: { channel: OperatorPaymentChannel; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [min, setMin] = useState(minorToInput(channel.minMinor, channel.currency, lng));
  const [max, setMax] = useState(minorToInput(channel.maxMinor, channel.currency, lng));
  const [fee, setFee] = useState(minorToInput(channel.feeBps, PERCENT_AS_BPS, lng));
  const [feeFixed, setFeeFixed] = useState(minorToInput(channel.feeFixedMinor, channel.currency, lng));
  const [order, setOrder] = useState(String(channel.sortOrder));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Zero is a valid fee, which the money parser (for positive amounts) refuses. */
  function optionalAmount(text: string, currency: string): number | null {
    if (/^\s*0*([.,]0*)?\s*$/.test(text)) return 0;
    const parsed = parseAmountInput(text, currency, lng);
    return parsed.ok ? parsed.minor : null;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const minMinor = parseAmountInput(min, channel.currency, lng);
    const maxMinor = parseAmountInput(max, channel.currency, lng);
    const feeBps = optionalAmount(fee, PERCENT_AS_BPS);
    const feeFixedMinor = optionalAmount(feeFixed, channel.currency);
    const sortOrder = Number(order);
    if (!minMinor.ok || !maxMinor.ok || feeBps === null || feeFixedMinor === null) {
      setError(t('channels.invalid'));
      return;
    }
    if (minMinor.minor > maxMinor.minor) {
      setError(t('channels.minAboveMax'));
      return;
    }
    if (feeBps > 5000 || !Number.isInteger(sortOrder) || sortOrder < 0 || sortOrder > 10_000) {
      setError(t('channels.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.patch(`/bo/cashier/channels/${encodeURIComponent(channel.id)}`, {
        minMinor: minMinor.minor,
        maxMinor: maxMinor.minor,
        feeBps,
        feeFixedMinor,
        sortOrder,
      });
      await queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
      onClose();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open title={t('channels.editTitle', { name: channel.name })} onClose={onClose}>
      <form className="stack" onSubmit={save}>
        <div className="form-row">
          <label className="field">
            <span>{t('channels.min')}</span>
            <input
              value={min}
              onChange={(event) => setMin(event.target.value)}
              inputMode="decimal"
              required
            />
          </label>
          <label className="field">
            <span>{t('channels.max')}</span>
            <input
              value={max}
              onChange={(event) => setMax(event.target.value)}
              inputMode="decimal"
              required
            />
          </label>
        </div>
        <div className="form-row">
          <label className="field">
            <span>{t('channels.feePercent')}</span>
            <input value={fee} onChange={(event) => setFee(event.target.value)} inputMode="decimal" />
          </label>
          <label className="field">
            <span>{t('channels.feeFixed')}</span>
            <input
              value={feeFixed}
              onChange={(event) => setFeeFixed(event.target.value)}
              inputMode="decimal"
            />
          </label>
          <label className="field">
            <span>{t('channels.order')}</span>
            <input
              type="number"
              min={0}
              max={10000}
              step={1}
              value={order}
              onChange={(event) => setOrder(event.target.value)}
            />
          </label>
        </div>
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            {t('action.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('state.working') : t('action.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
