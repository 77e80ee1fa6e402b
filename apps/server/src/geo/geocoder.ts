/**
 * A client of a Nominatim-compatible geocoder (`/geo/search`, `/geo/reverse`;
 * docs/decisions/010-ocr-geocoding-pvgis.md, docs/decisions/032-geocoding-providers-and-fallback-estimate.md).
 * Every upstream call (upstream.ts: time limit, retries of network errors and 5xx) carries
 * an identifying User-Agent; calls, retries included, start at most once per
 * `minIntervalMs` in this process (spacer.ts) and, with `shared` (Redis), among all
 * instances (shared-pace.ts); equal lookups in flight share one call and answers are kept in an LRU cache with a time
 * to live (lookup-cache.ts). Failures (network, timeout, HTTP error, bad JSON, "Unable to
 * geocode") throw GeocoderError; a full queue throws QueueFullError.
 */
import type { GeoPlace } from '@solar/domain';
import { z } from 'zod';
import { createLookupCache } from '../lookup-cache.ts';
import { createUpstream } from '../upstream.ts';
import type { SharedPace } from './shared-pace.ts';
import { createSpacer } from './spacer.ts';

/** The geocoder could not answer (the routes turn it into 502). */
export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

/** Geocoder settings (geo/config.ts reads them from the environment). */
export interface GeocoderOptions {
  /** Base URL without a trailing slash, e.g. https://nominatim.openstreetmap.org. */
  baseUrl: string;
  userAgent: string;
  /** Contact address sent as `email=` (Nominatim's policy for heavy users), or undefined. */
  email: string | undefined;
  timeoutMs: number;
  minIntervalMs: number;
  maxWaiting: number;
  cacheTtlMs: number;
  cacheSize: number;
  /** The pace shared with the other instances (Redis); each process paces alone without it. */
  shared?: SharedPace;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The languages of the answers (the product's: en, es, ru). */
export type GeoLanguage = 'en' | 'es' | 'ru';

export interface Geocoder {
  /** Places matching `query` (at most 5), named in `language`; [] when none. */
  search(query: string, language: GeoLanguage): Promise<GeoPlace[]>;
  /** The address at `latitude`, `longitude` (degrees), named in `language`. */
  reverse(latitude: number, longitude: number, language: GeoLanguage): Promise<GeoPlace>;
}

const nominatimPlace = z.object({
  place_id: z.union([z.number(), z.string()]).optional(),
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  display_name: z.string().min(1),
});
type NominatimPlace = z.infer<typeof nominatimPlace>;

/**
 * A Nominatim result as a GeoPlace. `placeId` is the OSM object (`N123`, `W45`, `R6`),
 * which is stable across Nominatim servers, else Nominatim's own `place_id`.
 */
export function toGeoPlace(place: NominatimPlace): GeoPlace {
  const osmType = place.osm_type?.[0]?.toUpperCase();
  const placeId =
    osmType && place.osm_id !== undefined && /^[NWR]$/.test(osmType)
      ? `${osmType}${place.osm_id}`
      : String(place.place_id ?? `${place.lat},${place.lon}`);
  return {
    address: place.display_name,
    latitude: place.lat,
    longitude: place.lon,
    placeId,
  };
}

/** Creates the client (see the file comment). */
export function createGeocoder(options: GeocoderOptions): Geocoder {
  const spacer = createSpacer({
    minIntervalMs: options.minIntervalMs,
    maxWaiting: options.maxWaiting,
    ...(options.now ? { now: options.now } : {}),
    ...(options.shared ? { shared: options.shared } : {}),
  });
  const cache = createLookupCache<GeoPlace[] | GeoPlace>({
    maxEntries: options.cacheSize,
    ttlMs: options.cacheTtlMs,
    ...(options.now ? { now: options.now } : {}),
  });

  const client = createUpstream({
    name: 'geocoder',
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    pace: (task) => spacer.run(task),
    fail: (message) => new GeocoderError(message),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  function upstream(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${options.baseUrl}/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('format', 'jsonv2');
    if (options.email) url.searchParams.set('email', options.email);
    return client.getJson(url);
  }

  function cached<T extends GeoPlace[] | GeoPlace>(key: string, load: () => Promise<T>) {
    return cache.get(key, load) as Promise<T>;
  }

  return {
    search(query, language) {
      const normalized = query.trim().replace(/\s+/g, ' ');
      return cached(`search|${language}|${normalized.toLowerCase()}`, async () => {
        const body = await upstream('search', {
          q: normalized,
          limit: '5',
          'accept-language': language,
        });
        const parsed = z.array(nominatimPlace).safeParse(body);
        if (!parsed.success) throw new GeocoderError('geocoder search answer has a bad shape');
        return parsed.data.map(toGeoPlace);
      });
    },
    reverse(latitude, longitude, language) {
      // About 1 m: nearby clicks share an answer.
      const lat = latitude.toFixed(5);
      const lon = longitude.toFixed(5);
      return cached(`reverse|${language}|${lat}|${lon}`, async () => {
        const body = await upstream('reverse', { lat, lon, 'accept-language': language });
        const parsed = nominatimPlace.safeParse(body);
        if (!parsed.success) {
          const reason = (body as { error?: unknown } | null)?.error;
          throw new GeocoderError(
            `geocoder found no address${typeof reason === 'string' ? `: ${reason}` : ''}`,
          );
        }
        return toGeoPlace(parsed.data);
      });
    },
  };
}

/**
 * The answer language from an Accept-Language header: the first of en, es, ru it names
 * (by preference order as written, q-values honoured), else en.
 */
export function pickLanguage(header: string | undefined): GeoLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find(
    (entry) => entry.lang === 'es' || entry.lang === 'ru' || entry.lang === 'en',
  );
  return (found?.lang as GeoLanguage | undefined) ?? 'en';
}
