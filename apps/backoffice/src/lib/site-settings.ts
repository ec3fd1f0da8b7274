import type { FeatureFlag, FeatureFlags, ThemeConfig } from '@sorte/contracts';

/** The parts of GET /bo/merchants/:code/config the site settings page reads. */
export interface MerchantStatus {
  maintenance: boolean;
  maintenanceEndTime: string | null;
  regionRestricted: boolean;
  allowCountries: string[];
  denyCountries: string[];
  allowIps: string[];
  denyIps: string[];
}

export interface MerchantConfigView {
  code: string;
  brand: { brandName: string; theme: Partial<ThemeConfig> } & Record<string, unknown>;
  flags: FeatureFlags;
  status: MerchantStatus;
  /** The default password is write-only: the server says only whether one is set. */
  security: { defaultPasswordSet: boolean };
  banners?: import('../pages/BannersPanel').BannerView[];
}

/** The theme colours the brand form edits, in the order it shows them. */
export const THEME_COLOURS = ['primary', 'secondary', 'accent', 'background', 'surface', 'text'] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];

/** Only the flags whose draft value differs from the saved one: the PATCH changes only what it names. */
export function changedFlags(
  saved: FeatureFlags,
  draft: FeatureFlags,
): Partial<Record<FeatureFlag, boolean>> {
  const out: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of Object.keys(draft) as FeatureFlag[]) {
    if (draft[flag] !== saved[flag]) out[flag] = draft[flag];
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as the value of a datetime-local input, in the browser's time zone
 * (the input has no zone of its own), or '' when there is none.
 */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (browser time zone) as an ISO instant; null when empty, undefined when unreadable. */
export function localInputToIso(value: string): string | null | undefined {
  if (!value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Countries or IPs typed one per line or separated by commas/spaces; countries are upper-cased. */
export function parseList(text: string, kind: 'country' | 'ip'): string[] {
  const items = text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => (kind === 'country' ? item.toUpperCase() : item));
  return [...new Set(items)];
}

/** Country codes that are not two letters: refused before the server sees them. */
export function badCountries(list: readonly string[]): string[] {
  return list.filter((code) => !/^[A-Z]{2}$/.test(code));
}

export const isHexColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

export interface BrandDraft {
  brandName: string;
  theme: Record<ThemeColour, string>;
}

export function brandDraftOf(brand: MerchantConfigView['brand']): BrandDraft {
  const theme = {} as Record<ThemeColour, string>;
  for (const colour of THEME_COLOURS) theme[colour] = brand.theme?.[colour] ?? '';
  return { brandName: brand.brandName, theme };
}

/**
 * The brand PATCH for what changed (the server merges `theme`, so only changed colours are sent),
 * or an error key when the draft cannot be sent; null when nothing changed.
 */
export function brandPatch(
  saved: BrandDraft,
  draft: BrandDraft,
):
  | { patch: { brandName?: string; theme?: Partial<Record<ThemeColour, string>> } }
  | { error: string }
  | null {
  const brandName = draft.brandName.trim();
  if (!brandName || brandName.length > 64) return { error: 'settings.brand.nameInvalid' };
  const theme: Partial<Record<ThemeColour, string>> = {};
  for (const colour of THEME_COLOURS) {
    const value = draft.theme[colour].trim();
    if (value.toLowerCase() === saved.theme[colour].toLowerCase()) continue;
    if (!isHexColour(value)) return { error: 'settings.brand.colourInvalid' };
    theme[colour] = value;
  }
  const patch = {
    ...(brandName !== saved.brandName ? { brandName } : {}),
    ...(Object.keys(theme).length ? { theme } : {}),
  };
  return Object.keys(patch).length ? { patch } : null;
}
