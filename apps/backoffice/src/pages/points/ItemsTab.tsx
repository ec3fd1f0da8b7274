import type { PointsOperatorItem } from '@sorte/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { Alert, Badge, QueryState } from '../../components/Status';
import { useAction } from '../../lib/action';
import { api } from '../../lib/api';
import { useMoney } from '../../lib/operator';
import {
  EMPTY_ITEM,
  formatPoints,
  type ItemDraft,
  itemDraftOf,
  nameIn,
  parseItemDraft,
  parseItemEdit,
  parseStockDelta,
} from '../../lib/points-mall';
import { useMerchantCurrency } from '../lottery/currency';

export const POINTS_ITEMS_KEY = ['bo', 'points', 'items'] as const;

/**
 * The mall's items, inactive ones too: cost, stock left and units redeemed; an item is added and
 * edited here, its stock moved up or down (never below zero — the server refuses) and switched on or
 * off. Every change is audited by the server.
 */
export function ItemsTab() {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  // Cash items pay in the merchant's currency (the API gives the amount in its minor units).
  const currency = useMerchantCurrency() ?? 'BRL';
  const queryClient = useQueryClient();
  const toggle = useAction();
  const [creating, setCreating] = useState(false);
  const [stocking, setStocking] = useState<PointsOperatorItem | null>(null);
  const [editing, setEditing] = useState<PointsOperatorItem | null>(null);
  const items = useQuery({
    queryKey: POINTS_ITEMS_KEY,
    queryFn: () => api.get<{ list: PointsOperatorItem[] }>('/bo/points/items').then((v) => v.list),
  });
  const list = items.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: POINTS_ITEMS_KEY });
  const setActive = (item: PointsOperatorItem) =>
    toggle.run(async () => {
      await api.patch(`/bo/points/items/${item.id}`, { active: !item.active });
      await refresh();
    });

  return (
    <>
      <div className="panel__head">
        <p className="muted">{t('points.items.intro')}</p>
        <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
          {t('points.items.add')}
        </button>
      </div>
      <Alert tone="error">{toggle.error}</Alert>
      <QueryState
        query={items}
        isEmpty={Boolean(items.data) && list.length === 0}
        empty={t('points.items.none')}
      />
      {list.length > 0 ? (
        <DataTable
          className="table table--cards"
          actions
          head={
            <>
              <th>{t('points.items.name')}</th>
              <th>{t('points.items.kind')}</th>
              <th className="num">{t('points.items.cost')}</th>
              <th className="num">{t('points.items.stock')}</th>
              <th className="num">{t('points.items.redeemed')}</th>
              <th>{t('points.items.state')}</th>
            </>
          }
        >
          {list.map((item) => (
            <tr key={item.id}>
              <td data-label={t('points.items.name')}>
                <div className="wrap">
                  {nameIn(item.names, i18n.language)}
                  <div className="muted small mono">#{item.id}</div>
                </div>
              </td>
              <td data-label={t('points.items.kind')}>
                <div>
                  {t(`points.kinds.${item.kind}`)}
                  {item.cashMinor !== null ? (
                    <div className="muted small">{money(item.cashMinor, currency)}</div>
                  ) : null}
                </div>
              </td>
              <td data-label={t('points.items.cost')} className="num">
                {t('points.pts', { count: item.costPoints, n: formatPoints(item.costPoints, i18n.language) })}
              </td>
              <td data-label={t('points.items.stock')} className="num">
                {item.stock === null ? t('points.items.unlimited') : item.stock}
              </td>
              <td data-label={t('points.items.redeemed')} className="num">
                {item.redeemed}
              </td>
              <td data-label={t('points.items.state')}>
                <Badge tone={item.active ? 'ok' : 'muted'}>
                  {t(item.active ? 'points.items.on' : 'points.items.off')}
                </Badge>
              </td>
              <td className="row-actions">
                <button type="button" className="button button--small" onClick={() => setEditing(item)}>
                  {t('action.edit')}
                </button>
                {item.stock !== null ? (
                  <button type="button" className="button button--small" onClick={() => setStocking(item)}>
                    {t('points.items.changeStock')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--small"
                  disabled={toggle.busy}
                  onClick={() => void setActive(item)}
                >
                  {t(item.active ? 'action.disable' : 'action.enable')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {creating ? <ItemDialog onClose={() => setCreating(false)} onSaved={refresh} /> : null}
      {editing ? <ItemDialog item={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      {stocking ? <StockDialog item={stocking} onClose={() => setStocking(null)} onSaved={refresh} /> : null}
    </>
  );
}

/**
 * A new item, or an edit of one (`item`): names and descriptions per language, cost, cash, picture.
 * An edit sends only what changed and never the stock — that moves by a delta in its own dialog, so
 * a save cannot put back units redeemed since the form was opened.
 */
function ItemDialog({
  item,
  onClose,
  onSaved,
}: {
  item?: PointsOperatorItem;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const currency = useMerchantCurrency() ?? 'BRL';
  const [draft, setDraft] = useState<ItemDraft>(() =>
    item ? itemDraftOf(item, currency, i18n.language) : EMPTY_ITEM,
  );
  const [invalid, setInvalid] = useState<keyof ItemDraft | null>(null);
  const { busy, error, run } = useAction();
  const set = (field: keyof ItemDraft) => (value: string) => {
    setInvalid(null);
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = item
      ? parseItemEdit(draft, item, currency, i18n.language)
      : parseItemDraft(draft, currency, i18n.language);
    if ('invalid' in parsed) {
      setInvalid(parsed.invalid);
      return;
    }
    await run(async () => {
      if (item) await api.patch(`/bo/points/items/${item.id}`, parsed.body);
      else await api.post('/bo/points/items', parsed.body);
      await onSaved();
      onClose();
    });
  }

  const field = (name: keyof ItemDraft, label: string, props: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={draft[name]}
        inputMode={props.inputMode}
        aria-invalid={invalid === name}
        onChange={(event) => set(name)(event.target.value)}
      />
    </label>
  );

  return (
    <Dialog
      open
      wide
      title={
        item
          ? t('points.items.editTitle', { name: nameIn(item.names, i18n.language) })
          : t('points.items.addTitle')
      }
      onClose={onClose}
    >
      <form onSubmit={submit} className="stack">
        <label className="field">
          <span>{t('points.items.kind')}</span>
          <select
            value={draft.kind}
            disabled={item !== undefined}
            onChange={(event) => set('kind')(event.target.value)}
          >
            <option value="goods">{t('points.kinds.goods')}</option>
            <option value="cash">{t('points.kinds.cash')}</option>
          </select>
        </label>
        {draft.kind === 'cash' ? <Alert tone="warn">{t('points.items.cashWarning')}</Alert> : null}
        <div className="form-row">
          {field('nameEn', t('points.items.nameEn'))}
          {field('namePt', t('points.items.namePt'))}
        </div>
        <div className="form-row">
          {field('descriptionEn', t('points.items.descriptionEn'))}
          {field('descriptionPt', t('points.items.descriptionPt'))}
        </div>
        <div className="form-row">
          {field('costPoints', t('points.items.cost'), { inputMode: 'numeric' })}
          {draft.kind === 'cash'
            ? field('cash', t('points.items.cash', { currency }), { inputMode: 'decimal' })
            : null}
          {item
            ? null
            : field('stock', t(draft.kind === 'cash' ? 'points.items.stockOptional' : 'points.items.stock'), {
                inputMode: 'numeric',
              })}
        </div>
        {item && item.stock !== null ? (
          <p className="muted small">{t('points.items.editStockHint')}</p>
        ) : null}
        {field('imageUrl', t('points.items.imageUrl'))}
        <Alert tone="error">{invalid ? t(`points.items.invalid.${invalid}`) : error}</Alert>
        <DialogActions
          onCancel={onClose}
          label={item ? t('action.save') : t('points.items.add')}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}

/** Adds units (or takes some back with a minus sign); the stock never goes below zero. */
function StockDialog({
  item,
  onClose,
  onSaved,
}: {
  item: PointsOperatorItem;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { busy, error, run } = useAction();
  const delta = parseStockDelta(text);
  const now = item.stock ?? 0;
  // The server refuses a stock below zero too; saying so here names the limit.
  const below = delta !== null && now + delta < 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (delta === null || below) {
      setInvalid(true);
      return;
    }
    await run(async () => {
      await api.patch(`/bo/points/items/${item.id}`, { stockDelta: delta });
      await onSaved();
      onClose();
    });
  }

  return (
    <Dialog
      open
      title={t('points.items.stockTitle', { name: nameIn(item.names, i18n.language) })}
      onClose={onClose}
    >
      <form onSubmit={submit} className="stack">
        <p className="muted">{t('points.items.stockNow', { count: now })}</p>
        <label className="field">
          <span>{t('points.items.stockDelta')}</span>
          <input
            inputMode="numeric"
            value={text}
            placeholder="+10 / -2"
            aria-invalid={invalid}
            onChange={(event) => {
              setInvalid(false);
              setText(event.target.value);
            }}
          />
          <small className="muted">{t('points.items.stockHint')}</small>
        </label>
        {delta !== null && !below ? <p>{t('points.items.stockAfter', { count: now + delta })}</p> : null}
        <Alert tone="error">
          {invalid
            ? below
              ? t('points.items.invalid.stockBelow', { count: now })
              : t('points.items.invalid.stockDelta')
            : error}
        </Alert>
        <DialogActions onCancel={onClose} label={t('action.save')} busy={busy} />
      </form>
    </Dialog>
  );
}
