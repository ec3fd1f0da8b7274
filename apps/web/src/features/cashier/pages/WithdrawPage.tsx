import type { PayoutAccount, WithdrawalOrder, WithdrawInfo } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { feePreview, parseAmountInput } from '@sorte/money';
import { ApiError } from '../../../lib/api';
import { useErrorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/dates';
import { useIntentKeys } from '../../../lib/intent-key';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { amountProblem, isWithdrawalPassword, proofFileProblem } from '../amounts';
import { useReceipt, useWithdraw, useWithdrawals, useWithdrawInfo } from '../api';
import { usePinErrorMessage } from '../pin-errors';
import { Pager } from '../../../components/ui/Pager';
import { QueryState } from '../../../components/ui/QueryState';
import { AmountField, PinField, StatusBadge, useAmountProblemText } from '../components/fields';
import { PayoutAccountForm } from '../components/PayoutAccountForm';
import { WithdrawalPasswordForm } from '../components/WithdrawalPasswordForm';

/**
 * The member's active bonus as the withdraw page tells of it before a request (the composing screen
 * reads it from the bonus details): its balance, what is left to wager, and the merchant's rule.
 */
export interface WithdrawBonus {
  balanceMinor: number;
  remainingMinor: number;
  rule: 'forfeit' | 'block';
}

/** withdraw: balance and turnover, payout account, amount, withdrawal password; then my withdrawals. */
export function WithdrawPage({
  onOpenAccount,
  bonus = null,
}: {
  onOpenAccount: () => void;
  bonus?: WithdrawBonus | null;
}) {
  const info = useWithdrawInfo();
  return (
    <div className="cs-page">
      <QueryState isLoading={info.isLoading} error={info.error} onRetry={() => void info.refetch()}>
        {info.data ? <WithdrawBody info={info.data} onOpenAccount={onOpenAccount} bonus={bonus} /> : null}
      </QueryState>
      <WithdrawalList autoReceiptMinutes={info.data?.autoReceiptMinutes ?? 0} />
    </div>
  );
}

function WithdrawBody({
  info,
  onOpenAccount,
  bonus,
}: {
  info: WithdrawInfo;
  onOpenAccount: () => void;
  bonus: WithdrawBonus | null;
}) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const turnoverBlocked = info.turnoverRemainingMinor > 0;
  const countReached = info.dailyCountLimit > 0 && info.usedTodayCount >= info.dailyCountLimit;
  return (
    <>
      <div className="cs-stats">
        <div className="cs-stat">
          <span className="cs-stat__label">{t('withdraw.available')}</span>
          <strong className="cs-stat__value">{money.format(info.availableMinor)}</strong>
        </div>
        <div className="cs-stat">
          <span className="cs-stat__label">{t('withdraw.turnoverRemaining')}</span>
          <strong className={`cs-stat__value${turnoverBlocked ? ' cs-warn' : ''}`}>
            {money.format(info.turnoverRemainingMinor)}
          </strong>
          {info.turnoverRequiredMinor > 0 ? (
            <span className="cs-meter" aria-hidden="true">
              <span
                style={{
                  width: `${Math.min(100, Math.round((info.turnoverDoneMinor / info.turnoverRequiredMinor) * 100))}%`,
                }}
              />
            </span>
          ) : null}
        </div>
        <div className="cs-stat">
          <span className="cs-stat__label">{t('withdraw.todayCount')}</span>
          <strong className="cs-stat__value">
            {info.usedTodayCount} / {info.dailyCountLimit}
          </strong>
        </div>
      </div>
      {!info.realName ? (
        <p className="cs-notice">
          {t('withdraw.realNameNotice')}{' '}
          <button type="button" className="link-btn cs-link" onClick={onOpenAccount}>
            {t('withdraw.openAccount')}
          </button>
        </p>
      ) : null}
      {turnoverBlocked ? <p className="cs-notice cs-notice--warn">{t('withdraw.turnoverNotice')}</p> : null}
      {countReached ? <p className="cs-notice cs-notice--warn">{t('withdraw.countReached')}</p> : null}
      {!info.hasWithdrawalPassword ? (
        <section className="cs-card">
          <h3 className="cs-card__title">{t('withdraw.setPinFirst')}</h3>
          <p className="muted">{t('withdraw.setPinFirstText')}</p>
          <WithdrawalPasswordForm hasPassword={false} />
        </section>
      ) : (
        <WithdrawForm info={info} blocked={turnoverBlocked || countReached} bonus={bonus} />
      )}
    </>
  );
}

