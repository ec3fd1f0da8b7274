import {
  type BonusSwitch,
  type memberDetail,
  PLAY_MONEY_REASON,
  type TRANSACTION_TYPES,
  type TransactionHistoryResponse,
} from '@sorte/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { PagedTable } from '../components/DataTable';
import { Dialog } from '../components/Dialog';
import { DialogButtons } from '../components/DialogActions';
import { Alert, QueryState, StatusBadge } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { parseAmountInput } from '../lib/money-input';
import { useCan, useMoney } from '../lib/operator';
import { newIdempotencyKey, PAGE_SIZE } from '../lib/paging';
import { GrantBonusDialog } from './GrantBonusDialog';

type Member = z.infer<typeof memberDetail>;

/** The ledger's transfer codes, offered as the history filter. */
const TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'bonus',
  'commission',
  'transfer',
  'adjustment',
  'fee',
  'rebate',
  'jackpot',
] as const satisfies readonly (typeof TRANSACTION_TYPES)[number][];

/** One member: profile, wallets, totals, ledger history and (with permission) a balance adjustment. */
export function MemberDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const money = useMoney();
  const canAdjust = useCan('members.adjust');
  const canSeeQueue = useCan('cashier.read');
  const member = useQuery({
    queryKey: ['bo', 'member', id],
    queryFn: () => api.get<Member>(`/bo/members/${encodeURIComponent(id)}`),
  });

  return (
    <section className="page">
      <header className="page__head">
        <div>
          <Link to="/members" className="back">
            ← {t('members.title')}
          </Link>
          <h1>{member.data ? member.data.account : t('members.detail')}</h1>
        </div>
        {member.data ? (
          <div className="head-actions">
            <StatusBadge status={member.data.status} />
            {canSeeQueue ? (
              <Link
                className="button button--small"
                to={`/cashier?status=all&account=${encodeURIComponent(member.data.account)}`}
              >
                {t('members.orders')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </header>
      <QueryState query={member} />
      {member.data ? (
        <>
          <div className="grid">
            <Profile member={member.data} />
            <div className="stack">
              <div className="cards">
                {member.data.wallets.map((wallet) => (
                  <div className="stat" key={wallet.kind}>
                    <span className="stat__label">{walletLabel(t, wallet.kind)}</span>
                    <strong className="stat__value">
                      {money(wallet.balanceMinor, member.data.currency)}
                    </strong>
                    {wallet.pendingMinor ? (
                      <span className="muted small">
                        {t('members.pending')} {money(wallet.pendingMinor, member.data.currency)}
                      </span>
                    ) : null}
                  </div>
                ))}
                <div className="stat">
                  <span className="stat__label">{t('members.totalDeposited')}</span>
                  <strong className="stat__value">
                    {money(member.data.totalDepositedMinor, member.data.currency)}
                  </strong>
                </div>
                <div className="stat">
                  <span className="stat__label">{t('members.totalWithdrawn')}</span>
                  <strong className="stat__value">
                    {money(member.data.totalWithdrawnMinor, member.data.currency)}
                  </strong>
                </div>
              </div>
              {canAdjust ? <AdjustmentForm member={member.data} /> : null}
              {canAdjust ? <GrantBonus member={member.data} /> : null}
            </div>
          </div>
          <LedgerHistory memberId={member.data.id} currency={member.data.currency} />
        </>
      ) : null}
    </section>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function walletLabel(t: T, kind: string): string {
  if (kind.startsWith('game:')) return t('wallet.game', { vendor: kind.slice(5) });
  return t(`wallet.${kind}`, { defaultValue: kind });
}

function Profile({ member }: { member: Member }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t('members.id'), member.id],
    [t('members.realName'), member.realName],
    [t('members.nickname'), member.nickname],
    [t('members.mobile'), member.mobile],
    [t('members.email'), member.email],
    [t('members.upline'), member.uplineAccount],
    [t('members.currency'), member.currency],
    [t('members.created'), formatDateTime(member.createdAt)],
    [t('members.lastLogin'), formatDateTime(member.lastLoginAt) || null],
    [t('members.lastLoginIp'), member.lastLoginIp],
  ];
  return (
    <div className="panel">
      <h2>{t('members.profile')}</h2>
      <dl className="dl">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

interface Adjustment {
  wallet: 'main' | 'bonus';
  direction: 'credit' | 'debit';
  amountMinor: number;
  reason: string;
  idempotencyKey: string;
}

/** A manual credit or debit: checked here, confirmed in a dialog, then one idempotent request. */
function AdjustmentForm({ member }: { member: Member }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const [wallet, setWallet] = useState<'main' | 'bonus'>('main');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [pending, setPending] = useState<Adjustment | null>(null);
  const { busy, error, setError, run } = useAction();
  const [done, setDone] = useState<string | null>(null);

  function review(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const parsed = parseAmountInput(amount, member.currency, i18n.language);
    if (!parsed.ok) {
      setInvalid(t(`adjust.amountError.${parsed.reason}`));
      return;
    }
    if (reason.trim().length < 5) {
      setInvalid(t('reason.hint', { count: 5 }));
      return;
    }
    setInvalid(null);
    setError(null);
    // One key per confirmed intent: a retry after a lost answer cannot move the money twice.
    setPending({
      wallet,
      direction,
      amountMinor: parsed.minor,
      reason: reason.trim(),
      idempotencyKey: newIdempotencyKey(),
    });
  }

  async function confirm() {
    if (!pending) return;
    await run(async () => {
      await api.post(`/bo/members/${encodeURIComponent(member.id)}/adjustments`, pending);
      setDone(
        t(`adjust.done.${pending.direction}`, {
          amount: money(pending.amountMinor, member.currency),
          wallet: walletLabel(t, pending.wallet),
        }),
      );
      setPending(null);
      setAmount('');
      setReason('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bo', 'member', member.id] }),
        queryClient.invalidateQueries({ queryKey: ['bo', 'ledger-history', member.id] }),
      ]);
    });
  }

  return (
    <form className="panel stack" onSubmit={review}>
      <h2>{t('adjust.title')}</h2>
      <div className="form-row">
        <label className="field">
          <span>{t('adjust.wallet')}</span>
          <select value={wallet} onChange={(event) => setWallet(event.target.value as 'main' | 'bonus')}>
            <option value="main">{t('wallet.main')}</option>
            <option value="bonus">{t('wallet.bonus')}</option>
          </select>
        </label>
        <fieldset className="field segmented">
          <legend>{t('adjust.direction')}</legend>
          {(['credit', 'debit'] as const).map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
              />
              <span>{t(`adjust.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t('adjust.amount', { currency: member.currency })}</span>
          <input
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            placeholder={i18n.language === 'en' ? '0.00' : '0,00'}
            required
          />
        </label>
      </div>
      <label className="field">
        <span>{t('reason.label')}</span>
        <textarea
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={2}
          maxLength={500}
          required
          minLength={5}
        />
      </label>
      <Alert tone="error">{invalid}</Alert>
      <Alert tone="ok">{done}</Alert>
      <div className="actions">
        <button type="submit" className="button button--primary">
          {t('adjust.review')}
        </button>
      </div>
      {pending ? (
        <Dialog
          open
          title={t('adjust.confirmTitle')}
          onClose={() => setPending(null)}
          footer={
            <DialogButtons
              onCancel={() => setPending(null)}
              label={t(`adjust.do.${pending.direction}`)}
              busy={busy}
              danger={pending.direction === 'debit'}
              onConfirm={() => void confirm()}
            />
          }
        >
          <p>
            {t(`adjust.confirm.${pending.direction}`, {
              amount: money(pending.amountMinor, member.currency),
              wallet: walletLabel(t, pending.wallet),
              account: member.account,
            })}
          </p>
          <p className="muted">
            {t('reason.label')}: {pending.reason}
          </p>
          <Alert tone="error">{error}</Alert>
        </Dialog>
      ) : null}
    </form>
  );
}

/**
 * The "Grant bonus" action: a fresh dialog (and idempotency key) per opening, the outcome after it.
 * Offered only while the merchant has bonuses on (the switch, readable with members.adjust).
 */
function GrantBonus({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const bonusSwitch = useQuery({
    queryKey: ['bo', 'bonuses', 'switch'],
    queryFn: () => api.get<BonusSwitch>('/bo/bonuses/switch'),
  });
  if (!bonusSwitch.data?.bonusesEnabled) return null;
  return (
    <div className="panel stack">
      <h2>{t('bonus.grant.heading')}</h2>
      <p className="muted small">{t('bonus.grant.intro')}</p>
      <Alert tone="ok">{done}</Alert>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          {t('bonus.grant.open')}
        </button>
      </div>
      {open ? (
        <GrantBonusDialog
          member={member}
          onClose={() => setOpen(false)}
          onGranted={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      ) : null}
    </div>
  );
}

function LedgerHistory({ memberId, currency }: { memberId: string; currency: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [type, setType] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery({
    queryKey: ['bo', 'ledger-history', memberId, type, pageNo],
    queryFn: () =>
      api.get<TransactionHistoryResponse>(`/bo/members/${encodeURIComponent(memberId)}/ledger`, {
        pageNo,
        pageSize: PAGE_SIZE,
        type,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="panel">
      <div className="panel__head">
        <h2>{t('history.title')}</h2>
        <label className="field field--inline">
          <span>{t('history.type')}</span>
          <select
            value={type}
            onChange={(event) => {
              setType(event.target.value);
              setPageNo(1);
            }}
          >
            <option value="">{t('history.allTypes')}</option>
            {TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`txType.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable
        query={history}
        empty={t('history.empty')}
        onPage={setPageNo}
        head={
          <>
            <th>{t('history.time')}</th>
            <th>{t('history.type')}</th>
            <th>{t('history.wallet')}</th>
            <th className="num">{t('history.amount')}</th>
            <th className="num">{t('history.balanceAfter')}</th>
            <th>{t('history.status')}</th>
            <th>{t('history.reference')}</th>
            <th>{t('history.reason')}</th>
          </>
        }
        row={(record) => (
          <tr key={record.id}>
            <td className="nowrap">{formatDateTime(record.time)}</td>
            <td>
              {/* A trial's play-money grant or top-up moves as a marked adjustment: named as what it is. */}
              {record.type === 'adjustment' && record.reason === PLAY_MONEY_REASON
                ? t('txType.playMoneyTopUp')
                : t(`txType.${record.type}`, { defaultValue: record.type })}
            </td>
            <td className="nowrap">{walletLabel(t, record.wallet)}</td>
            <td className={`num ${record.amountMinor < 0 ? 'neg' : 'pos'}`}>
              {money(record.amountMinor, record.currency || currency)}
            </td>
            <td className="num">
              {record.balanceAfterMinor === null
                ? '—'
                : money(record.balanceAfterMinor, record.currency || currency)}
            </td>
            <td>
              <StatusBadge status={record.status} />
            </td>
            <td className="mono">{record.reference}</td>
            <td className="wrap">{record.reason ?? ''}</td>
          </tr>
        )}
      />
    </div>
  );
}
