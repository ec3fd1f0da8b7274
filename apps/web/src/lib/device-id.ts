import { DEVICE_ID_PATTERN } from '@sorte/contracts';

const DEVICE_KEY = 'deviceId';
let cached: string | null = null;

/**
 * A random id for this browser, kept in localStorage (it survives sign-out and restarts) and sent
 * with every request: the server keeps it with each sign-in's session, so the abuse limits can tell
 * one welcome bonus per device. It identifies the browser profile, nothing about the person.
 */
export function deviceId(): string | null {
  if (cached) return cached;
  try {
    const stored = window.localStorage.getItem(DEVICE_KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) {
      cached = stored;
      return cached;
    }
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const fresh = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    window.localStorage.setItem(DEVICE_KEY, fresh);
    cached = fresh;
    return cached;
  } catch {
    // No storage (private mode, a test without a window): requests go without a device id.
    return null;
  }
}
