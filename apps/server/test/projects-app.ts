/**
 * Apps for the projects, calculator and geo suites. `startPluginServer` is a real app: `buildApp` (auth, admin, error
 * handler, rate-limit plugin) on a fresh database, plus this folder's plugins under
 * /api/v1 when app.ts does not register them yet (so the suites run before and after the
 * lead wires them into app.ts). PGlite in memory always; PostgreSQL in a database of its
 * own with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { buildApp } from '../src/app.ts';
import { createErrorHandler } from '../src/errors.ts';
import { createStorageState } from '../src/health/storage.ts';
import { createAccountCache } from '../src/auth/account-cache.ts';
import { createAuthenticate } from '../src/auth/guard.ts';
import { createTokenService } from '../src/auth/tokens.ts';
import { calculatorRoutes } from '../src/calculator/routes.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { geoRoutes } from '../src/geo/routes.ts';
import { projectsRoutes } from '../src/projects/routes.ts';
import { ensureAdmin } from '../src/users/seed-admin.ts';
import { ADMIN, freshPostgres } from './harness.ts';

export { ADMIN, databaseKinds } from './harness.ts';

export interface PluginServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** `http://127.0.0.1:<port>` once `listen()` was called. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the app (see the file comment) on a fresh database of `kind` with the admin
 * seeded; `env` adds settings (GEOCODER_URL, PVGIS_URL, limits...). `listen` opens a real
 * port for the suites that need a socket.
 */
export async function startPluginServer(
  kind: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): Promise<PluginServer> {
  const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
  const database = await openDatabase(pgTarget?.target ?? { kind: 'memory' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-plugins-'));
  const settings = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', ...env };
  const config = loadConfig(settings);
  await ensureAdmin(database.db, ADMIN);
  const jwtSecret = randomBytes(32).toString('hex');
  const fullEnv = { ...process.env, ...settings };
  const app = await buildApp({ config, database, jwtSecret, logger: false, env: fullEnv });
  const authenticate = createAuthenticate(
    createAccountCache(database.db),
    createTokenService(jwtSecret, config.accessTokenTtl),
  );
  const missing = (url: string, method: 'GET' | 'POST' = 'GET') =>
    !app.hasRoute({ method, url: `/api/v1${url}` });
  await app.register(
    async (api) => {
      if (missing('/projects')) {
        await api.register(projectsRoutes, { db: database.db, authenticate, env: fullEnv });
      }
      if (missing('/geo/search')) await api.register(geoRoutes, { env: fullEnv });
      if (missing('/calculator/bill-extract', 'POST')) {
        await api.register(calculatorRoutes, { env: fullEnv });
      }
    },
    { prefix: '/api/v1' },
  );
  let origin = '';
  if (options.listen) {
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  } else {
    await app.ready();
  }
  return {
    app,
    database,
    get origin() {
      return origin;
    },
    async close() {
      await app.close();
      await database.close();
      await pgTarget?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON calls through inject: the shared helper of the server suites. */
import { call as api, type JsonAnswer } from './helpers.ts';

export { api };
export type Answer = JsonAnswer;

let counter = 0;

/** Signs in; fails the test on anything but 200. Returns the token and user id. */
export async function signIn(
  server: PluginServer,
  credentials: { email: string; password: string },
): Promise<{ token: string; userId: string }> {
  const answer = await api(server, 'POST', '/auth/email/signin', { body: credentials });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { token: answer.body.token, userId: answer.body.user.id };
}

/**
 * A signed-in user of `userType` (0 Admin .. 6 Supplier; docs/product.md#roles-and-permissions),
 * created by the admin over HTTP.
 */
export async function userOfType(
  server: PluginServer,
  userType: number,
): Promise<{ token: string; userId: string; email: string }> {
  const admin = await signIn(server, ADMIN);
  counter += 1;
  const email = `type${userType}.${Date.now().toString(36)}.${counter}@example.com`;
  const password = 'Secret123';
  const created = await api(server, 'POST', '/admin/users', {
    token: admin.token,
    body: { name: 'Test User', email, password, userType, emailConfirmed: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...(await signIn(server, { email, password })), email };
}

/** A started light server: inject through `app`, or call `origin` over a socket. */
export interface LightServer {
  app: FastifyInstance;
  origin: string;
  close(): Promise<void>;
}

/**
 * A database-free app: zod compilers, the app's own error handler (errors.ts) and, under /api/v1,
 * the plugins registered by `register` (which gets the environment). `listen` opens a port.
 */
export async function startLightServer(
  register: (api: FastifyInstance, env: Record<string, string | undefined>) => Promise<void>,
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): Promise<LightServer> {
  const app = Fastify({ logger: false, bodyLimit: 100 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(createErrorHandler(createStorageState()));
  const fullEnv = { ...process.env, ...env };
  await app.register(async (api) => register(api, fullEnv), { prefix: '/api/v1' });
  const origin = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  if (!options.listen) await app.ready();
  return { app, origin, close: () => app.close() };
}

/** The geo plugin alone on a light server. */
export const startGeoServer = (env: Record<string, string> = {}) =>
  startLightServer(async (api, fullEnv) => {
    await api.register(geoRoutes, { env: fullEnv });
  }, env);

/** The calculator plugin alone on a light server (`listen` for socket-level tests). */
export const startCalculatorServer = (env: Record<string, string> = {}, listen = false) =>
  startLightServer(
    async (api, fullEnv) => {
      await api.register(calculatorRoutes, { env: fullEnv });
    },
    env,
    { listen },
  );
