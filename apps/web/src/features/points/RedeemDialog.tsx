import type { DeliveryAddress, PointsItem, RedeemContact } from '@sorte/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { useErrorMessage } from '../../lib/errors';
import { useIntentKeys } from '../../lib/intent-key';
import { useMoney } from '../../lib/money';
import { toast } from '../../lib/toast';
import { usePointsConfig, useRedeem } from './api';
import { formatPoints, isWithdrawalPassword, localized } from './format';
import { contactReads, offeredChannels, RedeemContactFields } from './RedeemContact';

const EMPTY_ADDRESS: DeliveryAddress = { name: '', phone: '', line: '', city: '', postalCode: '' };
const ADDRESS_FIELDS: { key: keyof DeliveryAddress; autoComplete: string; min: number; max: number }[] = [
  { key: 'name', autoComplete: 'name', min: 2, max: 80 },
  { key: 'phone', autoComplete: 'tel', min: 8, max: 20 },
  { key: 'line', autoComplete: 'street-address', min: 5, max: 200 },
  { key: 'city', autoComplete: 'address-level2', min: 2, max: 80 },
  { key: 'postalCode', autoComplete: 'postal-code', min: 3, max: 16 },
];

export function PinInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('points');
  return (
    <label className="pm-field">
      <span>{t('form.pin')}</span>
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      {error ? <small className="pm-field__error">{error}</small> : null}
    </label>
  );
}

/**
 * Confirms a redemption: the item, the delivery address for goods, the player's WhatsApp or Zalo
 * contact where the merchant offers one, and the withdrawal password.
 */
export function RedeemDialog({ item, onClose }: { item: PointsItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('points');
  const money = useMoney();
  const errorMessage = useErrorMessage();
  const redeem = useRedeem();
  const intent = useIntentKeys();
  const [address, setAddress] = useState<DeliveryAddress>(EMPTY_ADDRESS);
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const contacts = usePointsConfig().data?.contacts;
  const channels = offeredChannels(contacts);
  const [contact, setContact] = useState<RedeemContact | null>(null);
  // The first offered channel until the player picks another (the config may arrive after opening).
  const shownContact = contact ?? (channels[0] ? { channel: channels[0], handle: '' } : null);
  const contactError =
    touched && shownContact && !contactReads(shownContact)
      ? t(`contact.invalid.${shownContact.channel}`)
      : undefined;
  const goods = item.kind === 'goods';
  const fieldError = (key: keyof DeliveryAddress) => {
    const spec = ADDRESS_FIELDS.find((f) => f.key === key)!;
    const value = address[key].trim();
    if (!touched) return undefined;
    if (value.length < spec.min) return t('form.required');
    if (key === 'phone' && !/^\+?[0-9 ()-]{8,20}$/.test(value)) return t('form.phoneInvalid');
    return undefined;
  };
  const pinError = touched && !isWithdrawalPassword(pin) ? t('form.pinSixDigits') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const addressOk =
      !goods ||
      ADDRESS_FIELDS.every(
        (f) =>
          address[f.key].trim().length >= f.min &&
          (f.key !== 'phone' || /^\+?[0-9 ()-]{8,20}$/.test(address.phone.trim())),
      );
    if (!addressOk || !isWithdrawalPassword(pin)) return;
    if (shownContact && !contactReads(shownContact)) return;
    const trimmed = goods
      ? (Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as DeliveryAddress)
      : undefined;
    const body = {
      itemId: item.id,
      ...(trimmed ? { address: trimmed } : {}),
      ...(shownContact
        ? { contact: { channel: shownContact.channel, handle: shownContact.handle.trim() } }
        : {}),
    };
    redeem.mutate(
      { ...body, withdrawalPassword: pin, idempotencyKey: intent.keyFor(JSON.stringify(body)) },
      {
        onSuccess: () => {
          intent.done();
          toast(goods ? t('redeem.doneGoods') : t('redeem.doneCash'), 'success');
          onClose();
        },
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };

  return (
    <Modal
      name="points-redeem"
      title={t('redeem.title')}
      onClose={onClose}
      size="sm"
      closeOnBackdrop={!redeem.isPending}
    >
      <form className="pm-form" onSubmit={submit} noValidate>
        <div className="pm-summary">
          <strong>{localized(item.names, i18n.language)}</strong>
          {item.cashMinor !== null ? <span>{money.format(item.cashMinor)}</span> : null}
          <span className="pm-cost">
            {t('points', { value: formatPoints(item.costPoints, i18n.language) })}
          </span>
        </div>
        {goods ? (
          <fieldset className="pm-fieldset">
            <legend>{t('redeem.address')}</legend>
            {ADDRESS_FIELDS.map((f) => (
              <label key={f.key} className="pm-field">
                <span>{t(`form.${f.key}`)}</span>
                <input
                  value={address[f.key]}
                  autoComplete={f.autoComplete}
                  maxLength={f.max}
                  inputMode={f.key === 'phone' ? 'tel' : undefined}
                  aria-invalid={Boolean(fieldError(f.key))}
                  onChange={(e) => setAddress({ ...address, [f.key]: e.target.value })}
                />
                {fieldError(f.key) ? <small className="pm-field__error">{fieldError(f.key)}</small> : null}
              </label>
            ))}
          </fieldset>
        ) : null}
        {contacts && shownContact ? (
          <RedeemContactFields
            contacts={contacts}
            value={shownContact}
            onChange={setContact}
            error={contactError}
          />
        ) : null}
        <PinInput value={pin} onChange={setPin} error={pinError} />
        <p className="muted pm-note">{t('redeem.pinHint')}</p>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={redeem.isPending}
          aria-busy={redeem.isPending}
        >
          {t('redeem.confirm')}
        </button>
      </form>
    </Modal>
  );
}
