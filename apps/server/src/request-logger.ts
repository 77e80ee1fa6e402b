/**
 * Each request's logger, made when the request first logs (issue 10, `/auth/me`
 * throughput). Fastify gives every request a pino child bound to its request id; with the
 * redaction paths of app.ts, making one costs about 1 µs, on every request, even when the
 * log level (`LOG_LEVEL=warn`, say) drops everything the request would log. A
 * {@link RequestLogger} answers like that child and makes it only for a call at an enabled
 * level, so the logged lines are the same (request id, serializers, redaction) and a
 * request that logs nothing costs one small object.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilentOrString } from 'pino';

type LogMethod = (...args: unknown[]) => void;

/** Fastify's logger as pino makes it: with level checks and the level table. */
type ParentLogger = FastifyBaseLogger & {
  isLevelEnabled(level: LevelWithSilentOrString): boolean;
  levels?: { values: Record<string, number> };
};

/** The parent's numeric value of `level` (pino: trace 10 ... fatal 60, silent Infinity). */
function levelValue(parent: ParentLogger, level: LevelWithSilentOrString): number {
  return level === 'silent' ? Infinity : (parent.levels?.values[level] ?? 0);
}

/**
 * Stands in for `parent.child(bindings, options)` until a log call at an enabled level, a
 * level change or a `child` call needs the real child; from then on it hands every call to
 * that child.
 */
export class RequestLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as ParentLogger;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The real child, made on first use. */
  #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  /** True when a call at `level` would write: the route's own level, else the parent's. */
  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    if (this.#child) return (this.#child as ParentLogger).isLevelEnabled(level);
    const own = this.#options.level;
    if (own === undefined) return this.#parent.isLevelEnabled(level);
    return levelValue(this.#parent, level) >= levelValue(this.#parent, own);
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#made().level = level;
  }

  #log(level: Level, args: unknown[]) {
    if (this.#child || this.isLevelEnabled(level)) {
      (this.#made()[level] as unknown as LogMethod)(...args);
    }
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory` that gives each request a {@link RequestLogger} in place of
 * a pino child made up front.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
