import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requestSmsCode, type SmsKind, useRegisterSetting } from '../api';
import { useApiErrorText } from '../hooks';
import { deadlineFrom, smsCountdownSeconds } from '../lib/timing';
import { type Country, DialingCodeSelect, FALLBACK_COUNTRIES, useDialingCode } from './DialingCodeSelect';
import { Field } from './Field';
import { InlineDialog } from './InlineDialog';
import { SmsCodeButton } from './SmsCodeButton';

type PhoneValues = FieldValues & { mobileNum: string };

export interface PhoneCode {
  countries: readonly Country[];
  dial: string;
  setDial: (code: string) => void;
  /** Validates `mobileNum`, sends the code and answers its deadline (epoch ms), or null. */
  requestSms: () => Promise<number | null>;
  /** The warning of a failed send, to render inside the form. */
  warningDialog: ReactNode;
}

/**
 * The dialing code (the register setting's countries, else the fallback list) and the SMS code
 * request for a form with a `mobileNum` field (SMS login and phone recovery). `serverExpiry` counts
 * the code down to the server's own expiry time instead of its expiredMinutes.
 */
export function usePhoneCode<V extends PhoneValues>(
  { trigger, getValues }: Pick<UseFormReturn<V>, 'trigger' | 'getValues'>,
  kind: SmsKind,
  { rememberedDial, serverExpiry = false }: { rememberedDial?: string | null; serverExpiry?: boolean } = {},
): PhoneCode {
  const apiErrorText = useApiErrorText();
  const setting = useRegisterSetting();
  const countries = setting.data?.countries.length ? setting.data.countries : FALLBACK_COUNTRIES;
  const [dial, setDial] = useDialingCode(countries, setting.data?.defaultCountryCode, rememberedDial);
  const [warning, setWarning] = useState<string | null>(null);
  const mobileName = 'mobileNum' as Path<V>;

  const requestSms = async (): Promise<number | null> => {
    if (!(await trigger(mobileName))) return null;
    try {
      const sent = await requestSmsCode(kind, {
        countryDialingCode: dial,
        mobileNo: (getValues(mobileName) as string).trim(),
      });
      return deadlineFrom(
        serverExpiry ? sent.expirationTime : undefined,
        smsCountdownSeconds(sent.expiredMinutes),
        Date.now(),
      );
    } catch (error) {
      setWarning(apiErrorText(error));
      return null;
    }
  };

  const warningDialog = warning ? (
    <InlineDialog kind="warning" onOk={() => setWarning(null)}>
      {warning}
    </InlineDialog>
  ) : null;
  return { countries, dial, setDial, requestSms, warningDialog };
}

/** The mobile number with its dialing code picker, and the SMS code with its send button. */
export function PhoneCodeFields<V extends PhoneValues>({
  form: { register, formState },
  phone,
  idBase,
  codeName,
  codeId,
}: {
  form: Pick<UseFormReturn<V>, 'register' | 'formState'>;
  phone: PhoneCode;
  idBase: string;
  codeName: Path<V>;
  /** Suffix of the code input's id. */
  codeId: string;
}) {
  const { t } = useTranslation('auth');
  const mobileName = 'mobileNum' as Path<V>;
  const errorOf = (name: Path<V>) => formState.errors[name]?.message as string | undefined;
  return (
    <>
      <Field
        id={`${idBase}-mobile`}
        label={t('fields.mobileNum')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errorOf(mobileName)}
        maxLength={20}
        leading={
          <DialingCodeSelect countries={phone.countries} value={phone.dial} onChange={phone.setDial} />
        }
        {...register(mobileName, {
          validate: (v: string) => (/^\d{4,20}$/.test(v?.trim() ?? '') ? true : t('validation.mobile')),
        })}
      />
      <Field
        id={`${idBase}-${codeId}`}
        label={t('fields.verificationCode')}
        icon="message"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errorOf(codeName)}
        maxLength={8}
        trailing={<SmsCodeButton onRequest={phone.requestSms} />}
        {...register(codeName, {
          validate: (v: string) => (/^\d{4,8}$/.test(v?.trim() ?? '') ? true : t('validation.smsCode')),
        })}
      />
    </>
  );
}
