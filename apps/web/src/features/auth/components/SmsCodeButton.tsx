import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createThrottle, SMS_THROTTLE_MS, secondsUntil } from '../lib/timing';

/** Seconds left until `deadline`, ticking once per second; 0 when there is none. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : secondsUntil(deadline, now);
}

/**
 * "Send code" button. `onRequest` validates, sends and answers the deadline (epoch ms) of the
 * code, or null when nothing was sent. After sending the button shows 'code sent' with a countdown
 * and re-enables at 0; requests are throttled to one per second.
 */
export function SmsCodeButton({
  onRequest,
  disabled,
}: {
  onRequest: () => Promise<number | null>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  const [deadline, setDeadline] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const throttle = useRef(createThrottle(SMS_THROTTLE_MS));
  const remaining = useCountdown(deadline);
  const counting = remaining > 0;

  const click = async () => {
    if (busy || counting || !throttle.current.tryRun(Date.now())) return;
    setBusy(true);
    try {
      const next = await onRequest();
      if (next !== null) setDeadline(next);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="au-sms"
      onClick={click}
      disabled={disabled || busy || counting}
      aria-live="polite"
      aria-busy={busy || undefined}
    >
      {counting ? t('sms.sent', { seconds: remaining }) : t('sms.send')}
    </button>
  );
}
