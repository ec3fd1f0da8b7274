import { createHmac, randomBytes } from 'node:crypto';

/**
 * The vendor's side of Sorte's seamless-wallet API: every call signed with the merchant's secret
 * (HMAC-SHA256 over `timestamp.nonce.body`), as docs/providers.md asks. Written here on its own —
 * a vendor does not share code with the platform it calls.
 */
export class PlatformError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export interface PlatformClient {
  call<T>(merchant: string, name: string, body: Record<string, unknown>): Promise<T>;
}

export function createPlatformClient(options: {
  platformUrl: string;
  vendor: string;
  secretFor: (merchant: string) => Promise<string | undefined>;
  timeoutMs?: number;
}): PlatformClient {
  return {
    async call<T>(merchant: string, name: string, body: Record<string, unknown>): Promise<T> {
      const secret = await options.secretFor(merchant);
      if (!secret) throw new PlatformError('VENDOR_NO_SECRET', 500);
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const signature = createHmac('sha256', secret)
        .update(`${timestamp}.${nonce}.`)
        .update(raw)
        .digest('hex');
      const response = await fetch(
        `${options.platformUrl}/providers/${options.vendor}/${encodeURIComponent(merchant)}/wallet/${name}`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-timestamp': timestamp,
            'x-nonce': nonce,
            'x-signature': signature,
          },
          body: raw,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        },
      );
      const answer = (await response.json().catch(() => ({}))) as {
        success?: boolean;
        value?: T;
        code?: string;
        details?: Record<string, unknown>;
      };
      if (!response.ok || !answer.success)
        throw new PlatformError(answer.code ?? 'PLATFORM_UNAVAILABLE', response.status, answer.details);
      return answer.value as T;
    },
  };
}
