/**
 * Builds the Fastify application: /api/v1 (JSON, the contract's error shape, OpenAPI at
 * /api/v1/openapi.json and /api/v1/docs) and, when a web build is given, the single-page
 * app with history fallback (200 for a route of the app, 404 with the same document for any
 * other path). Every answer carries its `X-Request-Id` (request-id.ts); TRUST_PROXY decides
 * the client address; METRICS=on adds /metrics (metrics.ts). It does not listen; main.ts
 * and the tests do.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import path from 'node:path';
import { createAccountMail } from './auth/account-mail.ts';
import { createMailCap, recipientMailLimit } from './auth/mail-cap.ts';
import { createOidcClient } from './auth/oidc.ts';
import {
  ACCOUNT_CACHE_TTL_MS,
  createAccountCache,
  HEARD_ACCOUNT_CACHE_TTL_MS,
} from './auth/account-cache.ts';
import { listenForAccountChanges, type AccountChangeListener } from './auth/account-changes.ts';
import { createAuthenticate } from './auth/guard.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { loadCalculatorConfig } from './calculator/config.ts';
import { createProductionService } from './calculator/production.ts';
import { calculatorRoutes } from './calculator/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { registerCrm, type Crm } from './crm/crm.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { jobAdminRoutes } from './jobs/routes.ts';
import { geoRoutes } from './geo/routes.ts';
import { projectsRoutes } from './projects/routes.ts';
import { proposalRoutes } from './proposal/routes.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { healthRoutes, publicConfig } from './health/routes.ts';
import { createStorageState } from './health/storage.ts';
import { createErrorHandler } from './errors.ts';
import { logOptions, RequestLog } from './logging.ts';
import type { Metrics } from './metrics.ts';
import { openApiComponents, openApiTransform, openApiTransformObject } from './openapi.ts';
import { openRateLimitRedis } from './rate-limit-store.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';
import {
  createOutboxMailer,
  createSmtpMailer,
  SMTP_SEND_MAX_MS,
  type Mailer,
} from './mail/mailer.ts';
import { createMailOutbox } from './mail/outbox.ts';
import {
  documentSecurityHeaders,
  isDocument,
  registerRateLimits,
  registerSecurityHeaders,
} from './security.ts';
import { adminUserRoutes } from './users/admin-routes.ts';
import { userHistoryRoutes } from './users/history-routes.ts';
import { savedViewRoutes } from './saved-views/routes.ts';
import { registerWebApp } from './web-app.ts';

export { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, validationErrors } from './errors.ts';
export { errorForLog, redactUrl } from './logging.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail: `settle` resolves once no mail is due or being sent in this process. */
    accountMail: { settle(): Promise<void> };
    /** The one job queue (jobs/queue.ts): mail and CRM jobs, run by this process's worker. */
    jobs: JobQueue;
    /** The CRM link (crm/crm.ts), undefined when PIPEDRIVE_API_TOKEN is unset. */
    crm: Crm | undefined;
  }
}

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
    // One line per request, when it ends (logging.ts).
    logController: new RequestLog(),
    bodyLimit: 100 * 1024,
    // TRUST_PROXY: whose X-Forwarded-For to believe for request.ip (rate limits, logs).
    trustProxy: config.trustProxy,
    // X-Request-Id is read (bounded: request-id.ts) by genReqId, never taken raw.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A request (headers and body) must arrive within requestTimeoutMs, or it is answered
    // 408 and the socket closed: a body trickled a byte a second cannot hold a connection.
    // Node checks pending requests every connectionsCheckingInterval.
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every answer, errors and 404s included, names its request id; except the web build's
  // hashed files (/assets/), which carry only the headers that matter for a file
  // (about 50 bytes on each of some 35 files a page loads).
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

  app.setErrorHandler(createErrorHandler(storage));

  registerSecurityHeaders(app);
  const documentHeaders = documentSecurityHeaders();
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
    transformObject: openApiTransformObject,
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
  const sender = { from: config.mailFrom, replyTo: config.supportEmail };
  const transport =
    mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, sender)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), sender, app.log));
  // One job queue for mail and the CRM: its worker starts when the app is ready and stops
  // (running jobs aborted, due again at once) before the transport and the database close.
  const jobs = createJobQueue({ db: database.db, pollMs: config.jobsPollMs, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport.close();
  });
  // The cap on link mails per recipient (auth/mail-cap.ts): counted by the requests that can
  // answer 429, and by the mail jobs for the rest (forgot-password, sign-up).
  const mailCap = createMailCap(recipientMailLimit(config.authRateLimit), redis);
  const outbox = createMailOutbox(jobs, {
    mailCap,
    db: database.db,
    mailer: transport,
    contact: {
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
      business: config.business,
    },
    retry: config.mailRetry,
    leaseMs: SMTP_SEND_MAX_MS + 60_000,
  });
  const mail = createAccountMail(outbox);
  app.decorate('accountMail', { settle: () => outbox.settle() });
  const oidc = config.oidc ? createOidcClient(config.oidc) : undefined;
  // PIPEDRIVE_API_TOKEN set: pipeline changes queue CRM jobs, run by this process's worker.
  const crm = registerCrm(app, { db: database.db, env, queue: jobs, accounts });

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
        oidc,
        refreshSecret: jwtSecret,
        now,
        mailCap,
      });
      await api.register(adminUserRoutes, { db: database.db, authenticate, accounts, mail });
      await api.register(auditRoutes, { db: database.db, authenticate });
      await api.register(userHistoryRoutes, { db: database.db, authenticate });
      await api.register(savedViewRoutes, { db: database.db, authenticate });
      await api.register(jobAdminRoutes, { db: database.db, authenticate, queue: jobs });
      await api.register(chatRoutes, {
        db: database.db,
        authenticate,
        env,
        metrics: metrics?.sources,
        redis,
      });
      await api.register(projectsRoutes, {
        db: database.db,
        authenticate,
        env,
        redis,
        mail: outbox,
        listeners: crm ? [crm.listener] : [],
      });
      // One PVGIS client and cache for the full calculator and the proposal PDF.
      const production = createProductionService(loadCalculatorConfig(env).pvgis, (error) =>
        app.log.warn({ reason: error.message }, 'PVGIS failed; using the estimate'),
      );
      await api.register(proposalRoutes, {
        db: database.db,
        authenticate,
        env,
        production,
        issuer: config.business,
      });
      await api.register(geoRoutes, { env, redis });
      await api.register(calculatorRoutes, { env, metrics: metrics?.sources, production });
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
          // The page's asset links are absolute under the API's prefix, so the README's
          // /api/v1/docs (no trailing slash) renders too (@fastify/swagger-ui: indexPrefix).
          indexPrefix: '/api/v1',
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

  if (config.webDist) {
    await registerWebApp(app, config.webDist, {
      documentHeaders,
      publicConfig: publicConfig(config),
    });
  }

  return app;
}
