/**
 * GET /health -> 200 {status: "ok", database: "pglite" | "postgres"} once the database answers.
 * GET /config -> 200 {googleClientId, aiProvider, version}: what the web app may turn on.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';

export interface HealthRoutesOptions {
  database: Database;
  config: Config;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { database, config },
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
      try {
        await database.db.execute(sql`select 1`);
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
