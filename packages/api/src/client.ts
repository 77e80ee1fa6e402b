/**
 * The typed client of /api/v1 (API-CONTRACT.md) on ky. Every failure becomes an ApiError
 * carrying the HTTP status, the contract's stable `code` and the server's message, else
 * 'HTTP {status}: {statusText}' (spec section 7).
 */
import ky, { HTTPError, type KyInstance } from 'ky';

/** A failed API call: status 0 means the server could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export interface ApiClientOptions {
  /** Base URL of the API; default '/api/v1' (same origin). */
  baseUrl?: string;
  /** The current access token, if any; sent as `Authorization: Bearer`. */
  getAccessToken?: () => string | null;
  /** The fetch to use (tests pass their own). */
  fetch?: typeof fetch;
}

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
}

/** Turns any thrown value from ky into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status, statusText } = error.response;
    const body =
      typeof error.data === 'object' && error.data !== null ? (error.data as ErrorBody) : undefined;
    const message =
      typeof body?.message === 'string' && body.message
        ? body.message
        : `HTTP ${status}: ${statusText}`;
    const code = typeof body?.code === 'string' ? body.code : 'internal';
    const fieldErrors =
      body?.errors && typeof body.errors === 'object'
        ? (body.errors as Record<string, string>)
        : undefined;
    return new ApiError(status, code, message, fieldErrors);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'network', message);
}

/** Creates the ky instance every resource uses. */
export function createHttp(options: ApiClientOptions = {}): KyInstance {
  return ky.create({
    prefix: options.baseUrl ?? '/api/v1',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = options.getAccessToken?.();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });
}
