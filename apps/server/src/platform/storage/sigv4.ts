import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 (the header form), with node:crypto only — what an S3-compatible store
 * (AWS S3, MinIO, R2, …) checks on every request. Tested against AWS's published examples.
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Every header to sign, `host` and `x-amz-date` included (names in any case). */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (or 'UNSIGNED-PAYLOAD'). */
  payloadHash: string;
}

export interface SigV4Signature {
  authorization: string;
  signature: string;
  canonicalRequest: string;
  stringToSign: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** 20150830T123600Z: the x-amz-date form of an instant. */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ (what SigV4 requires). */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(url: URL): string {
  const pairs = [...url.searchParams].map(([k, v]) => [encode(k), encode(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Each path segment encoded once (S3's rule; the keys this server makes need no encoding anyway). */
function canonicalPath(url: URL): string {
  const path = url.pathname || '/';
  return path
    .split('/')
    .map((segment) => encode(decodeURIComponent(segment)))
    .join('/');
}

/** The signing key for a day: HMAC chain over date, region, service and "aws4_request". */
export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

export function signV4(request: SigV4Request, credentials: SigV4Credentials): SigV4Signature {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([name]) => name === 'x-amz-date')?.[1];
  if (!date || !/^\d{8}T\d{6}Z$/.test(date)) throw new RangeError('x-amz-date header required');
  if (!headers.some(([name]) => name === 'host')) throw new RangeError('host header required');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    headers.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const day = date.slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac(
    'sha256',
    signingKey(credentials.secretAccessKey, day, credentials.region, credentials.service),
  )
    .update(stringToSign)
    .digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    canonicalRequest,
    stringToSign,
  };
}
