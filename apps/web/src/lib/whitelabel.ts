import type { FeatureFlag, SystemStatus, Whitelabel } from '@sorte/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api';
import { getMerchant } from './session';

export type { Whitelabel, SystemStatus, FeatureFlag };

/**
 * Built-in configuration used until (or when) GET /wps/system/whitelabel answers, so the shell
 * always renders a complete, branded-looking site even with the API down.
 */
export const DEFAULT_WHITELABEL: Whitelabel = {
  merchantCode: '',
  brandName: 'Sorte',
  logoUrl: '',
  faviconUrl: null,
  theme: {
    primary: '#7c5cff',
    secondary: '#00d18f',
    accent: '#ffb800',
    background: '#0b1020',
    surface: '#141b2f',
    text: '#e8ecf8',
    mode: 'dark',
    forceLightOnLoad: false,
  },
  currency: 'BRL',
  currencySymbol: '$',
  languages: ['pt-BR', 'en'],
  defaultLanguage: 'pt-BR',
  gameLanguage: 'en',
  minimumAge: 18,
  flags: {
    MOBILEVERCODELOGIN3: false,
    DIRECTREG3: true,
    CBS3: false,
    CHNGPASSVERIF3: false,
    MOBILENUMREG3: false,
    REGMOBVERF3: false,
    MOBILENUMPASSREG3: false,
    USERNAMEREG3: true,
    FREEPLAY3: false,
    PWDEXPFORCECHANGE3: false,
    redirectLoggedOut: false,
    memberCentre: true,
    agentCentre: false,
    referralPromo: false,
    dividendContract: false,
    dailySalary: false,
    hourlySalary: false,
    realtimeSalary: false,
    captchaOnRegister: false,
    captchaOnLogin: false,
    sms: false,
    encryption: false,
    showBarsOnSeamless: false,
    ipVerification: false,
    sportsbook: false,
  },
  customerService: [],
  socialLinks: {},
  resources: [],
  banners: [],
  affiliateLink: null,
  prizeMode: 'Lott',
  platform: 'web',
  device: 'WEB',
  lotteryType: '',
  announcementTypes: ['B', 'PL', 'PU', 'PR', 'H'],
  esportsProviders: ['IMES', 'TF', 'IA'],
};

/** Merges a (possibly partial or older-shaped) server answer over the defaults. */
export function mergeWhitelabel(value: Partial<Whitelabel> | null | undefined): Whitelabel {
  if (!value) return DEFAULT_WHITELABEL;
  return {
    ...DEFAULT_WHITELABEL,
    ...value,
    theme: { ...DEFAULT_WHITELABEL.theme, ...(value.theme ?? {}) },
    flags: { ...DEFAULT_WHITELABEL.flags, ...(value.flags ?? {}) },
    socialLinks: { ...(value.socialLinks ?? {}) },
    currencySymbol: value.currencySymbol || DEFAULT_WHITELABEL.currencySymbol,
    languages: value.languages?.length ? value.languages : DEFAULT_WHITELABEL.languages,
    banners: value.banners ?? [],
    resources: value.resources ?? [],
    customerService: value.customerService ?? [],
  };
}

export const systemKeys = {
  whitelabel: ['system', 'whitelabel'] as const,
  status: ['system', 'status'] as const,
};

interface BootData {
  whitelabel?: Partial<Whitelabel>;
  status?: SystemStatus;
  announcementsInEffect?: number;
  parts?: Record<string, unknown>;
}

/**
 * The server inlines the merchant's whitelabel and the caller's status into index.html
 * (`<script type="application/json" id="boot">`) so the first render needs no round trip. It is
 * used only when it describes the merchant this tab talks to; otherwise the queries fetch as before.
 */
export function readBootData(doc: Document | undefined = globalThis.document): BootData | null {
  try {
    const text = doc?.getElementById('boot')?.textContent;
    if (!text) return null;
    const boot = JSON.parse(text) as BootData;
    const chosen = getMerchant()?.toLowerCase();
    if (!boot.whitelabel || (chosen && boot.whitelabel.merchantCode?.toLowerCase() !== chosen)) return null;
    return boot;
  } catch {
    return null;
  }
}

const boot = readBootData();
const bootAt = Date.now();
const bootWhitelabel = boot?.whitelabel ? mergeWhitelabel(boot.whitelabel) : undefined;

/**
 * Whether the page was served with announcements in effect (null: no boot data). The home reserves
 * the ticker's strip from its first render on this, so the lazily loaded ticker shifts nothing.
 */
export function bootHasAnnouncements(): boolean | null {
  return typeof boot?.announcementsInEffect === 'number' ? boot.announcementsInEffect > 0 : null;
}

/**
 * A module's answer the server inlined into the page (its addBootPart), as the query's initial data,
 * with when it was read; undefined when this page came without it.
 */
export function bootPart<T>(name: string): { data: T; updatedAt: number } | undefined {
  const value = boot?.parts?.[name];
  return value === undefined ? undefined : { data: value as T, updatedAt: bootAt };
}

export function fetchWhitelabel(): Promise<Whitelabel> {
  return apiGet<Partial<Whitelabel>>('/wps/system/whitelabel').then(mergeWhitelabel);
}

/** The merchant configuration; falls back to the built-in defaults while loading or on failure. */
export function useWhitelabel(): Whitelabel {
  const { data } = useQuery({
    queryKey: systemKeys.whitelabel,
    queryFn: fetchWhitelabel,
    staleTime: 5 * 60_000,
    retry: 1,
    initialData: bootWhitelabel,
    initialDataUpdatedAt: bootAt,
  });
  return data ?? DEFAULT_WHITELABEL;
}

export function useFlag(flag: FeatureFlag): boolean {
  return useWhitelabel().flags[flag] === true;
}

export function useSystemStatus() {
  return useQuery({
    queryKey: systemKeys.status,
    queryFn: () => apiGet<SystemStatus>('/wps/system/status'),
    staleTime: 60_000,
    retry: 1,
    initialData: boot?.status,
    initialDataUpdatedAt: bootAt,
  });
}
