import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { fail } from '../lib/envelope.ts';
import { MSG } from '#contract/messages.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Seconds a client is told to wait (Retry-After) when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Maps Fastify's own errors (body parsing, limits) to a status and an Indonesian message. */
function frameworkError(err: FastifyError): { status: number; message: string; code: string } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: MSG.unsupportedMediaType, code: 'request.unsupported_media_type' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, message: MSG.payloadTooLarge, code: 'request.too_large' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: MSG.malformedJson, code: 'request.malformed' };
  }
  if (err instanceof SyntaxError || (err.statusCode === 400 && err.code?.startsWith('FST_ERR_CTP'))) {
    return { status: 400, message: MSG.malformedJson, code: 'request.malformed' };
  }
  if (err.statusCode === 429) return { status: 429, message: MSG.tooManyRequests, code: 'request.rate_limited' };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, message: MSG.validationFailed, code: 'request.invalid' };
  }
  return null;
}

/**
 * One error handler for the whole API: every error becomes the envelope; a 5xx never leaks
 * internals. (Unknown routes answer from the not-found handler in plugins/web.ts.)
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(fail(error.status, error.message, error.code, error.data));
    }
    const known = frameworkError(error);
    if (known) return reply.status(known.status).send(fail(known.status, known.message, known.code));
    // The database is down, restarting or the connection broke: not the request's fault, and
    // nothing was saved (the request's transaction did not commit). 503, try again.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(fail(503, MSG.databaseUnavailable, 'database.unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, MSG.internalError, 'internal'));
  });
}
