/**
 * The contract's error answers (the OpenAPI document): `{message, code, errors?}` for
 * every failure: HttpError as thrown, validation 400 with field errors, 413/415, a broken
 * JSON body 400, a full disk or an unreachable database 503 (with Retry-After), anything
 * else 500 without details. app.ts and the test apps install the same handler.
 */
import { apiMessages, messageText, validationMessages } from '@solar/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DISK_FULL_MESSAGE, isDiskFull, type StorageState } from './health/storage.ts';
import { HttpError } from './http-errors.ts';

/** One zod issue as fastify-type-provider-zod hands it to the error handler. */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: unknown;
}

/**
 * Field errors of a validation failure: `{ "a.b": English message }`, each property
 * rejected as unknown named on its own, and the top-level message (the first problem; for
 * a root problem such as a body that is not an object, its text).
 */
export function validationErrors(issues: ValidationIssue[]): {
  message: string;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  let message: string | undefined;
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    const text = messageText(issue.message ?? validationMessages.invalidValue.id);
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: string[] } | undefined)?.keys ?? [];
      const unknown = messageText(validationMessages.unknownField.id);
      for (const key of keys) errors[base ? `${base}.${key}` : key] ??= unknown;
      message ??= `${unknown}: ${keys.join(', ')}`;
      continue;
    }
    if (base) errors[base] ??= text;
    message ??= text;
  }
  return { message: message ?? messageText(validationMessages.invalidValue.id), errors };
}

/** The answer while the database cannot be reached (503 `service_unavailable`). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not available. Please try again shortly.';

/**
 * Network errors, PostgreSQL's connection (08xxx) and shutdown (57P0x) conditions, and a
 * statement cancelled by statement_timeout (57014).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Query read timeout/i;

/**
 * True when `error`, or an error in its `cause` chain (drizzle wraps the driver's), says
 * the database could not be reached: such a request is answered 503, not 500;
 * the pool reconnects by itself on a later request.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * The error handler of the app: see the file comment. `storage` hears of a full disk (the
 * health endpoint then degrades until a write succeeds).
 */
export function createErrorHandler(storage: StorageState) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = validationErrors(error.validation);
      return reply.code(400).send({
        message,
        code: 'validation_failed',
        ...(Object.keys(errors).length > 0 ? { errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send({ message: apiMessages.payloadTooLarge.defaultMessage, code: 'payload_too_large' });
    }
    if (status === 415) {
      return reply.code(415).send({
        message: apiMessages.unsupportedMediaType.defaultMessage,
        code: 'unsupported_media_type',
      });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return reply.code(400).send({
        message: messageText(validationMessages.invalidBody.id),
        code: 'validation_failed',
      });
    }
    if (status >= 400 && status < 500) {
      return reply.code(400).send({ message: error.message, code: 'validation_failed' });
    }
    if (isDiskFull(error)) {
      storage.reportDiskFull();
      request.log.error({ err: error }, 'disk full: a write failed');
      return reply.code(503).header('retry-after', '30').send({
        message: DISK_FULL_MESSAGE,
        code: 'service_unavailable',
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'service_unavailable',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ message: 'Server error occurred. Please try again later.', code: 'internal' });
  };
}
