import type { OperatorPaymentChannel } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../components/DataTable';
import { Alert, Badge, QueryState } from '../components/Status';
import { api } from '../lib/api';
import { useErrorMessage } from '../lib/errors';
import { listOf } from '../lib/lists';
import { minorToInput } from '../lib/money-input';
import { useMoney } from '../lib/operator';
import type { Page } from '../lib/paging';
import { CHANNELS_KEY, ChannelDialog, PERCENT_AS_BPS } from './ChannelDialog';

/** Payment channels: limits, fee and order, and the switch that shows or hides each on the site. */
export function ChannelsPage() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<OperatorPaymentChannel | 'new' | null>(null);
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
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('channels.create')}
        </button>
      </header>
      <Alert tone="error">{toggleError}</Alert>
      <QueryState
        query={channels}
        isEmpty={Boolean(channels.data) && list.length === 0}
        empty={t('channels.empty')}
      />
      {list.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th className="num">{t('channels.order')}</th>
              <th>{t('channels.name')}</th>
              <th>{t('channels.type')}</th>
              <th className="num">{t('channels.min')}</th>
              <th className="num">{t('channels.max')}</th>
              <th className="num">{t('channels.fee')}</th>
              <th>{t('channels.state')}</th>
            </>
          }
        >
          {list.map((channel) => (
            <tr key={channel.id}>
              <td data-label={t('channels.order')} className="num">
                {channel.sortOrder}
              </td>
              <td data-label={t('channels.name')}>
                <div>
                  {channel.name}
                  {channel.gateway ? <div className="muted small">{channel.gateway}</div> : null}
                </div>
              </td>
              <td data-label={t('channels.type')}>
                {t(`channels.types.${channel.type}`, { defaultValue: channel.type })}
              </td>
              <td data-label={t('channels.min')} className="num">
                {money(channel.minMinor, channel.currency)}
              </td>
              <td data-label={t('channels.max')} className="num">
                {money(channel.maxMinor, channel.currency)}
              </td>
              <td data-label={t('channels.fee')} className="num nowrap">
                {minorToInput(channel.feeBps, PERCENT_AS_BPS, i18n.language)}%
                {channel.feeFixedMinor ? ` + ${money(channel.feeFixedMinor, channel.currency)}` : ''}
              </td>
              <td data-label={t('channels.state')}>
                <Badge tone={channel.enabled ? 'ok' : 'muted'}>
                  {t(channel.enabled ? 'channels.enabled' : 'channels.disabled')}
                </Badge>
              </td>
              <td className="row-actions">
                <button type="button" className="button button--small" onClick={() => setEditing(channel)}>
                  {t('action.edit')}
                </button>
                <button
                  type="button"
                  className={channel.enabled ? 'button button--small button--danger' : 'button button--small'}
                  disabled={toggling === channel.id}
                  onClick={() => void toggle(channel)}
                >
                  {t(channel.enabled ? 'action.disable' : 'action.enable')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing ? (
        <ChannelDialog
          channel={editing === 'new' ? null : editing}
          currency={list[0]?.currency ?? 'BRL'}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
