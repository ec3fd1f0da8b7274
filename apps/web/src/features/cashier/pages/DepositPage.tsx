import type { DepositOrder, ManualAccountDetails, PaymentChannel } from '@sorte/contracts';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/EmptyState';
import { feePreview, minorToInput, parseAmountInput } from '@sorte/money';
import { useErrorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/dates';
import { useIntentKeys } from '../../../lib/intent-key';
import { useMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { amountProblem } from '../amounts';
import { channelKindLine } from '../labels';
import { useChannels, useCreateDeposit, useDepositOrder, useDeposits, useInvalidateMoney } from '../api';
import { Pager } from '../../../components/ui/Pager';
import { QueryState } from '../../../components/ui/QueryState';
import { AmountField, CopyButton, Field, StatusBadge, useAmountProblemText } from '../components/fields';
import { PixCharge } from '../components/PixCharge';

/**
 * depositv2: pick a channel, an amount, pay. A PIX gateway's charge is paid inside the site (QR code,
 * copia e cola); a manual channel shows the account to pay into; any other gateway leaves for its page.
 */
export function DepositPage({ orderId, onOrderDone }: { orderId?: string; onOrderDone: () => void }) {
  const [created, setCreated] = useState<DepositOrder | null>(null);
  const close = () => setCreated(null);
  return (
    <div className="cs-page">
      {orderId && orderId !== created?.id ? <ReturnedOrder id={orderId} onDone={onOrderDone} /> : null}
      {created?.pix ? (
        <PixCharge key={created.id} order={created} onDone={close} />
      ) : created ? (
        <ManualOrderCard order={created} onDone={close} />
      ) : (
        <DepositForm onOrder={setCreated} />
      )}
      <DepositList onShowCharge={setCreated} />
    </div>
  );
}

function DepositForm({ onOrder }: { onOrder: (order: DepositOrder) => void }) {
  const { t } = useTranslation('cashier');
  const errorMessage = useErrorMessage();
  const money = useMoney();
  const channels = useChannels();
  const create = useCreateDeposit();
  const intent = useIntentKeys();
  const problemText = useAmountProblemText();
  const [channelId, setChannelId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [touched, setTouched] = useState(false);

  const list = channels.data ?? [];
  const channel = list.find((c) => c.id === channelId) ?? list[0];
  const parsed = parseAmountInput(amount, money.currency, money.locale);
  const limits = { minMinor: channel?.minMinor, maxMinor: channel?.maxMinor };
  const problem = amountProblem(parsed, limits);
  const amountMinor = parsed?.ok ? parsed.minor : 0n;
  const preview = channel ? feePreview(amountMinor, channel.feeBps, channel.feeFixedMinor) : null;
  const isManual = channel ? channel.type !== 'gateway' : false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!channel || problem) return;
    const body = {
      channelId: channel.id,
      amountMinor: Number(amountMinor),
      ...(isManual && reference.trim() ? { reference: reference.trim() } : {}),
    };
    const idempotencyKey = intent.keyFor(JSON.stringify(body));
    create.mutate(
      { ...body, idempotencyKey },
      {
        onSuccess: (order) => {
          intent.done();
          if (order.redirectUrl && !order.pix) {
            toast(t('deposit.redirecting'));
            window.location.assign(order.redirectUrl);
            return;
          }
          setAmount('');
          setReference('');
          setTouched(false);
          onOrder(order);
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <QueryState isLoading={channels.isLoading} error={channels.error} onRetry={() => void channels.refetch()}>
      {list.length === 0 ? (
        <EmptyState icon="wallet" title={t('deposit.noChannels')} text={t('deposit.noChannelsText')} />
      ) : (
        <form className="cs-form cs-card" onSubmit={submit} noValidate>
          <h3 className="cs-card__title">{t('deposit.channel')}</h3>
          <div className="cs-tiles">
            {list.map((c) => (
              <ChannelTile
                key={c.id}
                channel={c}
                active={c.id === channel?.id}
                onSelect={() => {
                  setChannelId(c.id);
                  setTouched(false);
                }}
              />
            ))}
          </div>
          {channel && channel.quickAmountsMinor.length > 0 ? (
            <div className="cs-chips">
              {channel.quickAmountsMinor.map((quick) => (
                <button
                  key={quick}
                  type="button"
                  className={`chip${amountMinor === BigInt(quick) ? ' chip--active' : ''}`}
                  onClick={() => setAmount(minorToInput(BigInt(quick), money.currency, money.locale))}
                >
                  {money.format(quick)}
                </button>
              ))}
            </div>
          ) : null}
          <AmountField
            label={t('deposit.amount')}
            value={amount}
            onChange={setAmount}
            onBlur={() => setTouched(true)}
            hint={
              channel
                ? t('amount.range', {
                    min: money.format(channel.minMinor),
                    max: money.format(channel.maxMinor),
                  })
                : undefined
            }
            error={touched ? problemText(problem, limits) : undefined}
          />
          {channel && preview ? (
            <dl className="cs-summary">
              <div>
                <dt>{t('deposit.fee')}</dt>
                <dd>{money.format(preview.feeMinor)}</dd>
              </div>
              <div className="cs-summary__total">
                <dt>{t('deposit.credit')}</dt>
                <dd>{money.format(preview.netMinor)}</dd>
              </div>
            </dl>
          ) : null}
          {channel?.account ? <AccountDetails account={channel.account} /> : null}
          {isManual ? (
            <Field
              label={t('deposit.reference')}
              value={reference}
              onChange={setReference}
              hint={t('deposit.referenceHint')}
              maxLength={120}
            />
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={create.isPending}
            aria-busy={create.isPending}
          >
            {isManual ? t('deposit.submitManual') : t('deposit.submitGateway')}
          </button>
        </form>
      )}
    </QueryState>
  );
}

function ChannelTile({
  channel,
  active,
  onSelect,
}: {
  channel: PaymentChannel;
  active: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const kind = channelKindLine(channel.name, t(`channelType.${channel.type}`));
  return (
    <button
      type="button"
      aria-pressed={active}
      className={`cs-tile${active ? ' is-active' : ''}`}
      onClick={onSelect}
    >
      <span className="cs-tile__name">{channel.name}</span>
      {kind ? <span className="cs-tile__type">{kind}</span> : null}
      <span className="cs-tile__range">
        {money.format(channel.minMinor, false)} – {money.format(channel.maxMinor, false)}
      </span>
    </button>
  );
}

const ACCOUNT_FIELDS = ['bankName', 'branch', 'accountNumber', 'holderName', 'pixKey'] as const;

/** The operator's account a manual deposit is paid into, each value with a copy button. */
function AccountDetails({ account }: { account: ManualAccountDetails }) {
  const { t } = useTranslation('cashier');
  return (
    <div className="cs-account">
      <p className="cs-account__title">{t('deposit.payTo')}</p>
      <dl>
        {ACCOUNT_FIELDS.map((key) => {
          const value = account[key];
          if (!value) return null;
          const label =
            key === 'pixKey' && account.pixKeyType
              ? `${t('account.pixKey')} (${t(`payout.pixType.${account.pixKeyType}`)})`
              : t(`account.${key}`);
          return (
            <div key={key} className="cs-account__row">
              <dt>{label}</dt>
              <dd>
                <span className="cs-mono">{value}</span>
                <CopyButton value={value} label={label} />
              </dd>
            </div>
          );
        })}
      </dl>
      {account.instructions ? <p className="cs-account__note">{account.instructions}</p> : null}
    </div>
  );
}

function ManualOrderCard({ order, onDone }: { order: DepositOrder; onDone: () => void }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  return (
    <section className="cs-card cs-result" aria-live="polite">
      <h3 className="cs-card__title">{t('deposit.created')}</h3>
      <p className="muted">{t('deposit.createdText')}</p>
      <dl className="cs-summary">
        <div>
          <dt>{t('orderNo')}</dt>
          <dd className="cs-mono">{order.orderNo}</dd>
        </div>
        <div>
          <dt>{t('deposit.amount')}</dt>
          <dd>{money.format(order.amountMinor)}</dd>
        </div>
        <div>
          <dt>{t('statusLabel')}</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
        </div>
      </dl>
      {order.account ? <AccountDetails account={order.account} /> : null}
      <button type="button" className="btn btn--ghost btn--block" onClick={onDone}>
        {t('deposit.another')}
      </button>
    </section>
  );
}

/** The order the gateway sent the player back with; polled until it leaves pending. */
function ReturnedOrder({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation('cashier');
  const money = useMoney();
  const order = useDepositOrder(id);
  const data = order.data;
  const invalidate = useInvalidateMoney();
  const settled = Boolean(data && data.status !== 'pending');
  // Once the gateway's answer lands, the balance and the deposits list change too.
  useEffect(() => {
    if (settled) void invalidate();
  }, [settled, invalidate]);
  // Back on an unpaid PIX order (a link, a reload): its charge again, still payable inside the site.
  if (data?.pix && data.status === 'pending') return <PixCharge order={data} onDone={onDone} />;
  const message = !data
    ? order.isError
      ? t('deposit.returnMissing')
      : t('deposit.returnChecking')
    : data.status === 'pending'
      ? t('deposit.returnPending')
      : data.status === 'approved'
        ? t('deposit.returnApproved', { amount: money.format(data.creditMinor) })
        : t('deposit.returnFailed');
  return (
    <section className={`cs-card cs-return cs-return--${data?.status ?? 'pending'}`} aria-live="polite">
      <div className="cs-return__head">
        <h3 className="cs-card__title">{t('deposit.returnTitle')}</h3>
        {data ? <StatusBadge status={data.status} /> : null}
      </div>
      <p>{message}</p>
      {data ? (
        <p className="muted cs-mono">
          {data.orderNo} · {money.format(data.amountMinor)}
        </p>
      ) : null}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDone}>
        {t('dismiss')}
      </button>
    </section>
  );
}

function DepositList({ onShowCharge }: { onShowCharge: (order: DepositOrder) => void }) {
  const { t, i18n } = useTranslation('cashier');
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const deposits = useDeposits(pageNo);
  const list = useMemo(() => deposits.data?.list ?? [], [deposits.data]);
  return (
    <section className="cs-card">
      <h3 className="cs-card__title">{t('deposit.mine')}</h3>
      <QueryState
        isLoading={deposits.isLoading}
        error={deposits.error}
        onRetry={() => void deposits.refetch()}
      >
        {list.length === 0 ? (
          <p className="muted cs-empty">{t('deposit.none')}</p>
        ) : (
          <ul className="cs-list">
            {list.map((order) => (
              <li key={order.id} className="cs-list__row">
                <div>
                  <strong>{money.format(order.amountMinor)}</strong>
                  <span className="muted cs-list__sub">
                    {order.channelName} · {formatDateTime(order.createdAt, i18n.language)}
                  </span>
                  <span className="muted cs-list__sub cs-mono">{order.orderNo}</span>
                  {order.reason ? <span className="cs-list__reason">{order.reason}</span> : null}
                </div>
                <div className="cs-list__side">
                  <StatusBadge status={order.status} />
                  <PendingAction order={order} onShowCharge={onShowCharge} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager pageNo={pageNo} totalPages={deposits.data?.totalPages ?? 0} onPage={setPageNo} />
      </QueryState>
    </section>
  );
}

/** What a pending order offers: its PIX charge again while payable, or the gateway's page. */
function PendingAction({
  order,
  onShowCharge,
}: {
  order: DepositOrder;
  onShowCharge: (order: DepositOrder) => void;
}) {
  const { t } = useTranslation('cashier');
  if (order.status !== 'pending') return null;
  if (order.pix) {
    // A charge past its expiry cannot be paid: nothing to reopen.
    if (Date.parse(order.pix.expiresAt) <= Date.now()) return null;
    return (
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => onShowCharge(order)}>
        {t('deposit.pix.show')}
      </button>
    );
  }
  return order.redirectUrl ? (
    <a className="btn btn--ghost btn--sm" href={order.redirectUrl}>
      {t('deposit.continue')}
    </a>
  ) : null;
}
