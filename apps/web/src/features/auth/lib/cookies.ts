/** Login cookies of spec §3 (1 day). Only flags and identifiers — never a password. */
export const COOKIE_REMEMBER = 'loginRemember';
export const COOKIE_LAST_USER = 'lastUser';
export const COOKIE_SMS_PHONE = 'smsLoginPhone';
export const COOKIE_SMS_DIAL = 'smsLoginDialCode';
const ONE_DAY_SECONDS = 24 * 60 * 60;

/** Value of one cookie in a `document.cookie` string. */
export function parseCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** `document.cookie` assignment text for a one-day cookie (or an expiring one to delete it). */
export function cookieText(name: string, value: string | null, secure: boolean): string {
  const maxAge = value === null ? 0 : ONE_DAY_SECONDS;
  return `${name}=${encodeURIComponent(value ?? '')}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : parseCookie(document.cookie, name);
}

export function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: plain one-day flags; the Cookie Store API is not in every browser we support.
  document.cookie = cookieText(name, value, location.protocol === 'https:');
}
