import { isContactUrl, isSiteUrl, linkKind } from '@sorte/contracts/links';

/**
 * Every address an operator sets (banner links, the affiliate link, social, customer-service and
 * download links) passes here before the site opens or links it. The server refuses unsafe ones, but
 * a row saved before it did may still hold `javascript:` and the like: those are never opened.
 * http only in a development build, as the server takes it only outside production.
 */
const ALLOW_HTTP = import.meta.env.DEV;

/** The address when it is https or a path on the site (http in development), else null. */
export function safeUrl(value: string | null | undefined): string | null {
  return value && isSiteUrl(value, ALLOW_HTTP) ? value : null;
}

/** As safeUrl, and mail and telephone links too (customer service). */
export function safeContactUrl(value: string | null | undefined): string | null {
  return value && isContactUrl(value, ALLOW_HTTP) ? value : null;
}

/** A path on this site for the router (one leading slash, never `//host`), else null. */
export function safePath(value: string | null | undefined): string | null {
  return value && linkKind(value) === 'relative' ? value : null;
}

/** Opens the address in a new window when it is safe; says whether it did. */
export function openSafe(value: string | null | undefined, contact = false): boolean {
  const url = contact ? safeContactUrl(value) : safeUrl(value);
  if (url) window.open(url, '_blank', 'noopener,noreferrer');
  return url !== null;
}
