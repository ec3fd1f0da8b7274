import { amzDate, type SigV4Credentials, sha256Hex, signV4 } from './sigv4.ts';
import { checkedKey, type ObjectStore } from './storage.ts';

export interface S3Options {
  /** The service's base address, e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The clock to sign with (tests); the wall clock by default. */
  now?: () => Date;
}

/**
 * An S3-compatible bucket through path-style addresses (`<endpoint>/<bucket>/<key>`, which AWS, MinIO
 * and R2 all answer), each request signed with SigV4 (`sigv4.ts`) and its body's SHA-256.
 */
export function createS3Store(options: S3Options): ObjectStore {
  const base = options.endpoint.replace(/\/+$/, '');
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
  };
  const now = options.now ?? (() => new Date());

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = new URL(`${base}/${encodeURIComponent(options.bucket)}/${checkedKey(key)}`);
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDate(now()),
      'x-amz-content-sha256': payloadHash,
    };
    if (contentType) headers['content-type'] = contentType;
    const { authorization } = signV4({ method, url, headers, payloadHash }, credentials);
    const { host: _host, ...sent } = headers;
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  async function refuse(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new Error(`object store ${what}: HTTP ${response.status} ${text.slice(0, 200)}`);
  }

  return {
    async put(key, bytes, contentType) {
      const response = await send('PUT', key, bytes, contentType);
      if (!response.ok) await refuse(response, 'put');
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await refuse(response, 'get');
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await refuse(response, 'delete');
      await response.arrayBuffer();
    },
  };
}
