/**
 * Protection of the HTTP surface: security headers (a strict
 * Content-Security-Policy for the served web app's documents, the OWASP REST set for API
 * answers, `nosniff` for static files), and rate limits on the auth
 * calls (@fastify/rate-limit; counters in memory, or in Redis when `REDIS_URL` is set).
 * 429 answers carry `{message, code: "rate_limited"}` and `Retry-After` in seconds.
 */
import fastifyRateLimit, {
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import { apiMessages, normalizeEmail } from '@solar/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { HttpError } from './http-errors.ts';
import { fallbackStore } from './rate-limit-store.ts';

/**
 * The Content-Security-Policy of the web app: scripts only from this origin; no inline
 * scripts, objects, framing or base changes. Styles allow inline `style` attributes, which
 * React and the component library set. Images may come from OpenStreetMap tiles and Google
 * profile pictures. External sign-in is a plain navigation to the provider and back
 * (docs/decisions/030-external-identity-linking.md): it needs no script, frame or
 * connection to the provider.
 */
export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.openstreetmap.org',
      'https://tile.openstreetmap.org',
      'https://*.googleusercontent.com',
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
  };
}

/** A header list as set on an answer: lower-case names, as HTTP/2 requires and Node stores them. */
export type HeaderList = readonly (readonly [string, string])[];

/** A policy written out as its header value: `name source source;name source`. */
export function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/**
 * The Content-Security-Policy of API answers (JSON, event streams): they load nothing and
 * may not be framed (OWASP REST Security Cheat Sheet).
 */
