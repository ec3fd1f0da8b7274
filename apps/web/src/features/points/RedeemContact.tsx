import {
  type MerchantRedeemContacts,
  type RedeemContact,
  type RedeemContactChannel,
  WHATSAPP_NUMBER_PATTERN,
  ZALO_ID_PATTERN,
} from '@sorte/contracts';
import { useTranslation } from 'react-i18next';

/** The channels the merchant offers, WhatsApp first. */
export function offeredChannels(contacts: MerchantRedeemContacts | undefined): RedeemContactChannel[] {
  if (!contacts) return [];
  return (['whatsapp', 'zalo'] as const).filter((channel) => Boolean(contacts[channel]));
}

export function contactReads(contact: RedeemContact): boolean {
  const handle = contact.handle.trim();
  return (contact.channel === 'whatsapp' ? WHATSAPP_NUMBER_PATTERN : ZALO_ID_PATTERN).test(handle);
}

/** A chat with the merchant on the channel: wa.me wants the number's digits, zalo.me the phone or ID. */
export function chatLink(channel: RedeemContactChannel, merchantContact: string): string {
  if (channel === 'whatsapp') return `https://wa.me/${merchantContact.replace(/\D/g, '')}`;
  return `https://zalo.me/${encodeURIComponent(merchantContact.replace(/[\s()-]/g, ''))}`;
}

/**
 * The spec's redeem prompt (§5 "a Zalo number ID or a Whatsapp number to redeem a bonus"): shown
 * only where the merchant gives its WhatsApp or Zalo contact. The player leaves theirs on one of the
 * offered channels (kept with the redemption for the merchant's team) and may open a chat with the
 * merchant there.
 */
export function RedeemContactFields({
  contacts,
  value,
  onChange,
  error,
}: {
  contacts: MerchantRedeemContacts;
  value: RedeemContact;
  onChange: (value: RedeemContact) => void;
  error?: string;
}) {
  const { t } = useTranslation('points');
  const channels = offeredChannels(contacts);
  const merchant = contacts[value.channel];
  return (
    <fieldset className="pm-fieldset">
      <legend>{t('contact.title')}</legend>
      <p className="muted pm-note">{t('contact.why')}</p>
      {channels.length > 1 ? (
        <div className="pm-channels" role="radiogroup" aria-label={t('contact.channel')}>
          {channels.map((channel) => (
            <label key={channel} className="pm-channel">
              <input
                type="radio"
                name="pm-contact-channel"
                checked={value.channel === channel}
                onChange={() => onChange({ channel, handle: '' })}
              />
              <span>{t(`contact.${channel}`)}</span>
            </label>
          ))}
        </div>
      ) : null}
      <label className="pm-field">
        <span>{t(`contact.yours.${value.channel}`)}</span>
        <input
          value={value.handle}
          inputMode={value.channel === 'whatsapp' ? 'tel' : undefined}
          autoComplete={value.channel === 'whatsapp' ? 'tel' : 'off'}
          maxLength={40}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange({ ...value, handle: e.target.value })}
        />
        {error ? <small className="pm-field__error">{error}</small> : null}
      </label>
      {merchant ? (
        <a
          className="pm-chat"
          href={chatLink(value.channel, merchant)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t(`contact.chat.${value.channel}`, { contact: merchant })}
        </a>
      ) : null}
    </fieldset>
  );
}
