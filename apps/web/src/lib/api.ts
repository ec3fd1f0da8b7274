import { deviceId } from './device-id';
import { getMerchant, getToken } from './session';

/** Error raised for every failed call: the server's envelope code, or a client-side code for transport failures. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, status: number, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let languageProvider: () => string = () => 'pt-BR';

/** i18n registers the current language here so every request carries Accept-Language. */
export function setLanguageProvider(provider: () => string): void {
  languageProvider = provider;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

export function buildHeaders(extra?: Record<string, string>, hasBody = false): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': languageProvider(),
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.token = token;
  const merchant = getMerchant();
  if (merchant) headers.Merchant = merchant;
  const device = deviceId();
  if (device) headers['X-Device-Id'] = device;
  return { ...headers, ...extra };
}

interface Envelope {
  success?: boolean;
  value?: unknown;
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
}

/** Unwraps `{success:true,value}`; anything else becomes an ApiError. */
export function unwrapEnvelope<T>(status: number, body: unknown): T {
  const envelope = (body ?? {}) as Envelope;
  if (envelope.success === true) return envelope.value as T;
  if (envelope.success === false) {
    throw new ApiError(envelope.code ?? 'UNKNOWN', envelope.message ?? '', status, envelope.details);
  }
  throw new ApiError(status === 404 ? 'NOT_FOUND' : 'BAD_RESPONSE', `HTTP ${status}`, status);
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options.headers, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError('NETWORK_ERROR', 'network unstable', 0);
  }
  return readEnvelope<T>(response);
}

/** The answer's JSON envelope opened (an unreadable body counts as no envelope). */
async function readEnvelope<T>(response: Response): Promise<T> {
  let parsed: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return unwrapEnvelope<T>(response.status, parsed);
}

export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body ?? {}, options);
}

export function apiPut<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PUT', path, body ?? {}, options);
}

export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PATCH', path, body ?? {}, options);
}

export function apiDelete<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>('DELETE', path, undefined, options);
}

/** A multipart/form-data POST (files travel as files, not JSON); the browser sets the boundary. */
export async function apiPostForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: buildHeaders(), body: form });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'network unstable', 0);
  }
  return readEnvelope<T>(response);
}

/** A file the session may read (an uploaded image served to its owner only), as a Blob. */
export async function apiGetBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(path, { headers: buildHeaders({ Accept: '*/*' }), signal });
  if (!response.ok)
    throw new ApiError(
      response.status === 404 ? 'NOT_FOUND' : 'BAD_RESPONSE',
      `HTTP ${response.status}`,
      response.status,
    );
  return response.blob();
}

export const api = { get: apiGet, post: apiPost, put: apiPut, patch: apiPatch, delete: apiDelete };
