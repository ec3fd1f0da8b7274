import { ApiError } from './api';

/** Attempts per bet when the answer was lost (network drop, 5xx): the same key, so one round at most. */
const ATTEMPTS = 3;
const RETRY_DELAY_MS = 400;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Worth retrying with the same key: the server may or may not have played the round. */
export function isUncertain(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Sends a request up to ATTEMPTS times while its answer is uncertain (network drop, 5xx); the
 * caller's request carries one idempotency key, so however often it reaches the server it plays once.
 */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  attempts = ATTEMPTS,
  pause: (ms: number) => Promise<void> = wait,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (cause) {
      if (!isUncertain(cause) || attempt >= attempts) throw cause;
      await pause(RETRY_DELAY_MS * attempt);
    }
  }
}
