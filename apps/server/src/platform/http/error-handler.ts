import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@sorte/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage, pickLanguage } from '../i18n/messages.ts';
import { AppError } from './app-error.ts';

/** Fastify's own refusals of bad input, mapped onto our codes so they never surface as 5xx. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
};

/**
 * PostgreSQL refusals (SQLSTATE) that only input causes — a value of the wrong form, too long or out of
 * range for its column. The edge and the contracts should stop such input first; this is the second
 * line, so it answers 400 and logs a warning (the route's validation has a gap) instead of a 500.
 * Every other database error stays a 500.
 */
const INPUT_SQLSTATES = new Set([
  '22001', // string data right truncation: longer than the column
  '22003', // numeric value out of range
  '22007', // invalid datetime format
  '22008', // datetime field overflow
  '22021', // character not in repertoire: invalid byte sequence for UTF-8
  '22P02', // invalid text representation (a uuid, a number)
  '22P05', // untranslatable character (NUL in jsonb)
  '54000', // program limit exceeded: a value too large for an index row
]);

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  details?: unknown,
) {
  const message = errorMessage(code, pickLanguage(request.headers));
  return reply.status(status).send({ success: false, code, message, ...(details ? { details } : {}) });
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error.code, error.status, error.details);
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped)
      return sendError(request, reply, mapped, mapped === 'RATE_LIMITED' ? 429 : (error.statusCode ?? 400));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other client error Fastify raises (malformed URL, bad header) stays a 4xx.
      const code: ErrorCode =
        error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 403 ? 'FORBIDDEN' : 'VALIDATION_FAILED';
      return sendError(request, reply, code, error.statusCode);
    }
    if (error.code && INPUT_SQLSTATES.has(error.code)) {
      request.log.warn({ err: error }, 'input the database refused reached it');
      return sendError(request, reply, 'VALIDATION_FAILED', 400);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL', 500, { requestId: request.id });
  });
}

/** Fastify's refusals before routing (a bad %-encoding, an over-long path parameter), in our envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(request, reply, 'URL_TOO_LONG', 414);
  if (error.code === 'FST_ERR_BAD_URL') return sendError(request, reply, 'MALFORMED_REQUEST', 400);
  request.log.error({ err: error }, 'router error');
  return sendError(request, reply, 'INTERNAL', 500, { requestId: request.id });
}

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers or URL over maxHeaderSize,
 * a broken request line, a request that took too long): the answer is written on the socket, still in
 * the envelope, in the default language (nothing of the request can be trusted to pick one).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT']
        : [400, 'MALFORMED_REQUEST'];
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ success: false, code, message: errorMessage(code, pickLanguage({})) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
