/**
 * Builds the Fastify application: /api/v1 (JSON, the contract's error shape, OpenAPI at
 * /api/v1/openapi.json and /api/v1/docs) and, when a web build is given, the single-page
 * app with history fallback (200 for a route of the app, 404 with the same document for any
 * other path). Every answer carries its `X-Request-Id` (request-id.ts); TRUST_PROXY decides
 * the client address; METRICS=on adds /metrics (metrics.ts). It does not listen; main.ts
 * and the tests do.
 */
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { apiMessages, matchRoute, messageText, validationMessages } from '@solar/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { stdSerializers } from 'pino';
import path from 'node:path';
import { createAccountMail } from './auth/account-mail.ts';
import { createGoogleClient } from './auth/google.ts';
import {
  ACCOUNT_CACHE_TTL_MS,
  createAccountCache,
  HEARD_ACCOUNT_CACHE_TTL_MS,
} from './auth/account-cache.ts';
import { listenForAccountChanges, type AccountChangeListener } from './auth/account-changes.ts';
import { createAuthenticate } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { calculatorRoutes } from './calculator/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { geoRoutes } from './geo/routes.ts';
import { projectsRoutes } from './projects/routes.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { healthRoutes } from './health/routes.ts';
import { createStorageState, DISK_FULL_MESSAGE, isDiskFull } from './health/storage.ts';
import { HttpError } from './http-errors.ts';
import type { Metrics } from './metrics.ts';
import { openApiComponents, openApiTransform } from './openapi.ts';
import { openRateLimitRedis } from './rate-limit-store.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import {
  API_SECURITY_HEADERS,
  documentSecurityHeaders,
  isDocument,
  registerRateLimits,
  registerSecurityHeaders,
} from './security.ts';
import { adminUserRoutes } from './users/admin-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account mail queue: `settle` resolves once every queued mail job has finished. */
    accountMail: { settle(): Promise<void> };
  }
}

/** Cache-Control of the web build's content-hashed files (/assets/...). */
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** Cache-Control of the web files whose names do not change (index.html and the like). */
const REVALIDATE = 'no-cache';

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The process environment, for modules that read their own settings (chat). */
  env?: Record<string, string | undefined>;
  /** Pino options merged over the defaults, or false to silence logs (tests). */
  logger?: false | Record<string, unknown>;
  /** Replaces the mail transport chosen from the configuration (SMTP or outbox). */
  mailer?: Mailer;
  /** The clock of the access and refresh tokens, epoch ms (default Date.now; tests). */
  now?: () => number;
}

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
 * the database could not be reached: such a request is answered 503, not 500
 * (issue 11, "Database outage"); the pool reconnects by itself on a later request.
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

