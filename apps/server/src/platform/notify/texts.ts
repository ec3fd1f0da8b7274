import en from '@sorte/contracts/locales/en/notify.json' with { type: 'json' };
import ptBR from '@sorte/contracts/locales/pt-BR/notify.json' with { type: 'json' };
import type { FastifyRequest } from 'fastify';
import { pickLanguage } from '../i18n/messages.ts';

export type NotifyText = keyof typeof en;
export type NotifyLanguage = 'en' | 'pt-BR';

const catalogs: Record<NotifyLanguage, Record<NotifyText, string>> = { en, 'pt-BR': ptBR };

/**
 * The text of an SMS or e-mail in the reader's language, `{name}` placeholders filled. Members keep
 * no language of their own, so the language is the one the site was used in when the message was
 * asked for (see notifyLanguage); pt-BR is the default.
 */
export function notifyText(
  key: NotifyText,
  language: NotifyLanguage,
  params: Record<string, string | number>,
): string {
  return catalogs[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The language of the site that asked for the message (the web sends Accept-Language), within the merchant's. */
export function notifyLanguage(
  request: Pick<FastifyRequest, 'headers'>,
  merchant: { languages: string[]; defaultLanguage: string },
): NotifyLanguage {
  const { lang, 'accept-language': accept } = request.headers;
  const asked = lang || accept ? pickLanguage(request.headers) : null;
  if (asked && merchant.languages.includes(asked)) return asked;
  return merchant.defaultLanguage === 'en' ? 'en' : 'pt-BR';
}
