import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enErrors from '../../../../packages/contracts/src/locales/en/errors.json';
import ptErrors from '../../../../packages/contracts/src/locales/pt-BR/errors.json';
import enCommon from '../locales/en/common.json';
import ptCommon from '../locales/pt-BR/common.json';
import { setLanguageProvider } from './api';

/** The back office ships both languages inline: it is small and operators switch often. */
export const SUPPORTED_LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt-BR';

const LANG_KEY = 'bo-lang';

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

export const i18nReady = i18next.use(initReactI18next).init({
  lng: readStoredLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  load: 'currentOnly',
  ns: ['common', 'errors'],
  defaultNS: 'common',
  resources: {
    en: { common: enCommon, errors: enErrors },
    'pt-BR': { common: ptCommon, errors: ptErrors },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

function applyDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

applyDocumentLanguage(i18next.language || DEFAULT_LANGUAGE);
setLanguageProvider(() => i18next.language || DEFAULT_LANGUAGE);
i18next.on('languageChanged', applyDocumentLanguage);

export async function setLanguage(next: string): Promise<void> {
  const lng = normalizeLanguage(next);
  if (!lng || lng === i18next.language) return;
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    // storage unavailable: the change still applies to this page
  }
  await i18next.changeLanguage(lng);
}

export { i18next };
