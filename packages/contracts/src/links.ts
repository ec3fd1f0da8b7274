/**
 * Addresses an operator sets (logo, banner image and link, social and customer-service links,
 * download links, the affiliate link, CDNs) end up in `href`, `src` and `window.open` on every
 * player's screen, so a `javascript:` or `data:` one would run or show whatever it carries there.
 * These rules are shared: the server refuses such input, and the web refuses to open what an older
 * row still holds. This file has no zod, so the web's first load can import it alone
 * (`@sorte/contracts/links`) without the schemas.
 */
export type LinkKind = 'https' | 'http' | 'relative' | 'mailto' | 'tel';

const SCHEMES: Record<string, LinkKind> = {
  'https:': 'https',
  'http:': 'http',
  'mailto:': 'mailto',
  'tel:': 'tel',
};

/**
 * What an address is, as a browser reads it, or null when it is none we accept: another scheme, a
 * protocol-relative `//host` (browsers read `/\host` the same way), text that is not a URL, or one with
 * control characters or surrounding blanks (browsers drop those, which hides a scheme from a check).
 */
export function linkKind(value: string): LinkKind | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (!value || value !== value.trim() || /[\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.startsWith('/')) return /^\/[/\\]/.test(value) ? null : 'relative';
  try {
    return SCHEMES[new URL(value).protocol] ?? null;
  } catch {
    return null; // not absolute, nor a path: `foo`, `\\host`
  }
}

/** A page or file the site may load or open: https, a path on the site itself, or http (see isSiteUrl). */
export function isSiteUrl(value: string, allowHttp: boolean): boolean {
  const kind = linkKind(value);
  return kind === 'https' || kind === 'relative' || (kind === 'http' && allowHttp);
}

/** A contact address: a site URL, or mail and telephone links. */
export function isContactUrl(value: string, allowHttp: boolean): boolean {
  const kind = linkKind(value);
  return kind === 'mailto' || kind === 'tel' || isSiteUrl(value, allowHttp);
}

/** A promotion's id, the other thing a banner link may hold: no scheme or host can hide in it. */
const PROMOTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isBannerLink(value: string, allowHttp: boolean): boolean {
  return PROMOTION_ID.test(value) || isSiteUrl(value, allowHttp);
}
