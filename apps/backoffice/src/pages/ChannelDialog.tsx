import type {
  CHANNEL_TYPES,
  ManualAccountDetails,
  OperatorPaymentChannel,
  PIX_KEY_TYPES,
} from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/Dialog';
import { DialogActions } from '../components/DialogActions';
import { Alert } from '../components/Status';
import { useAction } from '../lib/action';
import { api } from '../lib/api';
import { minorToInput, parseAmountInput } from '../lib/money-input';

export const CHANNELS_KEY = ['bo', 'channels'] as const;

/** Fee percent typed with two decimals is basis points in the same way money is cents. */
export const PERCENT_AS_BPS = 'BRL';

type ChannelType = (typeof CHANNEL_TYPES)[number];
const TYPES = ['manual_pix', 'manual_bank', 'gateway'] as const satisfies readonly ChannelType[];
const PIX_TYPES = [
  'cpf',
  'cnpj',
  'email',
  'phone',
  'random',
] as const satisfies readonly (typeof PIX_KEY_TYPES)[number][];

/** The account fields each manual channel type shows the player (contracts manualAccountDetails). */
const ACCOUNT_FIELDS: Record<ChannelType, readonly (keyof ManualAccountDetails)[]> = {
  manual_pix: ['holderName', 'pixKeyType', 'pixKey', 'instructions'],
  manual_bank: ['holderName', 'bankName', 'branch', 'accountNumber', 'instructions'],
  gateway: [],
};

type AccountDraft = Record<keyof ManualAccountDetails, string>;

function accountDraft(account: ManualAccountDetails | null | undefined): AccountDraft {
  return {
    bankName: account?.bankName ?? '',
    branch: account?.branch ?? '',
    accountNumber: account?.accountNumber ?? '',
    holderName: account?.holderName ?? '',
    pixKey: account?.pixKey ?? '',
    pixKeyType: account?.pixKeyType ?? 'cpf',
    instructions: account?.instructions ?? '',
  };
}

/** Only the fields of this type, trimmed, empty ones left out. */
function accountFor(type: ChannelType, draft: AccountDraft): ManualAccountDetails | null {
  const fields = ACCOUNT_FIELDS[type];
  if (fields.length === 0) return null;
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = draft[field].trim();
    if (value) out[field] = value;
  }
  return out as ManualAccountDetails;
}

/** Zero is a valid fee, which the money parser (for positive amounts) refuses. */
function feeAmount(text: string, currency: string, locale: string): number | null {
  if (/^\s*0*([.,]0*)?\s*$/.test(text)) return 0;
  const parsed = parseAmountInput(text, currency, locale);
  return parsed.ok ? parsed.minor : null;
}

