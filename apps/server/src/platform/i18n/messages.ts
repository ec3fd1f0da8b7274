import type { ErrorCode } from '@sorte/contracts';
import en from '@sorte/contracts/locales/en/errors.json' with { type: 'json' };
import ptBR from '@sorte/contracts/locales/pt-BR/errors.json' with { type: 'json' };

const catalogs: Record<string, Record<string, string>> = { en, 'pt-BR': ptBR };

/** Picks pt-BR or en from an explicit `lang` header or Accept-Language; pt-BR is the default. */
export function pickLanguage(headers: Record<string, string | string[] | undefined>): 'en' | 'pt-BR' {
  const explicit = headers.lang;
  const raw = (Array.isArray(explicit) ? explicit[0] : explicit) ?? headers['accept-language'];
  const text = (Array.isArray(raw) ? raw[0] : raw)?.toLowerCase() ?? '';
  const first = text.split(',')[0]?.trim() ?? '';
  return first.startsWith('en') ? 'en' : 'pt-BR';
}

/**
 * The language a response is wanted in: an explicit value the request names (a `language` or `lang`
 * query) when it is one the site speaks, else the lang / Accept-Language headers (pickLanguage).
 */
export function requestLanguage(
  request: { headers: Record<string, string | string[] | undefined> },
  explicit?: string,
): 'en' | 'pt-BR' {
  return explicit === 'en' || explicit === 'pt-BR' ? explicit : pickLanguage(request.headers);
}

export function errorMessage(code: ErrorCode, language: 'en' | 'pt-BR'): string {
  return catalogs[language]?.[code] ?? en[code as keyof typeof en] ?? code;
}
