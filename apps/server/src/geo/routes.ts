/**
 * Geocoding routes: public, rate limited per client address, answered in the caller's
 * language (Accept-Language: en, es or ru; default en).
 *
 * - `GET /geo/search` and `GET /geo/reverse` ask a Nominatim-compatible geocoder
 *   (geocoder.ts). The web calls search only when the user submits the address (Enter or
 *   the Search button): the public Nominatim forbids type-ahead
 *   (https://operations.osmfoundation.org/policies/nominatim/).
 * - `GET /geo/suggest` answers type-ahead suggestions from a Photon-compatible service
 *   (photon.ts), only when `PHOTON_URL` is set (else 404 `not_found`; `GET /config`
 *   reports `addressSuggestions`).
 *
 * Providers and pacing: docs/decisions/032-geocoding-providers-and-fallback-estimate.md.
 *
 * | variable                    | default                                | meaning                                       |
 * | --------------------------- | -------------------------------------- | --------------------------------------------- |
 * | `GEOCODER_URL`              | https://nominatim.openstreetmap.org    | the Nominatim-compatible service              |
 * | `GEOCODER_USER_AGENT`       | `Solar/0.1 (+<PUBLIC_URL>; solar-calculator)` | identifies this installation           |
 * | `GEOCODER_EMAIL`            | unset                                  | contact sent as `email=`                      |
 * | `GEOCODER_TIMEOUT_MS`       | 8000                                   | one upstream call's time limit                |
 * | `GEOCODER_MIN_INTERVAL_MS`  | 1000                                   | upstream calls of all instances start at least this apart (Redis when `REDIS_URL` is set) |
 * | `GEOCODER_MAX_WAITING`      | 10                                     | callers waiting for a turn before 503         |
 * | `GEOCODER_CACHE_TTL_MS`     | 86400000 (a day)                       | how long an answer is reused                  |
 * | `GEOCODER_CACHE_SIZE`       | 1000                                   | answers kept                                  |
 * | `PHOTON_URL`                | unset (no type-ahead)                  | Photon-compatible service for suggestions     |
 * | `PHOTON_TIMEOUT_MS`         | 3000                                   | one suggestion call's time limit              |
 * | `GEO_RATE_LIMIT`            | 60                                     | calls per minute per client address           |
 */
import {
  geoReverseQuerySchema,
  geoSearchQuerySchema,
  mapMessages,
  type GeoPlace,
} from '@solar/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { named } from '../openapi.ts';
import { ensureRateLimit } from '../calculator/client-limit.ts';
import { intSetting, readEnv } from '../calculator/env.ts';
import { HttpError } from '../http-errors.ts';
import type { Redis } from 'ioredis';
import { createGeocoder, GeocoderError, pickLanguage, type Geocoder } from './geocoder.ts';
import { createPhotonSuggester, type Suggester } from './photon.ts';
import { createSharedPace } from './shared-pace.ts';
import { QueueFullError } from './spacer.ts';

export interface GeoRoutesOptions {
  /** The process environment (the variables above). */
  env?: Record<string, string | undefined>;
  /** Redis (REDIS_URL): the geocoder's pace is shared by every instance through it. */
  redis?: Redis | undefined;
  /** Replaces the HTTP client (tests). */
  fetch?: typeof fetch;
}

/** The public Nominatim, whose usage policy asks every installation to identify itself. */
export const PUBLIC_NOMINATIM = 'https://nominatim.openstreetmap.org';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const geoEnvSchema = z.object({
  GEOCODER_URL: httpUrl.default(PUBLIC_NOMINATIM),
  GEOCODER_USER_AGENT: z.string().min(3).max(300).optional(),
  GEOCODER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  GEOCODER_TIMEOUT_MS: intSetting(100, 120_000, 8000),
  GEOCODER_MIN_INTERVAL_MS: intSetting(0, 60_000, 1000),
  GEOCODER_MAX_WAITING: intSetting(0, 1000, 10),
  GEOCODER_CACHE_TTL_MS: intSetting(0, 30 * 86_400_000, 86_400_000),
  GEOCODER_CACHE_SIZE: intSetting(0, 1_000_000, 1000),
  PHOTON_URL: httpUrl.optional(),
  PHOTON_TIMEOUT_MS: intSetting(100, 60_000, 3000),
  GEO_RATE_LIMIT: intSetting(1, 100_000, 60),
  PUBLIC_URL: z.string().optional(),
  PORT: z.string().optional(),
});

/**
 * The geo settings from the environment; throws ConfigError on a bad value. The default
 * User-Agent names this installation by its `PUBLIC_URL` (Nominatim's policy: identify the
 * application, with a way to reach its operator); `identified` is false while that is only
 * the localhost default and neither GEOCODER_USER_AGENT nor GEOCODER_EMAIL is set, which
 * a production server must not run with against the public Nominatim.
 */
