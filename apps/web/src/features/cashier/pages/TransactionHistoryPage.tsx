import { TRANSACTION_TYPES, type TransactionRecord } from '@sorte/contracts';
import { DateField } from '../../../components/ui/DateField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { formatDateTime } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import {
  CASHIER_PAGE_SIZE,
  type HistoryFilters,
  useMerchantWallets,
  useTransactionDetail,
  useTransactionHistory,
} from '../api';
import { Pager } from '../../../components/ui/Pager';
import { QueryState } from '../../../components/ui/QueryState';
import { StatusBadge } from '../components/fields';
import { recordReason, recordTypeKey } from '../labels';
import { defaultRange } from '../records';

/** A wallet kind as the player reads it. */
function useWalletName() {
  const { t } = useTranslation('cashier');
  const merchant = useMerchantWallets();
  return (kind: string) => {
    const game = merchant.data?.gameWallets.find((g) => g.kind === kind);
    if (game) return game.name;
    if (kind.startsWith('game:')) return kind.slice(5).toUpperCase();
    return t(`wallet.${kind}`, { defaultValue: kind });
  };
}

/** transactionHistory (account record): filters, a paged list, and a detail view per row. */
export function TransactionHistoryPage() {
  const { t, i18n } = useTranslation('cashier');
  const money = useMoney();
  const merchant = useMerchantWallets();
  const walletName = useWalletName();
  const [filters, setFilters] = useState<HistoryFilters>(() => ({
    ...defaultRange(),
    pageNo: 1,
    pageSize: CASHIER_PAGE_SIZE,
  }));
  const [openId, setOpenId] = useState<string | null>(null);
  const history = useTransactionHistory(filters);
  const list = history.data?.list ?? [];
  const update = (patch: Partial<HistoryFilters>) => setFilters((f) => ({ ...f, ...patch, pageNo: 1 }));
  const wallets = ['main', 'bonus', 'commission', ...(merchant.data?.gameWallets.map((g) => g.kind) ?? [])];

  return (
    <div className="cs-page">
      <div className="cs-filters">
        <div className="cs-field">
          <label className="cs-field__label" htmlFor="cs-h-type">
            {t('history.type')}
          </label>
          <select
            id="cs-h-type"
            className="select"
            value={filters.type ?? ''}
            onChange={(event) => update({ type: event.target.value || undefined })}
          >
            <option value="">{t('history.all')}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`txType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="cs-field">
          <label className="cs-field__label" htmlFor="cs-h-wallet">
            {t('history.wallet')}
          </label>
          <select
            id="cs-h-wallet"
            className="select"
            value={filters.wallet ?? ''}
            onChange={(event) => update({ wallet: event.target.value || undefined })}
          >
            <option value="">{t('history.all')}</option>
            {wallets.map((kind) => (
              <option key={kind} value={kind}>
                {walletName(kind)}
              </option>
            ))}
          </select>
        </div>
        <div className="cs-field">
          <label className="cs-field__label" htmlFor="cs-h-from">
            {t('history.from')}
          </label>
          <DateField
            id="cs-h-from"
            value={filters.dateFrom}
            max={filters.dateTo}
            onChange={(dateFrom) => update({ dateFrom })}
          />
        </div>
        <div className="cs-field">
          <label className="cs-field__label" htmlFor="cs-h-to">
            {t('history.to')}
          </label>
          <DateField
            id="cs-h-to"
            value={filters.dateTo}
            min={filters.dateFrom}
            onChange={(dateTo) => update({ dateTo })}
          />
        </div>
      </div>
      <QueryState isLoading={history.isLoading} error={history.error} onRetry={() => void history.refetch()}>
        {list.length === 0 ? (
          <p className="muted cs-empty">{t('history.none')}</p>
        ) : (
          <ul className="cs-list cs-list--rows">
            {list.map((record) => (
              <li key={record.id}>
                <button
                  type="button"
                  className="cs-list__row cs-list__button"
                  onClick={() => setOpenId(record.id)}
                >
                  <div>
                    <strong>
                      {t(recordTypeKey(record))}
                      {record.gameName ? ` · ${record.gameName}` : ''}
                    </strong>
                    <span className="muted cs-list__sub">
                      {walletName(record.wallet)} · {formatDateTime(record.time, i18n.language)}
                    </span>
                  </div>
                  <div className="cs-list__side">
                    <strong className={record.amountMinor < 0 ? 'cs-neg' : 'cs-pos'}>
                      {record.amountMinor > 0 ? '+' : ''}
                      {money.format(record.amountMinor)}
                    </strong>
                    {record.status !== 'posted' ? <StatusBadge status={record.status} /> : null}
                  </div>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Pager
          pageNo={filters.pageNo}
          totalPages={history.data?.totalPages ?? 0}
          onPage={(pageNo) => setFilters((f) => ({ ...f, pageNo }))}
        />
      </QueryState>
      {openId ? (
        <RecordDetail
          id={openId}
          fallback={list.find((r) => r.id === openId)}
          walletName={walletName}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </div>
  );
}

function RecordDetail({
  id,
  fallback,
  walletName,
  onClose,
}: {
  id: string;
  fallback: TransactionRecord | undefined;
  walletName: (kind: string) => string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('cashier');
  const money = useMoney();
  const detail = useTransactionDetail(id);
  const record = detail.data ?? fallback;
  return (
    <Modal name="transaction-detail" title={t('history.detail')} onClose={onClose} size="sm">
      {record ? (
        <dl className="cs-summary cs-summary--detail">
          <div>
            <dt>{t('history.type')}</dt>
            <dd>{t(recordTypeKey(record))}</dd>
          </div>
          {record.gameName ? (
            <div>
              <dt>{t('history.game')}</dt>
              <dd>{record.gameName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('history.amount')}</dt>
            <dd className={record.amountMinor < 0 ? 'cs-neg' : 'cs-pos'}>
              {money.format(record.amountMinor)}
            </dd>
          </div>
          <div>
            <dt>{t('history.balanceAfter')}</dt>
            <dd>{record.balanceAfterMinor === null ? '—' : money.format(record.balanceAfterMinor)}</dd>
          </div>
          <div>
            <dt>{t('history.wallet')}</dt>
            <dd>{walletName(record.wallet)}</dd>
          </div>
          <div>
            <dt>{t('statusLabel')}</dt>
            <dd>
              <StatusBadge status={record.status} />
            </dd>
          </div>
          <div>
            <dt>{t('history.time')}</dt>
            <dd>{formatDateTime(record.time, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('history.reference')}</dt>
            <dd className="cs-mono">{record.reference}</dd>
          </div>
          {recordReason(record) ? (
            <div>
              <dt>{t('history.reason')}</dt>
              <dd>{recordReason(record)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <QueryState isLoading={detail.isLoading} error={detail.error} onRetry={() => void detail.refetch()}>
          {null}
        </QueryState>
      )}
    </Modal>
  );
}
