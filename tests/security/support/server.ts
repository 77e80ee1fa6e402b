/**
 * The security suites' server: the real app (apps/server buildApp) in process on an
 * in-memory PGlite (or on a fresh PostgreSQL database of its own), with a JWT secret the
 * suite knows (to forge expired, foreign-key and `alg: none` tokens), local fakes of the
 * geocoder and PVGIS, one signed-in user per role,
 * and helpers to count every table's rows and to remember every answer's body (so a suite
 * can prove no password hash ever left the server).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLE_KEYS, roleToUserType, type RoleKey } from '../../../packages/domain/src/index.ts';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../../apps/server/src/db/database.ts';
import { ensureAdmin } from '../../../apps/server/src/users/seed-admin.ts';
import { freshPostgres } from '../../../apps/server/test/harness.ts';
import {
  startFakeNominatim,
  startFakePhoton,
  startFakePvgis,
  type FakeService,
} from '../../../apps/server/test/geo-fakes.ts';

export const ADMIN = { email: 'admin@security.test', password: 'Admin12345' } as const;
/** The password of every per-role user the harness creates. */
export const USER_PASSWORD = 'Secret123';

/** One answer: status, headers and the body (parsed JSON when it is JSON, else text). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  raw: string;
}

/** A signed-in user of one role. */
export interface RoleUser {
  role: RoleKey;
  id: string;
  email: string;
  token: string;
  refreshToken: string;
}

export interface SecurityServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  jwtSecret: string;
  /** Every raw answer body seen by `call`, for the "no password hash leaves" check. */
  seenBodies: string[];
  call(
    method: string,
    url: string,
    options?: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      rawBody?: string | Buffer;
    },
  ): Promise<Answer>;
  /** Signs in; throws unless 200. */
  signIn(email: string, password: string): Promise<RoleUser>;
  /** Creates a user of `role` through the admin API and signs them in. */
  createUser(role: RoleKey, name?: string): Promise<RoleUser>;
  /** Row count of every table in the public schema, in one query, once the mail queue is idle. */
  rowCounts(): Promise<Record<string, number>>;
  /** Puts project `id` straight into pipeline `status` (set-up only: no history, no audit). */
  setProjectStatus(id: string, status: string): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
/** A fresh email address. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@security.test`;
}

/**
 * Starts the app (see the file comment). Every rate limit is raised so that suites may
 * call freely, unless `env` sets it. `kind` 'postgres' needs TEST_DATABASE_URL; its
 * database is dropped by `close`.
 */
export async function startSecurityServer(
  env: Record<string, string> = {},
  kind: 'pglite' | 'postgres' = 'pglite',
): Promise<SecurityServer> {
  const fakes: FakeService[] = [
    await startFakeNominatim(),
    await startFakePvgis(),
    await startFakePhoton(),
  ];
  const [nominatim, pvgis, photon] = fakes as [FakeService, FakeService, FakeService];
  const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
  const database = await openDatabase(pgTarget?.target ?? { kind: 'memory' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-security-'));
  const settings: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    CHAT_RATE_LIMIT: '100000',
    PROJECTS_RATE_LIMIT: '100000',
    GEO_RATE_LIMIT: '100000',
    PRODUCTION_RATE_LIMIT: '100000',
    BILL_EXTRACT_RATE_LIMIT: '100000',
    AI_STREAM_DELAY_MS: '0',
    GEOCODER_URL: nominatim.url,
    GEOCODER_MIN_INTERVAL_MS: '0',
    GEOCODER_MAX_WAITING: '1000',
    PHOTON_URL: photon.url,
    PVGIS_URL: pvgis.url,
    ...env,
  };
  const config = loadConfig(settings);
  await ensureAdmin(database.db, ADMIN);
  const jwtSecret = randomBytes(32).toString('hex');
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    logger: false,
    env: { ...process.env, ...settings },
  });
  await app.ready();
  const seenBodies: string[] = [];

  const call: SecurityServer['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = {
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    };
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (options.body !== undefined && !('content-type' in headers)) {
      headers['content-type'] = 'application/json';
    }
    const response = await app.inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const raw = response.body;
    seenBodies.push(raw);
    let body: unknown = raw;
    if (String(response.headers['content-type'] ?? '').includes('application/json') && raw) {
      body = JSON.parse(raw);
    }
    return { status: response.statusCode, headers: response.headers, body, raw };
  };

  const signIn: SecurityServer['signIn'] = async (email, password) => {
    const answer = await call('POST', '/auth/email/signin', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`sign-in ${email}: ${answer.status} ${answer.raw}`);
    return {
      role: answer.body.user.role,
      id: answer.body.user.id,
      email,
      token: answer.body.token,
      refreshToken: answer.body.refreshToken,
    };
  };

  let adminToken: string | undefined;
  const createUser: SecurityServer['createUser'] = async (role, name = `User ${role}`) => {
    adminToken ??= (await signIn(ADMIN.email, ADMIN.password)).token;
    const email = uniqueEmail(role);
    const created = await call('POST', '/admin/users', {
      token: adminToken,
      body: {
        name,
        email,
        password: USER_PASSWORD,
        userType: roleToUserType(role),
        emailConfirmed: true,
      },
    });
    if (created.status !== 201) throw new Error(`create ${role}: ${created.raw}`);
    return signIn(email, USER_PASSWORD);
  };

  const rowCounts = async () => {
    // Mail jobs write their tokens after the answer: count once the queue is idle.
    await app.accountMail.settle();
    const client = (database.db as unknown as { $client: { query(sql: string): Promise<unknown> } })
      .$client;
    const tables = (await client.query(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )) as { rows: { table_name: string }[] };
    const names = tables.rows.map((r) => r.table_name);
    const sql = `select ${names.map((n) => `(select count(*)::int from "${n}") as "${n}"`).join(', ')}`;
    const result = (await client.query(sql)) as { rows: Record<string, number>[] };
    return result.rows[0]!;
  };

  const setProjectStatus = async (id: string, status: string) => {
    const client = (
      database.db as unknown as {
        $client: { query(sql: string, params: unknown[]): Promise<unknown> };
      }
    ).$client;
    await client.query('update projects set status = $1 where id = $2', [status, id]);
  };

  return {
    app,
    database,
    config,
    jwtSecret,
    seenBodies,
    call,
    signIn,
    createUser,
    rowCounts,
    setProjectStatus,
    async close() {
      await app.close();
      await database.close();
      await pgTarget?.drop();
      await Promise.all(fakes.map((fake) => fake.close()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** One signed-in user for every role (the seeded admin for `admin`). */
export async function usersByRole(server: SecurityServer): Promise<Record<RoleKey, RoleUser>> {
  const entries: [RoleKey, RoleUser][] = [];
  for (const role of ROLE_KEYS) {
    entries.push([
      role,
      role === 'admin'
        ? await server.signIn(ADMIN.email, ADMIN.password)
        : await server.createUser(role),
    ]);
  }
  return Object.fromEntries(entries) as Record<RoleKey, RoleUser>;
}

const b64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 JWT over `payload` signed with `secret` (or the given header, e.g. alg none). */
export function forgeJwt(
  payload: Record<string, unknown>,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const unsigned = `${b64url(header)}.${b64url(payload)}`;
  if (header.alg === 'none') return `${unsigned}.`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** The claims of a signed-in user's access token, as the server writes them. */
export function claimsOf(user: RoleUser, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: user.id,
    email: user.email,
    name: 'x',
    picture: null,
    role: user.role,
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}
