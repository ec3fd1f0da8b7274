import { PIX_KEY_TYPES, payoutAccountInput } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useAddPayoutAccount } from '../api';
import { Field } from './fields';

type Kind = 'pix' | 'bank';
const EMPTY = { bankName: '', branch: '', accountNumber: '', pixKey: '', pixKeyType: 'cpf' };

/** Adds a PIX key or a bank account; the holder defaults to the member's real name. */
export function PayoutAccountForm({
  realName,
  onDone,
  onCancel,
}: {
  realName: string | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('cashier');
  const errorMessage = useErrorMessage();
  const add = useAddPayoutAccount();
  const [kind, setKind] = useState<Kind>('pix');
  const [fields, setFields] = useState({ ...EMPTY, holderName: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  // The member's real name, once known, is the holder: read from the prop on every render rather
  // than copied into state at mount, where a form drawn from a stale answer (before the name was
  // saved in Minha conta) kept an empty read-only holder until a reload (issue 13 #7).
  const holderName = realName || fields.holderName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate =
      kind === 'pix'
        ? { type: 'pix', pixKeyType: fields.pixKeyType, pixKey: fields.pixKey, holderName }
        : {
            type: 'bank',
            bankName: fields.bankName,
            branch: fields.branch,
            accountNumber: fields.accountNumber,
            holderName,
          };
    const parsed = payoutAccountInput.safeParse(candidate);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] = t(`payout.invalid.${String(issue.path[0])}`);
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast(t('payout.added'), 'success');
        setFields({ ...EMPTY, holderName: '' });
        onDone();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <form className="cs-form cs-subform" onSubmit={submit} noValidate>
      <div className="cs-seg">
        {(['pix', 'bank'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={kind === option}
            className={`cs-seg__item${kind === option ? ' is-active' : ''}`}
            onClick={() => setKind(option)}
          >
            {t(`payout.type.${option}`)}
          </button>
        ))}
      </div>
      {kind === 'pix' ? (
        <>
          <div className="cs-field">
            <label className="cs-field__label" htmlFor="cs-pix-type">
              {t('payout.pixKeyType')}
            </label>
            <select
              id="cs-pix-type"
              className="select"
              value={fields.pixKeyType}
              onChange={(event) => set('pixKeyType')(event.target.value)}
            >
              {PIX_KEY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`payout.pixType.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('payout.pixKey')}
            value={fields.pixKey}
            onChange={set('pixKey')}
            error={errors.pixKey}
          />
        </>
      ) : (
        <>
          <Field
            label={t('payout.bankName')}
            value={fields.bankName}
            onChange={set('bankName')}
            error={errors.bankName}
          />
          <div className="cs-row">
            <Field
              label={t('payout.branch')}
              value={fields.branch}
              onChange={set('branch')}
              error={errors.branch}
              inputMode="numeric"
            />
            <Field
              label={t('payout.accountNumber')}
              value={fields.accountNumber}
              onChange={set('accountNumber')}
              error={errors.accountNumber}
              inputMode="numeric"
            />
          </div>
        </>
      )}
      <Field
        label={t('payout.holderName')}
        value={holderName}
        onChange={set('holderName')}
        error={errors.holderName}
        hint={t('payout.holderHint')}
        readOnly={Boolean(realName)}
      />
      <div className="cs-actions">
        {onCancel ? (
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={add.isPending} aria-busy={add.isPending}>
          {t('payout.save')}
        </button>
      </div>
    </form>
  );
}
