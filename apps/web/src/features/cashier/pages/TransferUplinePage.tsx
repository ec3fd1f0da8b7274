import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmountInput } from '@sorte/money';
import { useIntentKeys } from '../../../lib/intent-key';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { amountProblem, isWithdrawalPassword } from '../amounts';
import { useTransferDownline, useTransferUpline, useUplineInfo } from '../api';
import { usePinErrorMessage } from '../pin-errors';
import { QueryState } from '../../../components/ui/QueryState';
import { AmountField, Field, PinField, useAmountProblemText } from '../components/fields';
import { WithdrawalPasswordForm } from '../components/WithdrawalPasswordForm';

/** transferUpline: send to the direct upline; agents also send to a member of their downline. */
export function TransferUplinePage({ isAgent }: { isAgent: boolean }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const info = useUplineInfo();
  const data = info.data;
  return (
    <div className="cs-page">
      <QueryState isLoading={info.isLoading} error={info.error} onRetry={() => void info.refetch()}>
        {data ? (
          <>
            <div className="cs-stats">
              <div className="cs-stat">
                <span className="cs-stat__label">{t('withdraw.available')}</span>
                <strong className="cs-stat__value">{money.format(data.availableMinor)}</strong>
              </div>
              {data.uplineAccount ? (
                <div className="cs-stat">
                  <span className="cs-stat__label">{t('upline.account')}</span>
                  <strong className="cs-stat__value cs-mono">{data.uplineAccount}</strong>
                </div>
              ) : null}
            </div>
            {!data.hasWithdrawalPassword ? (
              <section className="cs-card">
                <h3 className="cs-card__title">{t('withdraw.setPinFirst')}</h3>
                <p className="muted">{t('upline.setPinFirstText')}</p>
                <WithdrawalPasswordForm hasPassword={false} />
              </section>
            ) : (
              <>
                {data.allowed ? <TreeTransferForm direction="up" available={data.availableMinor} /> : null}
                {isAgent ? <TreeTransferForm direction="down" available={data.availableMinor} /> : null}
                {!data.allowed && !isAgent ? <p className="cs-notice">{t('upline.notAllowed')}</p> : null}
              </>
            )}
          </>
        ) : null}
      </QueryState>
    </div>
  );
}

function TreeTransferForm({ direction, available }: { direction: 'up' | 'down'; available: number }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const errorMessage = usePinErrorMessage();
  const up = useTransferUpline();
  const down = useTransferDownline();
  const mutation = direction === 'up' ? up : down;
  const intent = useIntentKeys();
  const problemText = useAmountProblemText();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);

  const parsed = parseAmountInput(amount, money.currency, money.locale);
  const problem = amountProblem(parsed, { availableMinor: available });
  const accountError =
    direction === 'down' && touched && !account.trim() ? t('upline.accountRequired') : undefined;
  const pinError = touched && !isWithdrawalPassword(pin) ? t('pin.sixDigits') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || !parsed?.ok || !isWithdrawalPassword(pin) || accountError) return;
    if (direction === 'down' && !account.trim()) return;
    const body = {
      amountMinor: Number(parsed.minor),
      ...(direction === 'down' ? { account: account.trim() } : {}),
    };
    const idempotencyKey = intent.keyFor(JSON.stringify(body));
    const onSuccess = () => {
      intent.done();
      toast(t('upline.sent'), 'success');
      setAmount('');
      setPin('');
      setAccount('');
      setTouched(false);
    };
    const onError = (error: unknown) => toast(errorMessage(error), 'error');
    if (direction === 'down')
      down.mutate(
        { account: account.trim(), amountMinor: body.amountMinor, withdrawalPassword: pin, idempotencyKey },
        { onSuccess, onError },
      );
    else
      up.mutate(
        { amountMinor: body.amountMinor, withdrawalPassword: pin, idempotencyKey },
        { onSuccess, onError },
      );
  };

  return (
    <form className="cs-form cs-card" onSubmit={submit} noValidate>
      <h3 className="cs-card__title">{direction === 'up' ? t('upline.toUpline') : t('upline.toDownline')}</h3>
      {direction === 'down' ? (
        <Field
          label={t('upline.downlineAccount')}
          value={account}
          onChange={setAccount}
          error={accountError}
          autoComplete="off"
          maxLength={64}
        />
      ) : null}
      <AmountField
        label={t('wallet.amount')}
        value={amount}
        onChange={setAmount}
        onBlur={() => setTouched(true)}
        error={touched ? problemText(problem, {}) : undefined}
      />
      <PinField label={t('pin.label')} value={pin} onChange={setPin} error={pinError} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {t('upline.send')}
      </button>
    </form>
  );
}
