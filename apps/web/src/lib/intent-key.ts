import { useRef } from 'react';

/** A fresh idempotency key; falls back to getRandomValues where randomUUID is missing (plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IntentKeys {
  /** The key for this payload: the same while the player retries the same submit, new once it changes. */
  keyFor: (signature: string) => string;
  /** The intent succeeded: the next submit is a new intent even with identical fields. */
  done: () => void;
}

/**
 * One key per user intent. A retried submit (network drop, double click) reuses the key so the
 * server moves the money once; a changed form or a completed submit starts a new intent.
 */
export function createIntentKeys(generate: () => string = newIdempotencyKey): IntentKeys {
  let current: { signature: string; key: string } | null = null;
  return {
    keyFor(signature) {
      if (!current || current.signature !== signature) current = { signature, key: generate() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}

export function useIntentKeys(): IntentKeys {
  const ref = useRef<IntentKeys | null>(null);
  if (!ref.current) ref.current = createIntentKeys();
  return ref.current;
}
