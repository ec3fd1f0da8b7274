import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegisterSetting } from '../api';
import { useIssueText } from '../hooks';
import { checkConfirmation, checkValue, DEFAULT_RULE } from '../lib/validation';
import { Field } from './Field';

/** The site's password rule (from the register setting), always on and required for a new password. */
export function useNewPasswordRule() {
  const setting = useRegisterSetting();
  return { ...(setting.data?.fields.password ?? DEFAULT_RULE), enabled: true, required: true };
}

/**
 * The `newPassword` field checked against the site's password rule and, when `confirmName` is given,
 * a confirmation field under it that must match (change, reset and phone recovery of the password).
 */
export function NewPasswordFields<V extends FieldValues & { newPassword: string }>({
  form: { register, formState, getValues },
  idBase,
  confirmName,
}: {
  form: Pick<UseFormReturn<V>, 'register' | 'formState' | 'getValues'>;
  idBase: string;
  /** Also the i18n key of its label, under `fields.`. */
  confirmName?: Path<V>;
}) {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const rule = useNewPasswordRule();
  const newName = 'newPassword' as Path<V>;
  const errorOf = (name: Path<V>) => formState.errors[name]?.message as string | undefined;
  return (
    <>
      <Field
        id={`${idBase}-new`}
        label={t('fields.newPassword')}
        icon="lock"
        type="password"
        required
        autoComplete="new-password"
        error={errorOf(newName)}
        {...register(newName, {
          validate: (v) => {
            const issue = checkValue(v, rule);
            return issue ? issueText('newPassword', issue) : true;
          },
        })}
      />
      {confirmName ? (
        <Field
          id={`${idBase}-confirm`}
          label={t(`fields.${confirmName}`)}
          icon="lock"
          type="password"
          required
          autoComplete="new-password"
          error={errorOf(confirmName)}
          {...register(confirmName, {
            validate: (v) => {
              const issue = checkConfirmation(v, getValues(newName));
              return issue ? issueText(confirmName, issue) : true;
            },
          })}
        />
      ) : null}
    </>
  );
}