/** Creates a channel (channel = null) or edits one: limits, fee, order and the account players pay into. */
export function ChannelDialog({
  channel,
  currency,
  onClose,
}: {
  channel: OperatorPaymentChannel | null;
  currency: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const queryClient = useQueryClient();
  const money = (minor: number) => minorToInput(minor, channel?.currency ?? currency, lng);
  const [name, setName] = useState(channel?.name ?? '');
  const [type, setType] = useState<ChannelType>(channel?.type ?? 'manual_pix');
  const [gateway, setGateway] = useState(channel?.gateway ?? 'sandbox');
  const [min, setMin] = useState(channel ? money(channel.minMinor) : '');
  const [max, setMax] = useState(channel ? money(channel.maxMinor) : '');
  const [fee, setFee] = useState(minorToInput(channel?.feeBps ?? 0, PERCENT_AS_BPS, lng));
  const [feeFixed, setFeeFixed] = useState(money(channel?.feeFixedMinor ?? 0));
  const [order, setOrder] = useState(String(channel?.sortOrder ?? 0));
  const [account, setAccount] = useState(() => accountDraft(channel?.account));
  const { busy, error, setError, run } = useAction();
  const scaleOf = channel?.currency ?? currency;

  function body(): Record<string, unknown> | string {
    const minMinor = parseAmountInput(min, scaleOf, lng);
    const maxMinor = parseAmountInput(max, scaleOf, lng);
    const feeBps = feeAmount(fee, PERCENT_AS_BPS, lng);
    const feeFixedMinor = feeAmount(feeFixed, scaleOf, lng);
    const sortOrder = Number(order);
    if (!name.trim() || !minMinor.ok || !maxMinor.ok || feeBps === null || feeFixedMinor === null) {
      return t('channels.invalid');
    }
    if (minMinor.minor > maxMinor.minor) return t('channels.minAboveMax');
    if (feeBps > 5000 || !Number.isInteger(sortOrder) || sortOrder < 0 || sortOrder > 10_000) {
      return t('channels.invalid');
    }
    return {
      name: name.trim(),
      ...(channel ? {} : { type, gateway: type === 'gateway' ? gateway.trim() : null }),
      minMinor: minMinor.minor,
      maxMinor: maxMinor.minor,
      feeBps,
      feeFixedMinor,
      sortOrder,
      account: accountFor(type, account),
    };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const payload = body();
    if (typeof payload === 'string') {
      setError(payload);
      return;
    }
    await run(async () => {
      if (channel) await api.patch(`/bo/cashier/channels/${encodeURIComponent(channel.id)}`, payload);
      else await api.post('/bo/cashier/channels', payload);
      await queryClient.invalidateQueries({ queryKey: CHANNELS_KEY });
      onClose();
    });
  }

  const setField = (field: keyof ManualAccountDetails) => (value: string) =>
    setAccount((draft) => ({ ...draft, [field]: value }));

  return (
    <Dialog
      open
      wide
      title={channel ? t('channels.editTitle', { name: channel.name }) : t('channels.create')}
      onClose={onClose}
    >
      <form className="stack" onSubmit={save}>
        <div className="form-row">
          <label className="field">
            <span>{t('channels.name')}</span>
            <input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} required />
          </label>
          <label className="field">
            <span>{t('channels.type')}</span>
            <select
              value={type}
              disabled={channel !== null}
              onChange={(event) => setType(event.target.value as ChannelType)}
            >
              {TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`channels.types.${value}`)}
                </option>
              ))}
            </select>
          </label>
          {type === 'gateway' && !channel ? (
            <label className="field">
              <span>{t('channels.gateway')}</span>
              <input value={gateway} onChange={(event) => setGateway(event.target.value)} maxLength={32} />
            </label>
          ) : null}
        </div>
        <div className="form-row">
          <label className="field">
            <span>{t('channels.min')}</span>
            <input
              value={min}
              onChange={(event) => setMin(event.target.value)}
              inputMode="decimal"
              required
            />
          </label>
          <label className="field">
            <span>{t('channels.max')}</span>
            <input
              value={max}
              onChange={(event) => setMax(event.target.value)}
              inputMode="decimal"
              required
            />
          </label>
          <label className="field">
            <span>{t('channels.feePercent')}</span>
            <input value={fee} onChange={(event) => setFee(event.target.value)} inputMode="decimal" />
          </label>
          <label className="field">
            <span>{t('channels.feeFixed')}</span>
            <input
              value={feeFixed}
              onChange={(event) => setFeeFixed(event.target.value)}
              inputMode="decimal"
            />
          </label>
          <label className="field">
            <span>{t('channels.order')}</span>
            <input
              type="number"
              min={0}
              max={10000}
              step={1}
              value={order}
              onChange={(event) => setOrder(event.target.value)}
            />
          </label>
        </div>
        {ACCOUNT_FIELDS[type].length > 0 ? (
          <fieldset className="fieldset">
            <legend>{t('channels.account')}</legend>
            <div className="form-row">
              {ACCOUNT_FIELDS[type]
                .filter((field) => field !== 'instructions')
                .map((field) =>
                  field === 'pixKeyType' ? (
                    <label className="field" key={field}>
                      <span>{t('channels.fields.pixKeyType')}</span>
                      <select
                        value={account.pixKeyType}
                        onChange={(event) => setField(field)(event.target.value)}
                      >
                        {PIX_TYPES.map((value) => (
                          <option key={value} value={value}>
                            {t(`channels.pixTypes.${value}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                  ) : (
                    <label className="field" key={field}>
                      <span>{t(`channels.fields.${field}`)}</span>
                      <input
                        value={account[field]}
                        onChange={(event) => setField(field)(event.target.value)}
                        maxLength={field === 'pixKey' ? 140 : field === 'holderName' ? 120 : 80}
                      />
                    </label>
                  ),
                )}
            </div>
            <label className="field">
              <span>{t('channels.fields.instructions')}</span>
              <textarea
                value={account.instructions}
                onChange={(event) => setField('instructions')(event.target.value)}
                rows={2}
                maxLength={500}
              />
            </label>
          </fieldset>
        ) : null}
        <Alert tone="error">{error}</Alert>
        <DialogActions onCancel={onClose} label={t('action.save')} busy={busy} />
      </form>
    </Dialog>
  );
}
