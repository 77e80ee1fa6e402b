/**
 * Server configuration from environment variables (docs/operations.md). Bad configuration throws a
 * ConfigError whose message is one clear line.
 */
import { z } from 'zod';
import { detectImageType } from '@solar/domain/validation';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const durationSeconds = z.coerce.number().int().positive();

/** proxy-addr's names for address ranges (loopback, link-local and private networks). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, `address/prefix` (CIDR) or `address/netmask`. */
function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: `true` (every hop: only when nothing can
 * reach the server but the proxy), `false`, or a comma-separated list of the proxies'
 * addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 * A hop count is refused with a line saying why: Fastify 5.12 ignores it (it cannot tell a
 * proxy from a direct client that sends its own X-Forwarded-For), so it would trust nothing
 * while looking configured.
 */
const trustProxySchema = z
  .string()
  .transform((value, context): boolean | string[] => {
    const text = value.trim().toLowerCase();
    if (text === 'true') return true;
    if (text === 'false') return false;
    if (/^\d+$/.test(text)) {
      context.addIssue({
        code: 'custom',
        message:
          'is a hop count, which Fastify does not honour (it cannot tell the proxy from a direct client): list the proxy addresses or CIDR ranges instead',
      });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `must be true, false, or a comma-separated list of addresses or CIDR ranges ('${bad.slice(0, 40)}' is none)`,
      });
      return z.NEVER;
    }
    return entries;
  })
  .default(false);

/** Google's issuer identifier: the OpenID provider when none is configured. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** True for a loopback host (`localhost`, 127.0.0.0/8, `[::1]`). */
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';

/**
 * An OpenID provider's issuer identifier (OpenID Connect Discovery 1.0, section 2): an https
 * URL without query or fragment; plain http only on a loopback host (a provider started on
 * this machine for development or tests). A trailing slash is dropped.
 */
const issuerSchema = z
  .url()
  .transform((value) => value.replace(/\/$/, ''))
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  }, 'must be an https:// URL (http:// only on localhost)')
  .refine((value) => !/[?#]/.test(value), 'must have no query or fragment');

/** A line of the business's identity as written: trimmed, one line, 1..`max` characters. */
const identityLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/[\r\n]/.test(value), 'must be one line');

/**
 * BUSINESS_PHONE as the business writes it ("+996 312 123 456", "(0312) 12-34-56"): digits,
 * spaces and `+ ( ) - .` only, an optional leading `+`, and 5..15 digits (ITU-T E.164 numbers
 * have at most 15). Shown as typed; the `tel:` link keeps the `+` and the digits.
 */
const phoneSchema = identityLine(30)
  .refine(
    (value) => /^\+?[\d\s().-]+$/.test(value),
    "must be a phone number: digits, spaces and '+ ( ) - .' only, '+' first if any",
  )
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 5 && digits <= 15;
  }, 'must have 5 to 15 digits');

/** Largest BUSINESS_LOGO_PATH file, bytes (a logo, not a photo). */
export const BUSINESS_LOGO_MAX_BYTES = 512 * 1024;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: durationSeconds.default(900),
  REFRESH_TOKEN_TTL: durationSeconds.default(30 * 24 * 3600),
  REFRESH_TOKEN_GRACE: z.coerce
    .number()
    .int()
    .min(0)
    .max(10, 'must be at most 10 seconds')
    .default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Solar <no-reply@solar.local>'),
  OIDC_ISSUER: issuerSchema.optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').optional(),
  SUPPORT_EMAIL: z.email('must be an email address').optional(),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  // The former names of OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_ISSUER, still read.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: issuerSchema.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  AI_PROVIDER: z.enum(['offline', 'openai-compatible']).default('offline'),
  TRUST_PROXY: trustProxySchema,
  METRICS: z.enum(['on', 'off']).default('off'),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  // Read by geo/routes.ts as well; here for `GET /config` (whether type-ahead exists).
  PHOTON_URL: z.url({ protocol: /^https?$/ }).optional(),
  // The business's identity (docs/product.md#business-identity).
  BUSINESS_NAME: identityLine(80).default('Solar'),
  BUSINESS_ADDRESS: identityLine(200).optional(),
  BUSINESS_PHONE: phoneSchema.optional(),
  BUSINESS_EMAIL: z.email('must be an email address').optional(),
  BUSINESS_WEBSITE: z
    .url({ protocol: /^https$/, error: 'must be an https:// URL' })
    .max(200, 'must be at most 200 characters')
    .optional(),
  BUSINESS_LEGAL: identityLine(200).optional(),
  BUSINESS_LOGO_PATH: z.string().min(1).optional(),
});

