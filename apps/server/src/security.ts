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
 * may not be framed (OWASP REST Security Cheat Sheet).
 */
export const API_CONTENT_SECURITY_POLICY = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The headers a helmet middleware sets, read once from a stand-in response: helmet's
 * headers do not depend on the request (the policies here have no nonces), so every answer
 * can get the same list without running helmet's chain of middlewares again. Names are
 * lower-case, as HTTP/2 requires and Node stores them.
 */
export function helmetHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  middleware({} as never, response as never, () => {});
  return headers;
}

/**
 * The security headers of the web app's documents and files: helmet's full set with the
 * web app's policy (contentSecurityPolicy above). The Google sign-in popup talks back to
 * its opener, so the opener policy allows popups when Google is configured.
 */
export function documentSecurityHeaders(config: Config): [string, string][] {
  return helmetHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      crossOriginOpenerPolicy: {
        policy: config.google ? 'same-origin-allow-popups' : 'same-origin',
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
}

/**
 * The security headers of API answers, the OWASP REST Security Cheat Sheet's list:
 * `Cache-Control: no-store` (answers carry account data: no shared or browser cache keeps
 * them; a route may send its own, as the chat stream does), a policy that loads nothing
 * and forbids framing, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, HSTS,
 * and `Cross-Origin-Resource-Policy: same-origin` (no other site reads them through a
 * no-cors load). The headers that only act on documents a browser renders (opener and
 * agent-cluster isolation, referrer policy, DNS prefetch, IE's download and XSS filters,
 * Flash's cross-domain policy) are left out: every answer repeats them for nothing, and
 * each costs the server and every client a header line to write and parse (issue 10,
 * `/auth/me` throughput).
 */
export function apiSecurityHeaders(): [string, string][] {
  return [
    ['cache-control', 'no-store'],
    ...helmetHeaders(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: API_CONTENT_SECURITY_POLICY },
        crossOriginEmbedderPolicy: false,
        crossOriginOpenerPolicy: false,
        crossOriginResourcePolicy: { policy: 'same-origin' },
        originAgentCluster: false,
        referrerPolicy: false,
        strictTransportSecurity: true,
        xContentTypeOptions: true,
        xDnsPrefetchControl: false,
        xDownloadOptions: false,
        xFrameOptions: { action: 'deny' },
        xPermittedCrossDomainPolicies: false,
        xXssProtection: false,
      }),
    ),
  ];
}

/** Where answers are API answers: under /api/, except the API's browsable docs (pages). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/v1/docs');
}

/**
 * Sets the security headers on every answer: the API set above on API answers, the full
 * document set on everything else (the web app, and Swagger UI under /api/v1/docs, which
 * sends its own policy). Each set is built once at start-up and copied onto each answer
 * (issue 10, `/auth/me` throughput: rebuilding or re-running helmet's middlewares on every
 * request cost a noticeable share of an API request's time).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const documentHeaders = documentSecurityHeaders(config);
  const apiHeaders = apiSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiAnswer(request.url) ? apiHeaders : documentHeaders;
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
