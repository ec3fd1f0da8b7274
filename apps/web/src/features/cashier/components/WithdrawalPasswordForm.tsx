import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { isWithdrawalPassword } from '../amounts';
import { useSetWithdrawalPassword } from '../api';
import { usePinErrorMessage } from '../pin-errors';
import { PinField } from './fields';

/** Sets the withdrawal password, or changes it when one exists (the old one is then required). */
export function WithdrawalPasswordForm({
  hasPassword,
  onDone,
}: {
  hasPassword: boolean;
  onDone?: () => void;
}) {
  const { t } = useTranslation('cashier');
  const errorMessage = usePinErrorMessage();
  const save = useSetWithdrawalPassword();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);

  const oldError =
    hasPassword && touched && !isWithdrawalPassword(oldPassword) ? t('pin.sixDigits') : undefined;
  const newError = touched && !isWithdrawalPassword(newPassword) ? t('pin.sixDigits') : undefined;
  const confirmError = touched && confirmPassword !== newPassword ? t('pin.mismatch') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const valid =
      (!hasPassword || isWithdrawalPassword(oldPassword)) &&
      isWithdrawalPassword(newPassword) &&
      confirmPassword === newPassword;
    if (!valid) return;
    save.mutate(
      { ...(hasPassword ? { oldPassword } : {}), newPassword, confirmPassword },
      {
        onSuccess: () => {
          toast(hasPassword ? t('pin.changed') : t('pin.set'), 'success');
          setOld('');
          setNew('');
          setConfirm('');
          setTouched(false);
          onDone?.();
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <form className="cs-form" onSubmit={submit} noValidate>
      {hasPassword ? (
        <PinField label={t('pin.old')} value={oldPassword} onChange={setOld} error={oldError} />
      ) : null}
      <PinField
        label={t('pin.new')}
        value={newPassword}
        onChange={setNew}
        error={newError}
        hint={t('pin.hint')}
      />
      <PinField label={t('pin.confirm')} value={confirmPassword} onChange={setConfirm} error={confirmError} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={save.isPending}
        aria-busy={save.isPending}
      >
        {hasPassword ? t('pin.changeAction') : t('pin.setAction')}
      </button>
    </form>
  );
}
