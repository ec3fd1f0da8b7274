import {
  BONUS_PROMOTION_TYPES,
  BONUS_WITHDRAWAL_RULES,
  type OperatorPromotion,
  type PromotionSettings,
  type PromotionSettingsUpdate,
  type PromotionStatus,
} from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { DataTable } from '../components/DataTable';
import { PageTabs, usePageTab } from '../components/PageTabs';
import { Alert, Badge, QueryState } from '../components/Status';
import { Switch } from '../components/Switch';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { titleIn } from '../lib/promotions';
import { PromotionEditor } from './promotions/PromotionEditor';

export const PROMOTIONS_KEY = ['bo', 'promotions'] as const;
const SETTINGS_KEY = ['bo', 'promotions', 'settings'] as const;
const FILTERS = ['all', 'draft', 'published', 'archived'] as const;
type Filter = (typeof FILTERS)[number];

const TONES: Record<PromotionStatus, 'ok' | 'warn' | 'muted'> = {
  draft: 'warn',
  published: 'ok',
  archived: 'muted',
};

/**
 * Promotions (issue 17 item 1): every promotion of the merchant with its status, audience and
 * window; create and edit in the editor (words per language, a preview of the body as the server
 * keeps it), publish, return to draft, archive — each audited by the server. The bonus switch sits
 * on top: off, the site shows no deposit bonus, reload or cashback promotion; beside it the rule for a
 * withdrawal while a bonus is active (forfeit it on confirmation, or block). Needs `merchant.config`.
 */
export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = usePageTab<Filter>(FILTERS);
  const [editing, setEditing] = useState<OperatorPromotion | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ promotion: OperatorPromotion; status: PromotionStatus } | null>(
    null,
  );
  const action = useAction();
  const promotions = useQuery({
    queryKey: PROMOTIONS_KEY,
    queryFn: () => api.get<{ list: OperatorPromotion[] }>('/bo/promotions').then((v) => v.list),
  });
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.get<PromotionSettings>('/bo/promotions/settings'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
  const list = (promotions.data ?? []).filter((p) => filter === 'all' || p.status === filter);

  const changeSettings = (change: PromotionSettingsUpdate) =>
    action.run(async () => {
      await api.put('/bo/promotions/settings', change);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    });
  const move = (promotion: OperatorPromotion, status: PromotionStatus) =>
    action.run(async () => {
      await api.post(`/bo/promotions/${promotion.id}/status`, { status });
      await refresh();
    });

  return (
    <section className="page">
      <header className="page__head">
        <h1>{t('promotions.title')}</h1>
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          {t('promotions.add')}
        </button>
      </header>
      <p className="muted">{t('promotions.intro')}</p>
      {settings.data ? (
        <div className="panel promo-settings">
          <Switch
            checked={settings.data.bonusesEnabled}
            onChange={(on) => void changeSettings({ bonusesEnabled: on })}
            label={t('promotions.bonuses.label')}
            hint={t('promotions.bonuses.hint')}
          />
          <label className="field promo-settings__rule">
            <span>{t('promotions.withdrawalRule.label')}</span>
            <select
              value={settings.data.bonusWithdrawalRule}
              onChange={(event) =>
                void changeSettings({
                  bonusWithdrawalRule: event.target.value as PromotionSettings['bonusWithdrawalRule'],
                })
              }
            >
              {BONUS_WITHDRAWAL_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`promotions.withdrawalRule.${rule}`)}
                </option>
              ))}
            </select>
            <small className="muted">
              {t(`promotions.withdrawalRule.${settings.data.bonusWithdrawalRule}Hint`)}
            </small>
          </label>
        </div>
      ) : null}
      <Alert tone="error">{action.error}</Alert>
      <PageTabs tabs={FILTERS} current={filter} onSelect={setFilter} labelKey="promotions.filters" />
      <QueryState
        query={promotions}
        isEmpty={Boolean(promotions.data) && list.length === 0}
        empty={t('promotions.none')}
      />
      {list.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th>{t('promotions.fields.title')}</th>
              <th>{t('promotions.fields.type')}</th>
              <th>{t('promotions.fields.audience')}</th>
              <th>{t('promotions.fields.window')}</th>
              <th className="num">{t('promotions.fields.order')}</th>
              <th>{t('promotions.fields.status')}</th>
            </>
          }
        >
          {list.map((p) => (
            <tr key={p.id}>
              <td data-label={t('promotions.fields.title')}>
                <div className="wrap">
                  {titleIn(p, i18n.language)}
                  <div className="muted small">
                    #{p.id} · {t(`promotions.categories.${p.category}`)} · {Object.keys(p.content).join(', ')}
                  </div>
                </div>
              </td>
              <td data-label={t('promotions.fields.type')}>{t(`promotions.types.${p.type}`)}</td>
              <td data-label={t('promotions.fields.audience')}>
                <div className="wrap">
                  {t(`promotions.audiences.${p.audience}`)}
                  {p.audience === 'vip_levels' ? (
                    <div className="muted small">{p.vipLevels.join(', ')}</div>
                  ) : null}
                  {p.audience === 'agent_team' ? <div className="muted small">{p.agentAccount}</div> : null}
                  {p.audience === 'member_list' ? (
                    <div className="muted small">
                      {t('promotions.memberCount', { count: p.memberAccounts.length })}
                    </div>
                  ) : null}
                </div>
              </td>
              <td data-label={t('promotions.fields.window')}>
                <div className="small">
                  {formatDateTime(p.startsAt)}
                  <br />
                  {p.endsAt ? formatDateTime(p.endsAt) : t('promotions.noEnd')}
                </div>
              </td>
              <td data-label={t('promotions.fields.order')} className="num">
                {p.displayOrder}
              </td>
              <td data-label={t('promotions.fields.status')}>
                <div className="wrap">
                  <Badge tone={TONES[p.status]}>{t(`promotions.statuses.${p.status}`)}</Badge>
                  {settings.data &&
                  !settings.data.bonusesEnabled &&
                  BONUS_PROMOTION_TYPES.includes(p.type) ? (
                    <div className="muted small">{t('promotions.hiddenBonus')}</div>
                  ) : null}
                </div>
              </td>
              <td className="row-actions">
                <button type="button" className="button button--small" onClick={() => setEditing(p)}>
                  {t('promotions.edit')}
                </button>
                {p.status !== 'published' ? (
                  <button
                    type="button"
                    className="button button--small button--primary"
                    disabled={action.busy}
                    onClick={() => setConfirm({ promotion: p, status: 'published' })}
                  >
                    {t('promotions.publish')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={action.busy}
                    onClick={() => setConfirm({ promotion: p, status: 'draft' })}
                  >
                    {t('promotions.unpublish')}
                  </button>
                )}
                {p.status !== 'archived' ? (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={action.busy}
                    onClick={() => setConfirm({ promotion: p, status: 'archived' })}
                  >
                    {t('promotions.archive')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {editing ? (
        <PromotionEditor
          promotion={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
          bonusesEnabled={settings.data?.bonusesEnabled ?? true}
        />
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={t(`promotions.confirm.${confirm.status}.title`)}
          label={t(`promotions.confirm.${confirm.status}.action`)}
          danger={confirm.status === 'archived'}
          busy={action.busy}
          onCancel={() => setConfirm(null)}
          onConfirm={async () => {
            if (await move(confirm.promotion, confirm.status)) setConfirm(null);
          }}
        >
          <p>
            {t(`promotions.confirm.${confirm.status}.text`, {
              title: titleIn(confirm.promotion, i18n.language),
            })}
          </p>
          <Alert tone="error">{action.error}</Alert>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
