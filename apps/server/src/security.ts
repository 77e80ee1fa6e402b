/**
 * Protection of the HTTP surface (issue 4, "Protection"): security headers with a strict
 * Content-Security-Policy for the served web app (helmet), and rate limits on the auth
 * calls (@fastify/rate-limit; counters in memory, or in Redis when `REDIS_URL` is set).
 * 429 answers carry `{message, code: "rate_limited"}` and `Retry-After` in seconds.
 */
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { apiMessages } from '@solar/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { HttpError } from './http-errors.ts';

/**
 * The Content-Security-Policy of the web app: scripts only from this origin (and Google's
 * sign-in script when Google is configured); no inline scripts, objects, framing or base
 * changes. Styles allow inline `style` attributes, which React and the component library
 * set. Images may come from OpenStreetMap tiles and Google profile pictures.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = config.google ? ['https://accounts.google.com'] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...google.map((g) => `${g}/gsi/client`)],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...google.map((g) => `${g}/gsi/style`)],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.openstreetmap.org',
      'https://tile.openstreetmap.org',
      'https://*.googleusercontent.com',
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google.map((g) => `${g}/gsi/`)],
    'frame-src': [...(google.length ? google.map((g) => `${g}/gsi/`) : ["'none'"])],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
  };
}

/**
 * The Content-Security-Policy of API answers (JSON, event streams): they load nothing and
 * may not be framed (OWASP REST Security Cheat Sheet). Swagger UI under /api/v1/docs sends
 * its own policy.
 */
export const API_CONTENT_SECURITY_POLICY = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The headers a helmet middleware sets, read once from a stand-in response: helmet's
 * headers do not depend on the request (the policies here have no nonces), so every answer
 * can get the same list without running helmet's chain of middlewares again.
 */
export function helmetHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  middleware({} as never, response as never, () => {});
  return headers;
}

/**
 * Sets helmet's headers on every answer: the web app's policy above on documents, the short
 * API policy on /api/ (no upgrade-insecure-requests: local runs are plain HTTP). helmet runs
 * once per policy at start-up and its headers are copied onto each answer (issue 10,
 * `/auth/me` throughput: rebuilding or re-running the middlewares on every request cost a
 * noticeable share of an API request's time); the short API policy also spares every JSON
 * answer half a kilobyte.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const options = (directives: Record<string, string[]>) =>
    helmetHeaders(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives },
        // The Google sign-in popup talks back to its opener.
        crossOriginOpenerPolicy: {
          policy: config.google ? 'same-origin-allow-popups' : 'same-origin',
        },
        crossOriginEmbedderPolicy: false,
      }),
    );
  const documentHeaders = options(contentSecurityPolicy(config));
  const apiHeaders = options(API_CONTENT_SECURITY_POLICY);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith('/api/') ? apiHeaders : documentHeaders;
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with
 * `config: { rateLimit: limits.x }`. With `REDIS_URL` the counters live in Redis so that
 * several server processes share them.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  let redis: unknown;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    const client = new Redis(config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      lazyConnect: false,
    });
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    redis = client;
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis: redis as never, nameSpace: 'solar-rl:' } : {}),
    // A broken limiter store must not lock everyone out.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, 'rate_limited', apiMessages.rateLimited.defaultMessage, {
        headers: { 'retry-after': String(seconds) },
      });
    },
  });
}

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * The auth calls' limits. `n` is `AUTH_RATE_LIMIT` (default 10): sign-in n per minute per
 * client address and email; sign-up n per 10 minutes per address; forgot ceil(n/2) per
 * 15 minutes per address and email; refresh 6n per minute per address; reset, verify and
 * Google sign-in n per minute per address.
 */
export function authRateLimits(
  config: Config,
): Record<'signIn' | 'signUp' | 'forgot' | 'refresh' | 'token', RateLimitOptions> {
  const n = config.authRateLimit;
  const byAddressAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`;
  return {
    signIn: { max: n, timeWindow: 60_000, hook: 'preHandler', keyGenerator: byAddressAndEmail },
    signUp: { max: n, timeWindow: 10 * 60_000 },
    forgot: {
      max: Math.ceil(n / 2),
      timeWindow: 15 * 60_000,
      hook: 'preHandler',
      keyGenerator: byAddressAndEmail,
    },
    refresh: { max: 6 * n, timeWindow: 60_000 },
    token: { max: n, timeWindow: 60_000 },
  };
}