/** The environment variables this file reads (.env.example documents each one). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * The OpenID provider of external sign-in: `issuer` (no trailing slash), the client's id and
 * secret registered there, the name its button shows ("Continue with {providerName}") and
 * whether it is Google's (the button then shows Google's logo).
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
  isGoogle: boolean;
}

/**
 * The business that sells the systems, as every page footer, the proposal (page and PDF) and
 * every mail name it (docs/product.md#business-identity). Only `name` is always there
 * ("Solar" unless BUSINESS_NAME says otherwise); every other line is shown only when set,
 * never invented.
 */
export interface BusinessIdentity {
  /** BUSINESS_NAME, 1..80 characters; default "Solar". */
  name: string;
  /** BUSINESS_ADDRESS, one line of at most 200 characters. */
  address: string | undefined;
  /** BUSINESS_PHONE as typed (digits, spaces, `+ ( ) - .`; 5..15 digits). */
  phone: string | undefined;
  /** BUSINESS_EMAIL, lower-cased. */
  email: string | undefined;
  /** BUSINESS_WEBSITE, an https URL. */
  website: string | undefined;
  /** BUSINESS_LEGAL: registration number, "© 2026 …", one line of at most 200 characters. */
  legal: string | undefined;
  /**
   * BUSINESS_LOGO_PATH read at start: a PNG or JPEG of at most 512 KiB, served at
   * `GET /config/logo` and drawn on the proposal PDF; undefined: the product's mark.
   */
  logo: { bytes: Buffer; type: 'image/png' | 'image/jpeg' } | undefined;
}

/**
 * Reads BUSINESS_LOGO_PATH: the file's bytes and type, or a ConfigError saying why not
 * (missing, unreadable, over 512 KiB, not a PNG or JPEG by its first bytes).
 */
function readLogo(file: string): NonNullable<BusinessIdentity['logo']> {
  const where = path.resolve(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(where);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(
      `Invalid configuration: BUSINESS_LOGO_PATH cannot be read (${code}: ${where})`,
    );
  }
  if (bytes.length > BUSINESS_LOGO_MAX_BYTES) {
    throw new ConfigError(
      `Invalid configuration: BUSINESS_LOGO_PATH must be at most 512 KiB (${where} has ${bytes.length} bytes)`,
    );
  }
  const kind = detectImageType(bytes);
  if (kind !== 'png' && kind !== 'jpeg') {
    throw new ConfigError(
      `Invalid configuration: BUSINESS_LOGO_PATH must be a PNG or JPEG image (${where} is not)`,
    );
  }
  return { bytes, type: kind === 'png' ? 'image/png' : 'image/jpeg' };
}