/** `blocked`: the server would refuse now (turnover or daily count), so the submit stays disabled. */
function WithdrawForm({
  info,
  blocked,
  bonus,
}: {
  info: WithdrawInfo;
  blocked: boolean;
  bonus: WithdrawBonus | null;
}) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const errorMessage = usePinErrorMessage();
  const withdraw = useWithdraw();
  const intent = useIntentKeys();
  const problemText = useAmountProblemText();
  const defaultAccount = info.payoutAccounts.find((a) => a.isDefault) ?? info.payoutAccounts[0];
  const [accountId, setAccountId] = useState<string | undefined>(defaultAccount?.id);
  const [adding, setAdding] = useState(info.payoutAccounts.length === 0);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  // The server's answer about an active bonus: this request would forfeit it (until confirmed), or the
  // merchant blocks withdrawals until it is wagered.
  const [bonusRefusal, setBonusRefusal] = useState<BonusRefusal | null>(null);

  const account = info.payoutAccounts.find((a) => a.id === accountId) ?? defaultAccount;
  const parsed = parseAmountInput(amount, money.currency, money.locale);
  const limits = { minMinor: info.minMinor, maxMinor: info.maxMinor, availableMinor: info.availableMinor };
  const problem = amountProblem(parsed, limits);
  const amountMinor = parsed?.ok ? parsed.minor : 0n;
  const preview = feePreview(amountMinor, info.feeBps, info.feeFixedMinor);
  const pinError = touched && !isWithdrawalPassword(pin) ? t('pin.sixDigits') : undefined;
  const accountError = touched && !account ? t('withdraw.chooseAccount') : undefined;

  const send = (forfeitBonus: boolean) => {
    setTouched(true);
    if (problem || !account || !isWithdrawalPassword(pin)) return;
    const body = { amountMinor: Number(amountMinor), payoutAccountId: account.id };
    const idempotencyKey = intent.keyFor(JSON.stringify({ ...body, forfeitBonus }));
    setBonusRefusal(null);
    withdraw.mutate(
      { ...body, withdrawalPassword: pin, idempotencyKey, ...(forfeitBonus ? { forfeitBonus } : {}) },
      {
        onSuccess: () => {
          intent.done();
          toast(t('withdraw.submitted'), 'success');
          setAmount('');
          setPin('');
          setTouched(false);
        },
        onError: (error) => {
          const refusal = bonusRefusalOf(error);
          if (refusal) setBonusRefusal(refusal);
          else toast(errorMessage(error), 'error');
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    // The add-account form is its own form, so it sits beside the withdrawal form, not inside it.
    <div className="cs-form cs-card">
      <h3 className="cs-card__title">{t('withdraw.to')}</h3>
      {info.payoutAccounts.length > 0 ? (
        <div className="cs-accounts">
          {info.payoutAccounts.map((a) => (
            <AccountOption
              key={a.id}
              account={a}
              active={a.id === account?.id}
              onSelect={() => setAccountId(a.id)}
            />
          ))}
        </div>
      ) : null}
      {accountError ? <p className="cs-field__error">{accountError}</p> : null}
      {adding ? (
        <PayoutAccountForm
          realName={info.realName}
          onDone={() => setAdding(false)}
          onCancel={info.payoutAccounts.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <button type="button" className="link-btn cs-add" onClick={() => setAdding(true)}>
          + {t('payout.add')}
        </button>
      )}
      <form className="cs-form" onSubmit={submit} noValidate>
        <AmountField
          label={t('withdraw.amount')}
          value={amount}
          onChange={setAmount}
          onBlur={() => setTouched(true)}
          hint={t('amount.range', { min: money.format(info.minMinor), max: money.format(info.maxMinor) })}
          error={touched ? problemText(problem, limits) : undefined}
        />
        <dl className="cs-summary">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{money.format(preview.feeMinor)}</dd>
          </div>
          <div className="cs-summary__total">
            <dt>{t('withdraw.receive')}</dt>
            <dd>{money.format(preview.netMinor)}</dd>
          </div>
        </dl>
        <PinField label={t('pin.label')} value={pin} onChange={setPin} error={pinError} />
        {/* Said before the player asks, so a bonus is never lost or a request refused by surprise. */}
        {bonus && !bonusRefusal ? (
          <div className="cs-bonus-warning cs-bonus-warning--notice" role="note">
            <strong>{t('withdraw.bonusBlockedTitle')}</strong>
            <p>
              {bonus.rule === 'forfeit'
                ? t('withdraw.bonusActiveForfeit', {
                    amount: money.format(bonus.balanceMinor),
                    left: money.format(bonus.remainingMinor),
                  })
                : bonus.remainingMinor > 0
                  ? t('withdraw.bonusBlocked', { amount: money.format(bonus.remainingMinor) })
                  : t('withdraw.bonusBlockedMet')}
            </p>
          </div>
        ) : null}
        {bonusRefusal?.kind === 'blocked' ? (
          <div className="cs-bonus-warning" role="alert">
            <strong>{t('withdraw.bonusBlockedTitle')}</strong>
            <p>
              {bonusRefusal.remainingMinor > 0
                ? t('withdraw.bonusBlocked', { amount: money.format(bonusRefusal.remainingMinor) })
                : t('withdraw.bonusBlockedMet')}
            </p>
          </div>
        ) : null}
        {bonusRefusal?.kind === 'confirm' ? (
          <div className="cs-bonus-warning" role="alert">
            <p>{t('withdraw.bonusWarning', { amount: money.format(bonusRefusal.balanceMinor) })}</p>
            <div className="cs-bonus-warning__actions">
              <button type="button" className="btn btn--ghost" onClick={() => setBonusRefusal(null)}>
                {t('withdraw.keepBonus')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={withdraw.isPending}
                onClick={() => send(true)}
              >
                {t('withdraw.forfeitAndWithdraw')}
              </button>
            </div>
          </div>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--block btn--lg"
          disabled={withdraw.isPending || blocked}
          aria-busy={withdraw.isPending}
        >
          {t('withdraw.submit')}
        </button>
      </form>
    </div>
  );
}

type BonusRefusal = { kind: 'confirm'; balanceMinor: number } | { kind: 'blocked'; remainingMinor: number };

/** A withdrawal refused for the member's active bonus (the merchant's rule decides which), else null. */
function bonusRefusalOf(error: unknown): BonusRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'BONUS_FORFEIT_CONFIRMATION_REQUIRED')
    return { kind: 'confirm', balanceMinor: Number(error.details?.balanceMinor ?? 0) };
  if (error.code === 'BONUS_WITHDRAWAL_BLOCKED')
    return { kind: 'blocked', remainingMinor: Number(error.details?.remainingMinor ?? 0) };
  return null;
}

function AccountOption({
  account,
  active,
  onSelect,
}: {
  account: PayoutAccount;
  active: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('cashier');
  return (
    <button
      type="button"
      aria-pressed={active}
      className={`cs-acct${active ? ' is-active' : ''}`}
      onClick={onSelect}
    >
      <span className="cs-acct__label cs-mono">{account.label}</span>
      <span className="muted cs-acct__holder">{account.holderName}</span>
      {account.isDefault ? <span className="cs-tag">{t('payout.default')}</span> : null}
    </button>
  );
}

function WithdrawalList({ autoReceiptMinutes }: { autoReceiptMinutes: number }) {
  const { t, i18n } = useTranslation('cashier');
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const receipt = useReceipt();
  const [pageNo, setPageNo] = useState(1);
  const [reporting, setReporting] = useState<WithdrawalOrder | null>(null);
  const withdrawals = useWithdrawals(pageNo);
  const list = withdrawals.data?.list ?? [];

  const confirmReceived = (order: WithdrawalOrder) =>
    receipt.mutate(
      { id: order.id, received: true },
      {
        onSuccess: () => toast(t('receipt.thanks'), 'success'),
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );

  return (
    <section className="cs-card">
      <h3 className="cs-card__title">{t('withdraw.mine')}</h3>
      {autoReceiptMinutes > 0 ? (
        <p className="muted cs-small">{t('receipt.autoNote', { minutes: autoReceiptMinutes })}</p>
      ) : null}
      <QueryState
        isLoading={withdrawals.isLoading}
        error={withdrawals.error}
        onRetry={() => void withdrawals.refetch()}
      >
        {list.length === 0 ? (
          <p className="muted cs-empty">{t('withdraw.none')}</p>
        ) : (
          <ul className="cs-list">
            {list.map((order) => (
              <li key={order.id} className="cs-list__row cs-list__row--wrap">
                <div>
                  <strong>{money.format(order.amountMinor)}</strong>
                  <span className="muted cs-list__sub">
                    {order.payoutAccount.label} · {formatDateTime(order.createdAt, i18n.language)}
                  </span>
                  <span className="muted cs-list__sub">
                    {t('withdraw.feeShort', {
                      fee: money.format(order.feeMinor),
                      payout: money.format(order.payoutMinor),
                    })}
                  </span>
                  <span className="muted cs-list__sub cs-mono">{order.orderNo}</span>
                  {order.reason ? <span className="cs-list__reason">{order.reason}</span> : null}
                  {order.status === 'approved' && order.autoReceiptAt ? (
                    <span className="cs-list__sub">
                      {t('receipt.autoAt', { time: formatDateTime(order.autoReceiptAt, i18n.language) })}
                    </span>
                  ) : null}
                </div>
                <div className="cs-list__side">
                  <StatusBadge status={order.status} />
                  {order.status === 'approved' ? (
                    <div className="cs-list__actions">
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        disabled={receipt.isPending}
                        onClick={() => confirmReceived(order)}
                      >
                        {t('receipt.received')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--sm"
                        onClick={() => setReporting(order)}
                      >
                        {t('receipt.notReceived')}
                      </button>
                    </div>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager pageNo={pageNo} totalPages={withdrawals.data?.totalPages ?? 0} onPage={setPageNo} />
      </QueryState>
      {reporting ? <NotReceivedDialog order={reporting} onClose={() => setReporting(null)} /> : null}
    </section>
  );
}

/** "Not received": how much did arrive (maybe nothing) and a proof image, png/jpg up to 5 MB. */
function NotReceivedDialog({ order, onClose }: { order: WithdrawalOrder; onClose: () => void }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const receipt = useReceipt();
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [touched, setTouched] = useState(false);

  const parsed = parseAmountInput(amount, money.currency, money.locale);
  // Empty means nothing arrived; otherwise it must be a valid amount below what was paid out.
  const amountError =
    parsed === null
      ? undefined
      : !parsed.ok
        ? t(`amount.${parsed.error}`)
        : parsed.minor >= BigInt(order.payoutMinor)
          ? t('receipt.tooMuch', { payout: money.format(order.payoutMinor) })
          : undefined;

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = proofFileProblem(picked);
    setFileError(problem ? t(`receipt.file.${problem}`) : undefined);
    setFile(problem ? null : picked);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (amountError || !file) return;
    receipt.mutate(
      {
        id: order.id,
        received: false,
        receivedAmountMinor: parsed?.ok ? Number(parsed.minor) : 0,
        proof: file,
      },
      {
        onSuccess: () => {
          toast(t('receipt.reported'), 'success');
          onClose();
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <Modal
      name="not-received"
      title={t('receipt.title')}
      onClose={onClose}
      size="sm"
      closeOnBackdrop={!receipt.isPending}
    >
      <form className="cs-form" onSubmit={submit} noValidate>
        <p className="muted">
          {t('receipt.text', { payout: money.format(order.payoutMinor), orderNo: order.orderNo })}
        </p>
        <AmountField
          label={t('receipt.amount')}
          value={amount}
          onChange={setAmount}
          hint={t('receipt.amountHint')}
          error={amountError}
        />
        <div className={`cs-field${fileError || (touched && !file) ? ' cs-field--error' : ''}`}>
          <span className="cs-field__label">{t('receipt.proof')}</span>
          <div className="cs-filepick">
            <input
              id="cs-proof"
              className="sr-only"
              type="file"
              accept="image/png,image/jpeg"
              onChange={(event) => pick(event.target.files?.[0])}
            />
            <label htmlFor="cs-proof" className="btn btn--ghost btn--sm">
              {t('receipt.choose')}
            </label>
            <span className="muted cs-filepick__name">{file?.name ?? t('receipt.noFile')}</span>
          </div>
          {fileError || (touched && !file) ? (
            <p className="cs-field__error" role="alert">
              {fileError ?? t('receipt.file.required')}
            </p>
          ) : (
            <p className="cs-field__hint">{t('receipt.fileHint')}</p>
          )}
        </div>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={receipt.isPending}
          aria-busy={receipt.isPending}
        >
          {t('receipt.send')}
        </button>
      </form>
    </Modal>
  );
}
