/**
 * The error body of every failed /api/v1 call (the OpenAPI document):
 * `{ message, code, errors? }` with a stable code. Route code throws HttpError; the
 * error handler in app.ts turns it (and validation, body-size and unknown errors) into it.
 */
import type { ApiErrorCodeLike } from './types.ts';

export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly code: ApiErrorCodeLike;
  readonly errors: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: ApiErrorCodeLike,
    message: string,
    options: { errors?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}