/** The validated configuration. Durations are in seconds; paths are absolute. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * Seconds after a refresh token's rotation during which presenting it again answers the
   * same successor instead of counting as reuse (tabs refreshing at once); 0..10, default 10
   * (the OpenAPI document caps it at 10 s).
   */
  refreshTokenGrace: number;
  logLevel: string;
  /** The built web app to serve; undefined serves the API only. */
  webDist: string | undefined;
  version: string;
  /** SMTP server for mail (`smtp://user:pass@host:port`); undefined writes `.eml` files. */
  smtpUrl: string | undefined;
  /** The From header of every mail. */
  mailFrom: string;
  /**
   * How readers reach the business (SUPPORT_EMAIL): named in the account-safety mails and
   * the Reply-To of every mail; undefined: the mails point to PUBLIC_URL instead.
   */
  supportEmail: string | undefined;
  /**
   * A mail that could not be sent waits a random time up to base x 2^(attempts-1), capped
   * at maxMs (jobs/queue.ts), ms, and is given up after maxAttempts failures (about 6 h
   * of retries by default).
   */
  mailRetry: { baseMs: number; maxMs: number; maxAttempts: number };
  /** How often each process looks for jobs (mail, CRM) queued by another, ms. */
  jobsPollMs: number;
  /**
   * The OpenID provider of external sign-in (docs/decisions/030-external-identity-linking.md);
   * undefined turns it off (503, `/config` reports null, the web hides the button).
   */
  oidc: OidcSettings | undefined;
  /** Redis for the rate-limit counters; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /** Sign-in attempts per minute per client address and email; other limits scale from it. */
  authRateLimit: number;
  /**
   * Longest time a client may take to send a whole request (headers and body), ms; then
   * 408 and the connection is closed (slow bodies). Headers alone get at most
   * 60 s, or this when shorter.
   */
  requestTimeoutMs: number;
  /**
   * Whether a Photon-compatible service (PHOTON_URL) offers address suggestions while the
   * user types (`GET /geo/suggest`; docs/decisions/032-geocoding-providers-and-fallback-estimate.md).
   */
  addressSuggestions: boolean;
  /**
   * PostgreSQL: longest a statement may run (statement_timeout) and wait for an answer
   * (client-side, for a partition), ms; connecting or waiting for a free pooled connection
   * gets at most 5 s, or this when shorter. Either way the request is answered 503.
   */
  databaseTimeoutMs: number;
  /** The chat's model provider, reported by `/config`. */
  aiProvider: 'offline' | 'openai-compatible';
  /**
   * Fastify's `trustProxy`: which hops' X-Forwarded-For/-Proto/-Host to believe, so that
   * the client address (rate-limit buckets, logs) is the user's and not the proxy's.
   * false (default): none; true: every hop; a list: the proxies at those addresses.
   */
  trustProxy: boolean | string[];
  /**
   * Prometheus metrics at `/metrics` (metrics.ts): undefined when off (the default; the
   * path is then 404), else the bearer token a scrape must send (METRICS_TOKEN, required
   * with METRICS=on).
   */
  metricsToken: string | undefined;
  /**
   * Server processes (node:cluster workers) sharing the port: 1 (default) runs the server
   * in this process; more need DATABASE_URL (PGlite is one process; workers.ts).
   */
  workers: number;
  /** The business's name and contacts (BUSINESS_*; docs/product.md#business-identity). */
  business: BusinessIdentity;
}

/** Reads and validates the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      'Invalid configuration: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither',
    );
  }
  const clientId = e.OIDC_CLIENT_ID ?? e.GOOGLE_CLIENT_ID;
  const clientSecret = e.OIDC_CLIENT_SECRET ?? e.GOOGLE_CLIENT_SECRET;
  if ((clientId === undefined) !== (clientSecret === undefined)) {
    throw new ConfigError(
      'Invalid configuration: set both OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), or neither',
    );
  }
  const issuer = e.OIDC_ISSUER ?? e.GOOGLE_ISSUER ?? GOOGLE_ISSUER;
  if (e.METRICS === 'on' && e.METRICS_TOKEN === undefined) {
    throw new ConfigError(
      'Invalid configuration: METRICS=on needs METRICS_TOKEN (at least 32 characters), the bearer token Prometheus sends',
    );
  }
  if (e.WORKERS > 1 && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      `Invalid configuration: WORKERS=${e.WORKERS} needs DATABASE_URL (the embedded database is one process; unset WORKERS or use PostgreSQL)`,
    );
  }
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshTokenGrace: e.REFRESH_TOKEN_GRACE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST === undefined ? undefined : path.resolve(e.WEB_DIST),
    version: '0.1.0',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL?.toLowerCase(),
    mailRetry: {
      baseMs: e.MAIL_RETRY_BASE_MS,
      maxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_BASE_MS),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    jobsPollMs: e.JOBS_POLL_MS,
    oidc:
      clientId && clientSecret
        ? {
            issuer,
            clientId,
            clientSecret,
            providerName:
              e.OIDC_PROVIDER_NAME ?? (issuer === GOOGLE_ISSUER ? 'Google' : new URL(issuer).host),
            isGoogle: issuer === GOOGLE_ISSUER,
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    aiProvider: e.AI_PROVIDER,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS === 'on' ? e.METRICS_TOKEN : undefined,
    workers: e.WORKERS,
    addressSuggestions: e.PHOTON_URL !== undefined,
    business: {
      name: e.BUSINESS_NAME,
      address: e.BUSINESS_ADDRESS,
      phone: e.BUSINESS_PHONE,
      email: e.BUSINESS_EMAIL?.toLowerCase(),
      website: e.BUSINESS_WEBSITE,
      legal: e.BUSINESS_LEGAL,
      logo: e.BUSINESS_LOGO_PATH === undefined ? undefined : readLogo(e.BUSINESS_LOGO_PATH),
    },
  };
}
