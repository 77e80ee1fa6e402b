/**
 * GET /health -> 200 {status: "ok", database: "pglite" | "postgres"}; 503
 * `service_unavailable` when PostgreSQL does not answer, or while the disk is full
 * (storage.ts). On PGlite it runs no query: the database lives in this process and its one
 * connection queues every query, so a health query waited behind chat work (200 chat
 * starts held it up to 5 s, issue 20 item 12); the process answering is the proof of life.
 * GET /config -> 200 {googleClientId, aiProvider, version}: what the web app may turn on.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { DISK_FULL_MESSAGE, type StorageState } from './storage.ts';

export interface HealthRoutesOptions {
  database: Database;
  config: Config;
  storage: StorageState;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, config, storage },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async () => {
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
      return { status: 'ok' as const, database: database.kind };
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['meta'],
        response: {
          200: z.object({
            googleClientId: z.string().nullable(),
            aiProvider: z.string(),
            version: z.string(),
          }),
        },
      },
    },
    async () => ({
      googleClientId: config.google?.clientId ?? null,
      aiProvider: config.aiProvider,
      version: config.version,
    }),
  );
};
