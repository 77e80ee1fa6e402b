/**
 * Geocoding routes (API-CONTRACT.md "Quick calculator helpers"): public, rate limited per
 * client address, proxied to a Nominatim-compatible service (geocoder.ts). Answers are in
 * the caller's language (Accept-Language: en, es or ru; default en).
 *
 * | variable                    | default                              | meaning                                   |
 * | --------------------------- | ------------------------------------ | ----------------------------------------- |
 * | `GEOCODER_URL`              | https://nominatim.openstreetmap.org  | the Nominatim-compatible service          |
 * | `GEOCODER_USER_AGENT`       | `Solar/0.1 (solar calculator; <PUBLIC_URL>)` | identifies this installation      |
 * | `GEOCODER_EMAIL`            | unset                                | contact sent as `email=`                  |
 * | `GEOCODER_TIMEOUT_MS`       | 8000                                 | one upstream call's time limit            |
 * | `GEOCODER_MIN_INTERVAL_MS`  | 1000                                 | upstream calls start at least this apart  |
 * | `GEOCODER_MAX_WAITING`      | 10                                   | callers waiting for a turn before 503     |
 * | `GEOCODER_CACHE_TTL_MS`     | 86400000 (a day)                     | how long an answer is reused              |
 * | `GEOCODER_CACHE_SIZE`       | 1000                                 | answers kept                              |
 * | `GEO_RATE_LIMIT`            | 60                                   | calls per minute per client address       |
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
import { createGeocoder, GeocoderError, pickLanguage, type Geocoder } from './geocoder.ts';
import { QueueFullError } from './spacer.ts';

export interface GeoRoutesOptions {
  /** The process environment (the variables above). */
  env?: Record<string, string | undefined>;
  /** Replaces the HTTP client (tests). */
  fetch?: typeof fetch;
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const geoEnvSchema = z.object({
  GEOCODER_URL: httpUrl.default('https://nominatim.openstreetmap.org'),
  GEOCODER_USER_AGENT: z.string().min(3).max(300).optional(),
  GEOCODER_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  GEOCODER_TIMEOUT_MS: intSetting(100, 120_000, 8000),
  GEOCODER_MIN_INTERVAL_MS: intSetting(0, 60_000, 1000),
  GEOCODER_MAX_WAITING: intSetting(0, 1000, 10),
  GEOCODER_CACHE_TTL_MS: intSetting(0, 30 * 86_400_000, 86_400_000),
  GEOCODER_CACHE_SIZE: intSetting(0, 1_000_000, 1000),
  GEO_RATE_LIMIT: intSetting(1, 100_000, 60),
  PUBLIC_URL: z.string().optional(),
});

/** The geo settings from the environment; throws ConfigError on a bad value. */
export function loadGeoConfig(env: Record<string, string | undefined>) {
  const e = readEnv(geoEnvSchema, env);
  return {
    geocoder: {
      baseUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
      userAgent:
        e.GEOCODER_USER_AGENT ??
        `Solar/0.1 (solar calculator; ${e.PUBLIC_URL ?? 'self-hosted installation'})`,
      email: e.GEOCODER_EMAIL,
      timeoutMs: e.GEOCODER_TIMEOUT_MS,
      minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
      maxWaiting: e.GEOCODER_MAX_WAITING,
      cacheTtlMs: e.GEOCODER_CACHE_TTL_MS,
      cacheSize: e.GEOCODER_CACHE_SIZE,
    },
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
  { env = process.env, fetch },
) => {
  const config = loadGeoConfig(env);
  const geocoder: Geocoder = createGeocoder({ ...config.geocoder, ...(fetch ? { fetch } : {}) });
  await ensureRateLimit(app);
  const rateLimit = { max: config.ratePerMinute, timeWindow: 60_000 };
  const tags = ['geo'];

  /**
   * GET /geo/search?q= -> 200 GeoPlace[] (at most 5; [] when nothing matches); 400 empty or
   * over 200 characters; 502 'Failed to get address for this location' when the geocoder
   * fails; 503 when too many lookups wait; 429 per client address.
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
