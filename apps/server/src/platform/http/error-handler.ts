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
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL', 500, { requestId: request.id });
  });
}
