/**
 * What the logs may show and what they cost. Every line is one JSON object (pino) written
 * to an asynchronous destination that is flushed when the process exits, so a request does
 * not wait for the terminal or the log collector; each request gets one line when it ends
 * (id, method, URL with secret query values redacted, client address, status, response
 * time, user id); errors leave out the data a failed query carries; secret fields are
 * redacted by exact path (pino's redaction docs: wildcards cost far more).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type {} from './auth/guard.ts';
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

/** The request as logged: method, redacted URL and client address (after TRUST_PROXY). */
export function requestForLog(request: { method: string; url: string; ip?: string }) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
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

/** Fields that carry a secret: the request bodies' (domain requests) and a mailed link. */
const SECRET_FIELDS = [
  'password',
  'confirmPassword',
  'currentPassword',
  'token',
  'refreshToken',
  'code',
  'link',
];

/**
 * Exact pino redaction paths (no wildcards, which cost far more per line:
 * https://github.com/pinojs/pino/blob/main/docs/redaction.md): a secret logged as a field
 * of its own or inside a logged request `body`, and the credentials of logged `headers`.
 * A request (`req`) is logged through `requestForLog`, which leaves headers and body out.
 */
export const REDACTED_PATHS: readonly string[] = [
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `body.${field}`),
];

/** Pino options: level, the request and error serializers, and the redacted fields. */
export function logOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    serializers: { req: requestForLog, err: errorForLog },
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
  };
}

/**
 * Where the server's log lines go: file descriptor `fd` (1 = stdout), written
 * asynchronously (`pino.destination({ sync: false })`, pino's recommended destination for
 * speed: https://github.com/pinojs/pino/blob/main/docs/asynchronous.md). Lines logged while
 * a write is in flight are sent with the next one, at most 4096 bytes a write (PIPE_BUF, so
 * the lines of processes sharing one pipe, `WORKERS`, never interleave:
 * https://man7.org/linux/man-pages/man7/pipe.7.html). Pino flushes what is left
 * synchronously on the process's `exit` event (`process.exit`, a crash), so no line is lost
 * when the process ends; a SIGKILL loses the lines not yet written.
 */
export function logDestination(fd = 1): DestinationStream & { flushSync(): void } {
  return pino.destination({ dest: fd, sync: false, maxWrite: 4096 });
}

/**
 * The process's root logger: `logOptions(config)` over `destination`. Start-up, shutdown
 * and the worker primary log through it; the app's request loggers share its destination.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = logDestination(),
): Logger {
  return pino(logOptions(config), destination);
}

/**
 * A child of `log` that writes at `info` whatever LOG_LEVEL says: for the lines an operator
 * must see (the address the server listens on, a generated administrator password).
 */
export function noticeLog(log: Logger): Logger {
  return log.child({}, { level: 'info' });
}

let warningLog: Logger | undefined;
const heldWarnings: Error[] = [];

function logWarning(log: Logger, warning: Error): void {
  log.warn({ err: warning }, `${warning.name}: ${warning.message}`);
}

/**
 * Takes Node's process warnings (deprecations, experimental features, a library's
 * `process.emitWarning`) from Node's plain-text printer to the JSON log: they are held
 * until `logProcessWarnings` names the logger, then written as `warn` lines with the
 * warning as `err`. Call it first thing in the entry module.
 */
export function captureProcessWarnings(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warningLog) logWarning(warningLog, warning);
    else heldWarnings.push(warning);
  });
}

/** Writes the held process warnings, and every later one, to `log`. */
export function logProcessWarnings(log: Logger): void {
  warningLog = log;
  for (const warning of heldWarnings.splice(0)) logWarning(log, warning);
}

/**
 * Fastify's request log lines (its documented `logController` option): one `info` line when
 * a request ends ("request completed", or `error` "request errored" when the reply failed)
 * instead of a line when it starts and another when it ends. The line carries the request
 * id (`reqId`), `req` (method, redacted URL, client address), `res.statusCode`,
 * `responseTime` (ms) and `userId` when the caller was signed in.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      userId: request.auth?.userId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
