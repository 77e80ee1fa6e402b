/**
 * What the logs may show: a request with secret query values redacted, errors without the
 * data a failed query carries, and pino's options with secret fields redacted.
 */
import { stdSerializers } from 'pino';
import type { Config } from './config.ts';

/**
 * A URL with the values of secret-bearing query parameters (token, code, refreshToken,
 * password) replaced, for logs: reset and verification links reach the server as
 * `/reset-password?token=...`.
 */
export function redactUrl(url: string): string {
  return url.replace(
    /([?&](?:token|code|refreshToken|password|access_token|id_token)=)[^&#]*/gi,
    '$1[redacted]',
  );
}

/** The request as logged: method, redacted URL, host and client address. */
export function requestForLog(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * An error as logged (pino's `err` serializer): pino's standard form without what a failed
 * query carries of the data; a value that is not an object (a message logged as `err`) as
 * it is. Drizzle puts the query's parameters (emails, password hashes) in its message and
 * a `params` field, and PostgreSQL's `detail` can hold the failing row; the message keeps
 * the query text and the database's own message, the rest is left out.
 */
export function errorForLog(error: unknown): ReturnType<typeof stdSerializers.err> {
  // pino's serializer answers anything but an object as it is; walking a string's entries
  // below would log it one field per character (`{"0":"c","1":"o",...}`).
  if (error === null || typeof error !== 'object') {
    return error as unknown as ReturnType<typeof stdSerializers.err>;
  }
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  let text = (value: unknown) => value;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const { params, cause } = current as { params?: unknown; cause?: unknown };
    if (params !== undefined) {
      const rendered = `params: ${String(params)}`;
      const previous = text;
      text = (value) => {
        const before = previous(value);
        return typeof before === 'string'
          ? before.split(rendered).join('params: [redacted]')
          : before;
      };
    }
    current = cause;
  }
  const clean = (object: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(object)) {
      if (key === 'params' || key === 'detail' || key === 'parameters') continue;
      if (key === 'message' || key === 'stack') out[key] = text(value);
      else if (value && typeof value === 'object' && !Array.isArray(value) && depth < 5) {
        out[key] = clean(value as Record<string, unknown>, depth + 1);
      } else out[key] = value;
    }
    return out;
  };
  return clean(serialized, 0) as unknown as ReturnType<typeof stdSerializers.err>;
}

/** Pino options: level, the redacting request serializer, and redacted secret fields. */
export function logOptions(config: Config) {
  return {
    level: config.logLevel,
    serializers: { req: requestForLog, err: errorForLog },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.confirmPassword',
        '*.token',
        '*.refreshToken',
        '*.code',
        '*.link',
      ],
      censor: '[redacted]',
    },
  };
}
