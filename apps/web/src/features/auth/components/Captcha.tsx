import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { type Captcha, fetchCaptcha } from '../api';
import { CAPTCHA_THROTTLE_MS, createThrottle } from '../lib/timing';
import { Field, type FieldProps } from './Field';

/** A captcha challenge: loads when enabled, refreshes on demand at most once per second. */
export function useCaptcha(enabled: boolean) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failed, setFailed] = useState(false);
  const throttle = useRef(createThrottle(CAPTCHA_THROTTLE_MS));
  const latest = useRef(0);

  const load = useCallback(() => {
    const request = ++latest.current;
    setFailed(false);
    fetchCaptcha().then(
      (value) => {
        if (request === latest.current) setCaptcha(value);
      },
      () => {
        if (request === latest.current) setFailed(true);
      },
    );
  }, []);

  /** User-triggered refresh (image click): throttled. */
  const refresh = useCallback(() => {
    if (throttle.current.tryRun(Date.now())) load();
  }, [load]);

  useEffect(() => {
    if (enabled) load();
    else setCaptcha(null);
  }, [enabled, load]);

  return { captcha, failed, refresh, reload: load };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;

/** Captcha answer input with the challenge image; clicking the image asks for a new one. */
export function CaptchaField({
  state,
  ...field
}: Omit<FieldProps, 'trailing' | 'icon'> & { state: CaptchaState }) {
  const { t } = useTranslation('auth');
  const { captcha, failed, refresh } = state;
  return (
    <Field
      {...field}
      icon="shield"
      autoComplete="off"
      inputMode="text"
      maxLength={16}
      trailing={
        <button
          type="button"
          className="au-captcha"
          onClick={refresh}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
        >
          {captcha ? (
            <img
              src={`data:image/png;base64,${captcha.image}`}
              alt={t('captcha.image')}
              width={96}
              height={36}
            />
          ) : (
            <span className="au-captcha__placeholder">{failed ? t('captcha.failed') : ''}</span>
          )}
          <Icon name="refresh" size={14} className="au-captcha__refresh" />
        </button>
      }
    />
  );
}

/**
 * A form's captcha answer, registered as `captcha`. `checkedOnSubmit: false` when the answer is
 * checked elsewhere (the registration's SMS code request), not by the form's submit.
 */
export function FormCaptcha<V extends FieldValues>({
  form: { register, formState },
  idBase,
  state,
  checkedOnSubmit = true,
  hint,
}: {
  form: Pick<UseFormReturn<V>, 'register' | 'formState'>;
  idBase: string;
  state: CaptchaState;
  checkedOnSubmit?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('auth');
  const name = 'captcha' as Path<V>;
  return (
    <CaptchaField
      id={`${idBase}-captcha`}
      label={t('fields.captcha')}
      required
      state={state}
      hint={hint}
      error={formState.errors[name]?.message as string | undefined}
      {...register(name, {
        validate: (v: string) => (!checkedOnSubmit || v?.trim() ? true : t('validation.captcha')),
      })}
    />
  );
}
