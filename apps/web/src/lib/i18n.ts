import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCommon from '../locales/en/common.json';
import ptCommon from '../locales/pt-BR/common.json';
import { setLanguageProvider } from './api';

/** Languages we ship string tables for; a merchant may enable a subset. */
export const SUPPORTED_LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

const LANG_KEY = 'lang';
const HIS_LANG_KEY = 'hisLang';

type LocaleModule = { default: Record<string, unknown> };

// Feature namespaces load on demand so they stay out of the home chunk; `common` ships inline.
const featureLocales = import.meta.glob<LocaleModule>(['../locales/*/*.json', '!../locales/*/common.json']);
// Error code texts are owned by the contracts package (read-only here).
const errorLocales = import.meta.glob<LocaleModule>(
  '../../../../packages/contracts/src/locales/*/errors.json',
);

function loaderFor(lng: string, ns: string): (() => Promise<LocaleModule>) | undefined {
  if (ns === 'errors') {
    const key = Object.keys(errorLocales).find((path) => path.endsWith(`/locales/${lng}/errors.json`));
    return key ? errorLocales[key] : undefined;
  }
  return featureLocales[`../locales/${lng}/${ns}.json`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    const load = loaderFor(lng, ns);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function normalizeLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const lower = code.toLowerCase().replace('_', '-');
  if (lower === 'pt-br' || lower === 'pt') return 'pt-BR';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return null;
}

function readStoredLanguage(): Language {
  try {
    return normalizeLanguage(localStorage.getItem(LANG_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export const i18nReady = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    // No fallback language: CI fails when the catalogs differ (scripts/check-locales.mjs), so a
    // fallback would only make every page also fetch the other language's namespaces (≈ 7 KB gzip
    // on the home route) for keys that cannot be missing.
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'currentOnly',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: enCommon }, 'pt-BR': { common: ptCommon } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
    showSupportNotice: false,
  });

applyDocumentLanguage(i18next.language || DEFAULT_LANGUAGE);
setLanguageProvider(() => i18next.language || DEFAULT_LANGUAGE);
i18next.on('languageChanged', applyDocumentLanguage);

/** Changes the interface language, remembering the previous one under `hisLang`. */
export async function setLanguage(next: string): Promise<void> {
  const lng = normalizeLanguage(next);
  if (!lng || lng === i18next.language) return;
  try {
    localStorage.setItem(HIS_LANG_KEY, i18next.language);
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    // storage unavailable: the change still applies to this page
  }
  await i18next.changeLanguage(lng);
}

/**
 * Restricts the interface to the merchant's enabled languages. If the current language is not
 * enabled, switches to the merchant default (or the first enabled one).
 */
export function enabledLanguages(merchantLanguages: readonly string[] | undefined): Language[] {
  const enabled = (merchantLanguages ?? [])
    .map(normalizeLanguage)
    .filter((lng): lng is Language => lng !== null);
  const unique = [...new Set(enabled)];
  return unique.length > 0 ? unique : [DEFAULT_LANGUAGE];
}

export function reconcileLanguage(
  merchantLanguages: readonly string[] | undefined,
  merchantDefault?: string,
) {
  const enabled = enabledLanguages(merchantLanguages);
  const current = normalizeLanguage(i18next.language);
  if (current && enabled.includes(current)) return;
  const preferred = normalizeLanguage(merchantDefault);
  const target = preferred && enabled.includes(preferred) ? preferred : enabled[0]!;
  void i18next.changeLanguage(target);
}

export { i18next };