/** The request as logged: method, redacted URL, host and client address. */
function requestForLog(request: { method: string; url: string; host?: string; ip?: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * An error as logged: pino's standard form without what a failed query carries of the
 * data. Drizzle puts the query's parameters (emails, password hashes) in its message and
 * a `params` field, and PostgreSQL's `detail` can hold the failing row; the message keeps
 * the query text and the database's own message, the rest is left out.
 */
export function errorForLog(error: unknown): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  let text = (value: unknown) => value;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
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
function logOptions(config: Config) {
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

/**
 * Builds the app (see the file comment). `logger: false` silences it; an object is merged
 * over the default pino options (so redaction stays).
 */
export async function buildApp({
  config,
  database,
  jwtSecret,
  logger,
  env = process.env,
  mailer,
  now = Date.now,
}: AppDeps): Promise<FastifyInstance> {
  const logging = logger === undefined || typeof logger === 'object';
  const app = Fastify({
    logger: logging ? { ...logOptions(config), ...(logger ?? {}) } : logger,
    bodyLimit: 100 * 1024,
    // TRUST_PROXY: whose X-Forwarded-For to believe for request.ip (rate limits, logs).
    trustProxy: config.trustProxy,
    // X-Request-Id is read (bounded: request-id.ts) by genReqId, never taken raw.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A request (headers and body) must arrive within requestTimeoutMs, or it is answered
    // 408 and the socket closed: a body trickled a byte a second cannot hold a connection
    // (issue 20). Node checks pending requests every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every answer, errors and 404s included, names its request id; except the web build's
  // hashed files (/assets/), which carry only the headers that matter for a file (issue 19:
  // about 50 bytes on each of some 35 files a page loads).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/assets/')) reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  // A full disk: writes are 503 with the reason and health degrades until a write succeeds.
  const storage = createStorageState();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      storage.reportWrite();
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
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
  });

  registerSecurityHeaders(app);
  const documentHeaders = documentSecurityHeaders(config);
  // METRICS=on: every route measured (registered before them), /metrics behind its token.
  // prom-client is loaded only then: a server without metrics does not pay for it at start.
  let metrics: Metrics | undefined;
  if (config.metricsToken) {
    const { createMetrics, registerMetrics } = await import('./metrics.ts');
    metrics = createMetrics();
    if (database.poolStats) metrics.sources.databasePool = database.poolStats;
    registerMetrics(app, metrics, config.metricsToken);
  }
  // One fail-fast Redis client (REDIS_URL) for the rate-limit counters and /health/ready.
  const redis = config.redisUrl ? await openRateLimitRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await registerRateLimits(app, redis);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Solar API',
        version: config.version,
        description:
          'The API of Solar (quick and full solar estimates, the AI solar assistant, user administration). Errors are `{message, code, errors?}` with a stable `code`.',
        license: { name: 'Solar terms of use', url: `${config.publicUrl}/terms` },
      },
      servers: [{ url: '/api/v1' }],
      // zod's JSON Schema type is not openapi-types' SchemaObject; the shapes agree.
      components: openApiComponents as never,
    },
    transform: openApiTransform,
  });

  const tokens = createTokenService(jwtSecret, config.accessTokenTtl, now);
  // PGlite belongs to this one process, and every write here clears the cached row: its
  // rows never go stale. On PostgreSQL another server may write: its changes are heard
  // (LISTEN, account-changes.ts), or while they are not, rows are re-read after the TTL.
  let changes: AccountChangeListener | undefined;
  const accounts = createAccountCache(database.db, {
    ttlMs:
      database.kind === 'pglite'
        ? Infinity
        : () => (changes?.listening ? HEARD_ACCOUNT_CACHE_TTL_MS : ACCOUNT_CACHE_TTL_MS),
  });
  if (database.url) {
    changes = await listenForAccountChanges(database.url, accounts, app.log);
    const listener = changes;
    app.addHook('onClose', async () => listener.close());
  }
  const authenticate = createAuthenticate(accounts, tokens);
  const transport =
    mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  app.addHook('onClose', async () => transport.close());
  const mail = createAccountMail(transport, app.log);
  app.decorate('accountMail', { settle: () => mail.settle() });
  const google = config.google ? createGoogleClient(config.google) : undefined;

  await app.register(
    async (api) => {
      // The API speaks JSON (and multipart where a route registers it): text is 415.
      api.removeContentTypeParser('text/plain');
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({
          message: `No such endpoint: ${request.method} ${request.url}`,
          code: 'not_found',
        }),
      );
      await api.register(healthRoutes, { database, config, storage, redis });
      await api.register(authRoutes, {
        db: database.db,
        tokens,
        config,
        authenticate,
        accounts,
        mail,
        google,
        refreshSecret: jwtSecret,
        now,
      });
      await api.register(adminUserRoutes, {
        db: database.db,
        authenticate,
        accounts,
        mail,
        publicUrl: config.publicUrl,
      });
      await api.register(chatRoutes, {
        db: database.db,
        authenticate,
        env,
        metrics: metrics?.sources,
        redis,
      });
      await api.register(projectsRoutes, { db: database.db, authenticate, env, redis });
      await api.register(geoRoutes, { env });
      await api.register(calculatorRoutes, { env, metrics: metrics?.sources });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(async (docs) => {
        // The docs' pages get the document headers; Swagger UI's own hook then replaces
        // the policy with its own.
        docs.addHook('onSend', (_request, reply, payload, done) => {
          if (isDocument(reply.getHeader('content-type'))) {
            for (const [name, value] of documentHeaders) reply.header(name, value);
          }
          done(null, payload);
        });
        await docs.register(fastifySwaggerUi, {
          routePrefix: '/docs',
          // Swagger UI has inline scripts: it sends its own CSP with their hashes. It also
          // sets inline styles, and local runs are plain HTTP (no upgrade).
          staticCSP: true,
          transformStaticCSP: (header) =>
            header
              .replace(/\s*upgrade-insecure-requests;?/, '')
              .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
        });
      });
    },
    { prefix: '/api/v1' },
  );

  const webDist = config.webDist;
  if (webDist && existsSync(webDist)) {
    // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts); they
    // are sent to clients that accept them. Files under /assets/ carry a content hash in
    // their names, so they never change: browsers keep them for a year without asking
    // again, and they carry only the headers that matter for such a file (type, length,
    // caching, encoding, nosniff): no validators or byte ranges, which an immutable script
    // never uses (issue 19: some 35 files load on a first visit). Anything else
    // (index.html, favicon, manifest) is revalidated on every use, with its validators.
    // Documents (HTML) get the full set of security headers; every other file only
    // `nosniff` (set on every answer by registerSecurityHeaders).
    const assetsDir = path.join(webDist, 'assets');
    if (existsSync(assetsDir)) {
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        decorateReply: false,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders: (reply) => reply.header('cache-control', IMMUTABLE_ASSET),
      });
    }
    await app.register(fastifyStatic, {
      root: webDist,
      globIgnore: ['assets/**'],
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', REVALIDATE);
        // Precompressed files are sent from index.html.br or .gz: the document is the same.
        if (/\.html(\.(br|gz))?$/.test(filePath)) {
          for (const [name, value] of documentHeaders) reply.header(name, value);
        }
      },
    });
    // History fallback: any GET that is not an API call or a file is the single-page app.
    // A path that is no route of the app (the route table the web router uses, spec
    // section 2) gets the document too, so the app shows its not-found screen, with 404.
    app.setNotFoundHandler((request, reply) => {
      if (request.method === 'GET' && !request.url.startsWith('/api/')) {
        const status = matchRoute(request.url).id === 'notFound' ? 404 : 200;
        return reply.code(status).type('text/html').sendFile('index.html');
      }
      for (const [name, value] of API_SECURITY_HEADERS) reply.header(name, value);
      return reply.code(404).send({ message: 'Not found', code: 'not_found' });
    });
    // The web app's page, not an API operation: kept out of the OpenAPI document.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').sendFile('index.html'),
    );
  }

  return app;
}
