import { parseAmountInput } from '@sorte/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/Modal';
import { useIntentKeys } from '../../../lib/intent-key';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { amountProblem, isWithdrawalPassword } from '../amounts';
import { useTransferDownline, useUplineInfo } from '../api';
import { usePinErrorMessage } from '../pin-errors';
import { AmountField, PinField, useAmountProblemText } from './fields';
import { WithdrawalPasswordForm } from './WithdrawalPasswordForm';

/**
 * The agent centre's Team Management "transfer to a downline": amount and withdrawal password, then a confirmation
 * that names the member and the amount, then one POST /wps/agent/transfer/downline. The idempotency
 * key is kept while the same transfer is retried (a double click, a dropped answer) and renewed once
 * it went through, so the money moves once per intent.
 */
export function DownlineTransferDialog({
  account,
  onClose,
  onSent,
}: {
  account: string;
  onClose: () => void;
  /** After the money moved (the agent centre reads its lists again). */
  onSent?: () => void;
}) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  // The main wallet's spendable balance and whether a withdrawal password is set.
  const info = useUplineInfo();
  const send = useTransferDownline();
  const intent = useIntentKeys();
  const errorMessage = usePinErrorMessage();
  const problemText = useAmountProblemText();
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const available = info.data?.availableMinor;
  const parsed = parseAmountInput(amount, money.currency, money.locale);
  const amountIssue = amountProblem(parsed, available === undefined ? {} : { availableMinor: available });
  const pinError = touched && !isWithdrawalPassword(pin) ? t('pin.sixDigits') : undefined;
  const minor = parsed?.ok ? parsed.minor : 0n;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setProblem(null);
    if (amountIssue || !isWithdrawalPassword(pin)) return;
    setConfirming(true);
  };

  const confirm = () => {
    const body = { account, amountMinor: Number(minor) };
    send.mutate(
      { ...body, withdrawalPassword: pin, idempotencyKey: intent.keyFor(JSON.stringify(body)) },
      {
        onSuccess: () => {
          intent.done();
          onSent?.();
          toast(t('downline.sent', { amount: money.format(minor), account }), 'success');
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          setProblem(errorMessage(error));
        },
      },
    );
  };

  const busy = send.isPending;
  return (
    <Modal
      name="agent-transfer"
      title={t('downline.title')}
      onClose={onClose}
      size="sm"
      closeOnBackdrop={!busy}
    >
      {confirming ? (
        <div className="ag-form">
          <p className="confirm__text">
            {t('downline.confirmText', { amount: money.format(minor), account })}
          </p>
          <div className="confirm__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {t('downline.back')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={confirm}
              disabled={busy}
              aria-busy={busy}
            >
              {t('downline.confirm')}
            </button>
          </div>
        </div>
      ) : info.data && !info.data.hasWithdrawalPassword ? (
        <>
          <p className="muted">{t('upline.setPinFirstText')}</p>
          <WithdrawalPasswordForm hasPassword={false} />
        </>
      ) : (
        <form className="cs-form" onSubmit={review} noValidate>
          <p className="muted">
            {t('downline.to', { account })}
            {available !== undefined ? (
              <>
                <br />
                {t('downline.available', { amount: money.format(available) })}
              </>
            ) : null}
          </p>
          <AmountField
            label={t('wallet.amount')}
            value={amount}
            onChange={setAmount}
            onBlur={() => setTouched(true)}
            error={touched ? problemText(amountIssue, {}) : undefined}
          />
          <PinField label={t('pin.label')} value={pin} onChange={setPin} error={pinError} />
          {problem ? (
            <p className="cs-notice" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--block">
            {t('downline.review')}
          </button>
        </form>
      )}
    </Modal>
  );
}
