/**
 * Health and configuration (the OpenAPI document), with liveness apart from readiness:
 *
 * - GET /health -> 200 {status: "ok", database: "pglite" | "postgres"}; 503
 *   `service_unavailable` when PostgreSQL does not answer, or while the disk is full
 *   (storage.ts). On PGlite it runs no query: the database lives in this process and its
 *   one connection queues every query, so a health query waited behind chat work (200 chat
 *   starts held it up to 5 s); the process answering is the proof of life.
 * - GET /health/live -> 200 {status: "ok"}: the process is up and its event loop turns.
 *   Nothing else is checked, so a database or Redis outage never gets a healthy process
 *   restarted (container HEALTHCHECK, Kubernetes liveness).
 * - GET /health/ready -> 200 {status: "ok", database, redis: "ok" | "off"}: what /health
 *   checks, plus a PING to Redis when REDIS_URL is set; 503 `service_unavailable` naming the
 *   dependency that is down (a load balancer's or orchestrator's readiness check).
 * - GET /config -> 200 {googleClientId, oidcProvider, aiProvider, addressSuggestions, version,
 *   business}: what the web app may turn on (external sign-in's client id and its provider's
 *   name and logo, or null) and the business's identity (docs/product.md#business-identity).
 * - GET /config/logo -> 200 the business's logo (BUSINESS_LOGO_PATH, PNG or JPEG, cached a
 *   day); 404 `not_found` when none is configured.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { ConfigResponse } from '@solar/domain/contract';
import type { BusinessIdentity, Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { DISK_FULL_MESSAGE, type StorageState } from './storage.ts';

/** Where the web app loads the configured logo (same origin: the page's CSP allows it). */
export const BUSINESS_LOGO_URL = '/api/v1/config/logo';

/** The business's identity as `GET /config` reports it: unset lines are null. */
export const businessSchema = z
  .object({
    name: z.string().describe('BUSINESS_NAME; "Solar" unless configured'),
    address: z.string().nullable(),
    phone: z.string().nullable().describe('As typed: digits, spaces and + ( ) - .'),
    email: z.string().nullable(),
    website: z.string().nullable().describe('An https URL'),
    legal: z.string().nullable().describe('Registration number, copyright line'),
    logoUrl: z
      .string()
      .nullable()
      .describe('Path of the logo image on this server (GET /config/logo); null: none'),
  })
  .describe("The business's name and contacts (footer, proposal, mail); unset lines are null");

/** `business` of `GET /config` for `identity`. */
export function businessInfo(identity: BusinessIdentity): z.infer<typeof businessSchema> {
  return {
    name: identity.name,
    address: identity.address ?? null,
    phone: identity.phone ?? null,
    email: identity.email ?? null,
    website: identity.website ?? null,
    legal: identity.legal ?? null,
    logoUrl: identity.logo ? BUSINESS_LOGO_URL : null,
  };
}

/**
 * The answer of `GET /config` for `config`: fixed for the life of the process (it is made
 * from the environment), so the web app's document carries it too (web-app.ts).
 */
export function publicConfig(config: Config): ConfigResponse {
  return {
    googleClientId: config.oidc?.clientId ?? null,
    oidcProvider: config.oidc
      ? { name: config.oidc.providerName, logo: config.oidc.isGoogle ? 'google' : null }
      : null,
    aiProvider: config.aiProvider,
    addressSuggestions: config.addressSuggestions,
    version: config.version,
    business: businessInfo(config.business),
  };
}

export interface HealthRoutesOptions {
  database: Database;
  config: Config;
  storage: StorageState;
  /** The shared Redis client when REDIS_URL is set (checked by /health/ready). */
  redis?: Redis | undefined;
}

/** The answer while Redis does not answer a PING (503 `service_unavailable`). */
export const REDIS_UNAVAILABLE_MESSAGE = 'Redis is not available. Please try again shortly.';

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, config, storage, redis },
) => {
  /** Throws the 503 of a full disk or a PostgreSQL that does not answer `select 1`. */
  const checkDatabase = async () => {
    if (storage.diskFull()) {
      throw new HttpError(503, 'service_unavailable', DISK_FULL_MESSAGE, {
        headers: { 'retry-after': '30' },
      });
    }
    try {
      // PostgreSQL: a connection of the pool, not shared with other requests' queries.
      if (database.kind === 'postgres') await database.db.execute(sql`select 1`);
    } catch {
      throw new HttpError(
        503,
        'service_unavailable',
        'The database is not available. Please try again shortly.',
      );
    }
  };

  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        operationId: 'getHealth',
        summary: 'Health: the process and its database',
        answers: { 200: { description: 'The process and its database answer' } },
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
        errors: [503],
      },
    },
    async () => {
      await checkDatabase();
      return { status: 'ok' as const, database: database.kind };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['meta'],
        operationId: 'getLiveness',
        summary: 'Liveness: the process answers (nothing else is checked)',
        answers: { 200: { description: 'The process answers' } },
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['meta'],
        operationId: 'getReadiness',
        summary: 'Readiness: the database and, when configured, Redis answer',
        answers: {
          200: {
            description: 'Ready for traffic: the database answers, and Redis when configured',
          },
        },
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            redis: z.enum(['ok', 'off']),
          }),
        },
        errors: [503],
      },
    },
    async () => {
      await checkDatabase();
      if (redis) {
        // The client fails fast (no offline queue, 0.5 s command timeout): a Redis that is
        // down or partitioned answers within that bound, never hangs the probe.
        try {
          await redis.ping();
        } catch {
          throw new HttpError(503, 'service_unavailable', REDIS_UNAVAILABLE_MESSAGE, {
            headers: { 'retry-after': '5' },
          });
        }
      }
      return {
        status: 'ok' as const,
        database: database.kind,
        redis: redis ? ('ok' as const) : ('off' as const),
      };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['meta'],
        operationId: 'getConfig',
        summary:
          'What the web app may turn on (external sign-in, AI provider, address suggestions, version) and the business it shows',
        answers: { 200: { description: 'The features this server offers' } },
        response: {
          200: z.object({
            googleClientId: z.string().nullable(),
            oidcProvider: z
              .object({ name: z.string(), logo: z.enum(['google']).nullable() })
              .nullable()
              .describe('External sign-in: the name its button shows; null when off'),
            aiProvider: z.string(),
            addressSuggestions: z
              .boolean()
              .describe('Whether GET /geo/suggest offers type-ahead (PHOTON_URL is set)'),
            version: z.string(),
            business: businessSchema,
          }),
        },
      },
    },
    async () => publicConfig(config),
  );

  app.get(
    '/config/logo',
    {
      schema: {
        tags: ['meta'],
        operationId: 'getBusinessLogo',
        summary: "The business's logo (BUSINESS_LOGO_PATH), PNG or JPEG",
        answers: {
          200: {
            description: 'The logo image, cached for a day',
            body: z.string().meta({ format: 'binary' }),
            contentType: 'image/png',
          },
        },
        errors: [404],
      },
    },
    async (_request, reply) => {
      const logo = config.business.logo;
      if (!logo) throw new HttpError(404, 'not_found', 'No logo is configured.');
      return reply
        .header('content-type', logo.type)
        .header('cache-control', 'public, max-age=86400')
        .header('content-length', String(logo.bytes.length))
        .send(logo.bytes);
    },
  );
};
