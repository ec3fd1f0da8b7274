import type { DepositOrder } from '@sorte/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/ui/QrCode';
import { useMoney } from '../../../lib/money';
import { formatCountdown, secondsUntil, useServerNow } from '../../../lib/server-clock';
import { useDepositOrder, useInvalidateMoney } from '../api';
import { CopyButton, StatusBadge } from './fields';

const QR_SIZE = 216;

/**
 * A PIX deposit as Brazilian players know it: the charge's QR code for the bank app, its "copia e
 * cola" text with a copy button, the time left to pay, and the status, which turns paid by itself
 * when the bank pays (the socket's cashier.order push refetches the order, and so does a reconnection).
 * With the built-in sandbox gateway no bank can pay, so its page, labelled as the sandbox, plays one.
 */
export function PixCharge({ order, onDone }: { order: DepositOrder; onDone: () => void }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const live = useDepositOrder(order.id, { poll: false });
  const data = live.data ?? order;
  const charge = data.pix ?? order.pix;
  const now = useServerNow(0);
  const left = charge ? secondsUntil(charge.expiresAt, now) : 0;
  const invalidate = useInvalidateMoney();
  const settled = data.status !== 'pending';
  // Paid or failed: the balance and every cashier list are stale.
  useEffect(() => {
    if (settled) void invalidate();
  }, [settled, invalidate]);
  const open = data.status === 'pending' && charge !== null && left > 0;
  // Past its expiry no bank pays the charge any more, though the order itself is only closed by the
  // gateway: the player is told it expired rather than left waiting on "pending".
  const shownStatus = data.status === 'pending' && !open ? 'expired' : data.status;

  return (
    <section className={`cs-card cs-pix cs-return--${shownStatus}`} aria-labelledby="pix-title">
      <div className="cs-return__head">
        <h3 className="cs-card__title" id="pix-title">
          {t('deposit.pix.title')}
        </h3>
        <span data-testid="pix-status">
          <StatusBadge status={shownStatus} />
        </span>
      </div>
      <p className="cs-pix__amount">
        <strong>{money.format(data.amountMinor)}</strong>
        <span className="muted cs-mono">{data.orderNo}</span>
      </p>
      {open && charge ? (
        <>
          <div className="cs-pix__body">
            <div className="cs-pix__qr">
              <QrCode value={charge.brCode} size={QR_SIZE} margin={2} label={t('deposit.pix.qrLabel')} />
            </div>
            <div className="cs-pix__side">
              <p className="cs-pix__timer">
                {t('deposit.pix.expiresIn')}{' '}
                <strong role="timer" className="cs-mono">
                  {formatCountdown(left)}
                </strong>
              </p>
              <ol className="cs-pix__steps">
                <li>{t('deposit.pix.step1')}</li>
                <li>{t('deposit.pix.step2')}</li>
                <li>{t('deposit.pix.step3')}</li>
              </ol>
            </div>
          </div>
          <div className="cs-pix__code">
            <span className="cs-pix__label" id="pix-code-label">
              {t('deposit.pix.copyPaste')}
            </span>
            <output className="cs-mono" data-testid="pix-brcode" aria-labelledby="pix-code-label">
              {charge.brCode}
            </output>
            <CopyButton value={charge.brCode} label={t('deposit.pix.copyPaste')} wide />
          </div>
          <p className="cs-pix__waiting" aria-live="polite">
            <span className="cs-pix__pulse" aria-hidden="true" />
            {t('deposit.pix.waiting')}
          </p>
          {charge.sandbox && data.redirectUrl ? (
            <div className="cs-pix__sandbox">
              <p>{t('deposit.pix.sandboxNote')}</p>
              <a className="btn btn--ghost btn--sm" href={data.redirectUrl} target="_blank" rel="noopener">
                {t('deposit.pix.sandboxPay')}
              </a>
            </div>
          ) : null}
        </>
      ) : (
        <p aria-live="polite" data-testid="pix-outcome">
          {data.status === 'approved'
            ? t('deposit.returnApproved', { amount: money.format(data.creditMinor) })
            : data.status === 'pending'
              ? t('deposit.pix.expired')
              : t('deposit.returnFailed')}
        </p>
      )}
      <button type="button" className="btn btn--ghost btn--block" onClick={onDone}>
        {data.status === 'pending' && open ? t('deposit.pix.later') : t('deposit.another')}
      </button>
    </section>
  );
}
