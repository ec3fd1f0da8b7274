import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * A NUL, or half of a UTF-16 surrogate pair without its other half. PostgreSQL stores neither in
 * text (NUL is refused outright, a lone surrogate is not valid UTF-8), so such input used to reach
 * the database and come back as a 500. No field of this API has a use for them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Any NUL or surrogate at all: a plain character class, one cheap scan. Only a string it matches
 * (a NUL, or an emoji's proper pair) goes on to the exact test above.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

function isForbidden(text: string): boolean {
  return SUSPECT.test(text) && FORBIDDEN.test(text);
}

/** Deeper than any contract nests; a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * Whether `value` holds a forbidden character (or nests deeper than MAX_DEPTH) anywhere: the walk of
 * every request, which builds no field paths — forbiddenCharacterAt names the place only when there
 * is one.
 */
function holdsForbidden(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isForbidden(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) if (holdsForbidden(value[i], depth + 1)) return true;
    return false;
  }
  for (const key of Object.keys(value)) {
    if (isForbidden(key) || holdsForbidden((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The first place in `value` (strings, object keys, nested arrays and objects) holding a forbidden
 * character, as a field path such as `body.items.2.name`; null when there is none. A key that is
 * itself bad is not echoed: the path stops at its parent.
 */
export function forbiddenCharacterAt(value: unknown, path: string, depth = 0): string | null {
  if (depth === 0 && !holdsForbidden(value, 0)) return null;
  if (typeof value === 'string') return isForbidden(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = forbiddenCharacterAt(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isForbidden(key)) return path;
    const found = forbiddenCharacterAt(item, `${path}.${key.slice(0, 64)}`, depth + 1);
    if (found) return found;
  }
  return null;
}

function refuse(field: string): AppError {
  return new AppError('INVALID_CHARACTERS', { fields: [{ field, key: 'invalid_characters' }] });
}

/**
 * The guard for a body a route parses itself (the signed calls of withRawBody, checked over their
 * exact bytes first): throws INVALID_CHARACTERS naming the field, as the edge does for JSON bodies.
 */
export function refuseForbiddenCharacters(body: unknown): void {
  const found = forbiddenCharacterAt(body, 'body');
  if (found) throw refuse(found);
}

function checkUrlAndHeaders(request: FastifyRequest): void {
  const found =
    forbiddenCharacterAt(request.params, 'params') ??
    forbiddenCharacterAt(request.query, 'query') ??
    forbiddenCharacterAt(request.headers, 'headers');
  if (found) throw refuse(found);
}

/**
 * Refuses NUL bytes and lone surrogates at the edge, for every route at once: path parameters,
 * query and headers (the Merchant header is read before any route runs) as the request arrives,
 * the parsed body before validation. Registered before the modules, so it runs ahead of their hooks.
 * A body kept as raw bytes (withRawBody) is not a parsed value: its route parses it and checks it
 * with refuseForbiddenCharacters.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => checkUrlAndHeaders(request));
  app.addHook('preValidation', async (request) => {
    if (Buffer.isBuffer(request.body)) return;
    refuseForbiddenCharacters(request.body);
  });
}