export const API_CONTENT_SECURITY_POLICY = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** HSTS of every document and API answer: one year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of API answers, the OWASP REST Security Cheat Sheet's list:
 * `Cache-Control: no-store` (answers carry account data: no shared or browser cache keeps
 * them; a route may send its own, as the chat stream does), a policy that loads nothing
 * and forbids framing, `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, HSTS,
 * and `Cross-Origin-Resource-Policy: same-origin` (no other site reads them through a
 * no-cors load). Headers that only act on documents a browser renders are left out.
 */
export const API_SECURITY_HEADERS: HeaderList = [
  ['cache-control', 'no-store'],
  ['content-security-policy', policyText(API_CONTENT_SECURITY_POLICY)],
  ['cross-origin-resource-policy', 'same-origin'],
  ['strict-transport-security', STRICT_TRANSPORT_SECURITY],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/**
 * The one security header of static files (scripts, styles, fonts, images): a browser must
 * not guess their type. A policy, framing or opener rules act on documents only, so
 * repeating them on every file is bytes for nothing.
 */
export const STATIC_SECURITY_HEADERS: HeaderList = [['x-content-type-options', 'nosniff']];

/**
 * The security headers of the web app's documents (HTML), the set helmet recommends,
 * written out: the web app's policy (contentSecurityPolicy above), opener isolation,
 * resource and agent-cluster isolation, no referrer, HSTS, no sniffing, no
 * framing, and the legacy switches for DNS prefetch, IE downloads, Flash/PDF cross-domain
 * policies and the old XSS auditor.
 */
export function documentSecurityHeaders(): HeaderList {
  return [
    ['content-security-policy', policyText(contentSecurityPolicy())],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ['strict-transport-security', STRICT_TRANSPORT_SECURITY],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

/** Where answers are API answers: under /api/, except the API's browsable docs (pages). */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/v1/docs');
}

/** True for an answer whose content type is an HTML document. */
export function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html');
}

/**
 * Sets the security headers that do not depend on the answer's content: the API set on API
 * answers (known from the URL), and only `nosniff` on everything else. Documents get the
 * rest of their set where they are sent (app.ts: the web build's HTML files, the API's
 * browsable docs), so a script or a font does not carry a page's policy.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const headers = isApiAnswer(request.url) ? API_SECURITY_HEADERS : STATIC_SECURITY_HEADERS;
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

/**
 * Registers the rate-limit plugin without a global limit; routes opt in with
 * `config: { rateLimit: limits.x }`. With a Redis client (`REDIS_URL`, opened by the app
 * with `openRateLimitRedis`) the counters live in Redis so that several server processes
 * share them, and in this process while Redis is unavailable (rate-limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance, redis?: Redis) {
  const store = redis
    ? (fallbackStore(redis, 'solar-rl:') as unknown as FastifyRateLimitStoreCtor)
    : undefined;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(store ? { store } : {}),
    // A broken limiter store must not lock everyone out.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

/** The 429 of the rate limits: `ttlMs` until the counter resets, sent as Retry-After. */
function rateLimited(ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new HttpError(429, 'rate_limited', apiMessages.rateLimited.defaultMessage, {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * A preHandler that counts the request against each of `limits` in turn (on the rate-limit
 * plugin's store, through its `createRateLimit`) and answers 429 at the first one that is
 * exceeded. For routes with more than one limit: the plugin's route limit runs once per
 * request only.
 */
export function moreRateLimits(
  app: FastifyInstance,
  ...limits: RateLimitOptions[]
): preHandlerAsyncHookHandler {
  const checks = limits.map((options) => app.createRateLimit(options));
  return async (request) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimited(result.ttl);
    }
  };
}

/**
 * A counter of attempts under `options` (on the rate-limit plugin's store, through its
 * `createRateLimit`): each call counts one attempt for the request's key and throws the
 * 429 `rate_limited` HttpError (with `Retry-After`) once the key is over its limit. For
 * limits a route applies itself, at the moment an attempt is made.
 */
export function attemptCounter(
  app: FastifyInstance,
  options: RateLimitOptions,
): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit(options);
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw rateLimited(result.ttl);
  };
}

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normalizeEmail(body.email) : '';
};

/**
 * The auth calls' limits. `n` is `AUTH_RATE_LIMIT` (default 10):
 * - sign-in, per client address and email: n per minute, and each attempt past that
 *   doubles the wait (1, 2, 4... minutes) for that address only, so a guesser slows down
 *   ever more while the owner elsewhere is untouched;
 * - sign-in, per account (email) across addresses (`signInAccount`): 3n per 15 minutes,
 *   a window that never grows, so guesses spread over many addresses meet a ceiling but
 *   the owner is never shut out for longer than 15 minutes;
 * - sign-in, per address across emails (`signInAddress`): 3n per minute (spraying one
 *   password over many accounts);
 * - current-password checks (an email change, change password) per account across
 *   addresses (`currentPassword`): 3n per 15 minutes, as sign-in per account, so a stolen
 *   access token cannot guess the password from many addresses. Every check counts, right
 *   or wrong: counted before the password is compared, parallel guesses cannot slip in
 *   between a look at the counter and its increment;
 * - sign-up n per 10 minutes per address; forgot ceil(n/2) per 15 minutes per address and
 *   email; refresh 6n per minute per address; reset, verify, Google sign-in, the profile
 *   update and change password n per minute per address; resend verification ceil(n/2)
 *   per 15 minutes per address and account.
 * The extra sign-in limits are applied with `moreRateLimits`, on the same store as the
 * route limits (Redis when configured).
 */
export function authRateLimits(
  config: Config,
): Record<
  | 'signIn'
  | 'signInAccount'
  | 'signInAddress'
  | 'currentPassword'
  | 'signUp'
  | 'forgot'
  | 'refresh'
  | 'token'
  | 'resendVerification',
  RateLimitOptions
> {
  const n = config.authRateLimit;
  const byAddressAndEmail = (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`;
  return {
    signIn: {
      max: n,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: byAddressAndEmail,
      exponentialBackoff: true,
    },
    signInAccount: {
      max: 3 * n,
      timeWindow: 15 * 60_000,
      keyGenerator: (request) => `signin-account|${emailOf(request)}`,
    },
    signInAddress: {
      max: 3 * n,
      timeWindow: 60_000,
      keyGenerator: (request) => `signin-address|${request.ip}`,
    },
    currentPassword: {
      max: 3 * n,
      timeWindow: 15 * 60_000,
      keyGenerator: (request) => `current-password|${request.auth?.userId ?? ''}`,
    },
    signUp: { max: n, timeWindow: 10 * 60_000 },
    forgot: {
      max: Math.ceil(n / 2),
      timeWindow: 15 * 60_000,
      hook: 'preHandler',
      keyGenerator: byAddressAndEmail,
    },
    refresh: { max: 6 * n, timeWindow: 60_000 },
    token: { max: n, timeWindow: 60_000 },
    resendVerification: {
      max: Math.ceil(n / 2),
      timeWindow: 15 * 60_000,
      hook: 'preHandler',
      // The account, not the header text: `bearer`, `Bearer` and extra spaces are one token.
      keyGenerator: (request) => `resend-verification|${request.ip}|${request.auth?.userId ?? ''}`,
    },
  };
}
