import { getMerchantCode, getToken } from './session';

/** Error raised for every failed call: the server's envelope code, or a client-side code for transport failures. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** The envelope's `details` (e.g. which entries a CONFIG_INVALID refused), when the server sent any. */
  readonly details: unknown;

  constructor(code: string, message: string, status: number, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

let languageProvider: () => string = () => 'pt-BR';
let onSessionLost: (code: string) => void = () => {};

/** i18n registers the current language here so every request carries Accept-Language. */
export function setLanguageProvider(provider: () => string): void {
  languageProvider = provider;
}

/** The app registers what to do when the server no longer accepts the token (back to sign-in). */
export function setSessionLostHandler(handler: (code: string) => void): void {
  onSessionLost = handler;
}

/** Codes meaning the token is gone or no longer good enough: the operator must sign in again. */
const SESSION_LOST_CODES = new Set([
  'BO_UNAUTHENTICATED',
  'OPERATOR_UNAUTHENTICATED',
  'AUTH_SESSION_EXPIRED',
]);

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function headers(hasBody: boolean): Record<string, string> {
  const result: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': languageProvider(),
  };
  if (hasBody) result['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) result['bo-token'] = token;
  const merchant = getMerchantCode();
  if (merchant) result.Merchant = merchant;
  return result;
}

interface Envelope {
  success?: boolean;
  value?: unknown;
  code?: string;
  message?: string;
  details?: unknown;
}

/** Unwraps `{success:true,value}`; anything else becomes an ApiError. */
export function unwrapEnvelope<T>(status: number, body: unknown): T {
  const envelope = (body ?? {}) as Envelope;
  if (envelope.success === true) return envelope.value as T;
  if (envelope.success === false)
    throw new ApiError(envelope.code ?? 'UNKNOWN', envelope.message ?? '', status, envelope.details);
  throw new ApiError(status === 404 ? 'NOT_FOUND' : 'BAD_RESPONSE', `HTTP ${status}`, status);
}

async function send(method: string, path: string, body: unknown, query?: Query): Promise<Response> {
  // A form (a file upload) goes as multipart/form-data, its boundary set by the browser.
  const form = body instanceof FormData;
  try {
    return await fetch(buildUrl(path, query), {
      method,
      headers: headers(body !== undefined && !form),
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'network unstable', 0);
  }
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  const hadToken = getToken() !== null;
  const response = await send(method, path, body, query);
  let parsed: unknown = null;
  const text = await response.text();
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  try {
    return unwrapEnvelope<T>(response.status, parsed);
  } catch (error) {
    if (hadToken && error instanceof ApiError && SESSION_LOST_CODES.has(error.code))
      onSessionLost(error.code);
    throw error;
  }
}

/** Fetches an authenticated binary (a proof image) as a blob; the caller owns the object URL it makes. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await send('GET', path, undefined);
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    unwrapEnvelope(response.status, parsed);
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  patch: <T>(path: string, body: unknown = {}) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