export function loadGeoConfig(env: Record<string, string | undefined>) {
  const e = readEnv(geoEnvSchema, env);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? '3000'}`).replace(/\/+$/, '');
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(publicUrl);
  return {
    geocoder: {
      baseUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
      userAgent: e.GEOCODER_USER_AGENT ?? `Solar/0.1 (+${publicUrl}; solar-calculator)`,
      email: e.GEOCODER_EMAIL,
      timeoutMs: e.GEOCODER_TIMEOUT_MS,
      minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
      maxWaiting: e.GEOCODER_MAX_WAITING,
      cacheTtlMs: e.GEOCODER_CACHE_TTL_MS,
      cacheSize: e.GEOCODER_CACHE_SIZE,
    },
    identified: Boolean(e.GEOCODER_USER_AGENT || e.GEOCODER_EMAIL || !local),
    photon: e.PHOTON_URL
      ? {
          baseUrl: e.PHOTON_URL.replace(/\/+$/, ''),
          timeoutMs: e.PHOTON_TIMEOUT_MS,
          cacheTtlMs: e.GEOCODER_CACHE_TTL_MS,
          cacheSize: e.GEOCODER_CACHE_SIZE,
        }
      : undefined,
    ratePerMinute: e.GEO_RATE_LIMIT,
  };
}

/** The contract's GeoPlace. */
export const geoPlaceSchema = named(
  z.object({
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    placeId: z.string(),
  }),
  'GeoPlace',
) satisfies z.ZodType<GeoPlace>;

/** Runs a geocoder call, turning its failures into the contract's answers. */
async function answer<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof QueueFullError) {
      throw new HttpError(
        503,
        'service_unavailable',
        'The address service is busy. Please try again in a moment.',
        {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) },
        },
      );
    }
    if (error instanceof GeocoderError) {
      log.warn({ reason: error.message }, 'geocoder failed');
      throw new HttpError(502, 'bad_gateway', mapMessages.reverseGeocodeFailed.defaultMessage);
    }
    throw error;
  }
}

export const geoRoutes: FastifyPluginAsyncZod<GeoRoutesOptions> = async (
  app,
  { env = process.env, fetch, redis },
) => {
  const config = loadGeoConfig(env);
  const { geocoder: settings } = config;
  if (!config.identified && settings.baseUrl === PUBLIC_NOMINATIM) {
    app.log.warn(
      'GEOCODER_USER_AGENT, GEOCODER_EMAIL or PUBLIC_URL must name this installation before it uses the public Nominatim (its usage policy)',
    );
  }
  const shared = redis
    ? createSharedPace({
        redis,
        minIntervalMs: settings.minIntervalMs,
        maxWaitMs: (settings.maxWaiting + 1) * settings.minIntervalMs,
        onRedis: (state, reason) =>
          state === 'down'
            ? app.log.warn(
                { reason },
                'Redis is not available: the geocoder paces this process alone',
              )
            : app.log.info('Redis is back: the geocoder pace is shared again'),
      })
    : undefined;
  const geocoder: Geocoder = createGeocoder({
    ...settings,
    ...(shared && settings.minIntervalMs > 0 ? { shared } : {}),
    ...(fetch ? { fetch } : {}),
  });
  const suggester: Suggester | undefined = config.photon
    ? createPhotonSuggester({
        ...config.photon,
        userAgent: settings.userAgent,
        ...(fetch ? { fetch } : {}),
      })
    : undefined;
  await ensureRateLimit(app);
  const rateLimit = { max: config.ratePerMinute, timeWindow: 60_000 };
  const tags = ['geo'];

  /**
   * GET /geo/search?q= -> 200 GeoPlace[] (at most 5; [] when nothing matches); 400 empty or
   * over 200 characters; 502 'Failed to get address for this location' when the geocoder
   * fails; 503 when too many lookups wait; 429 per client address. Called when the user
   * submits an address, never per keystroke (Nominatim's policy).
   */
  app.get(
    '/geo/search',
    {
      // A HEAD request would cost an upstream call for nothing.
      exposeHeadRoute: false,
      config: { rateLimit },
      schema: {
        querystring: geoSearchQuerySchema,
        response: { 200: z.array(geoPlaceSchema) },
        tags,
        operationId: 'searchPlaces',
        summary: 'Find places by address text',
        answers: {
          200: { description: 'The places found, best match first (none: an empty list)' },
        },
        errors: [400, 429, 502, 503],
      },
    },
    async (request) =>
      answer(request.log, () =>
        geocoder.search(request.query.q, pickLanguage(request.headers['accept-language'])),
      ),
  );

  /**
   * GET /geo/suggest?q= -> 200 GeoPlace[] (at most 5) from the Photon-compatible service
   * (PHOTON_URL), for type-ahead; 404 `not_found` without one; 400 empty or over 200
   * characters; 502 when the service fails; 429 per client address.
   */
  app.get(
    '/geo/suggest',
    {
      exposeHeadRoute: false,
      config: { rateLimit },
      schema: {
        querystring: geoSearchQuerySchema,
        response: { 200: z.array(geoPlaceSchema) },
        tags,
        operationId: 'suggestPlaces',
        summary: 'Address suggestions while typing (only with a Photon-compatible service)',
        answers: { 200: { description: 'Up to 5 places whose address matches the typed text' } },
        errors: [400, 404, 429, 502],
      },
    },
    async (request) => {
      if (!suggester) {
        throw new HttpError(
          404,
          'not_found',
          'Address suggestions are not available: no suggestion service is configured.',
        );
      }
      return answer(request.log, () =>
        suggester.suggest(request.query.q, pickLanguage(request.headers['accept-language'])),
      );
    },
  );

  /**
   * GET /geo/reverse?lat=&lon= (degrees) -> 200 GeoPlace; 400 outside -90..90 / -180..180;
   * 502 'Failed to get address for this location'; 503; 429 per client address.
   */
  app.get(
    '/geo/reverse',
    {
      // A HEAD request would cost an upstream call for nothing.
      exposeHeadRoute: false,
      config: { rateLimit },
      schema: {
        querystring: geoReverseQuerySchema,
        response: { 200: geoPlaceSchema },
        tags,
        operationId: 'reverseGeocode',
        summary: 'The address at a point',
        answers: { 200: { description: 'The address of the point' } },
        errors: [400, 429, 502, 503],
      },
    },
    async (request) =>
      answer(request.log, () =>
        geocoder.reverse(
          request.query.lat,
          request.query.lon,
          pickLanguage(request.headers['accept-language']),
        ),
      ),
  );
};
