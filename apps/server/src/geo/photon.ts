/**
 * Address suggestions while the user types (type-ahead), from a Photon-compatible geocoder
 * (https://github.com/komoot/photon: `GET {PHOTON_URL}/api?q=&limit=&lang=`, answering a
 * GeoJSON FeatureCollection of points). Photon is built for search-as-you-type; the public
 * Nominatim forbids it (https://operations.osmfoundation.org/policies/nominatim/), so
 * suggestions exist only when `PHOTON_URL` names such a service
 * (docs/decisions/032-geocoding-providers-and-fallback-estimate.md). Calls go through
 * upstream.ts (time limit, retries of network errors and 5xx, identifying User-Agent);
 * answers are cached like the geocoder's. Photon names places in English, German or French
 * (`lang`); Spanish and Russian callers get the local names (`lang` omitted), which in
 * Kyrgyzstan are Russian or Kyrgyz. Failures throw GeocoderError.
 */
import type { GeoPlace } from '@solar/domain';
import { z } from 'zod';
import { createLookupCache } from '../lookup-cache.ts';
import { createUpstream } from '../upstream.ts';
import { GeocoderError, type GeoLanguage } from './geocoder.ts';

/** Photon settings (geo/routes.ts reads them from the environment). */
export interface PhotonOptions {
  /** Base URL without a trailing slash, e.g. https://photon.komoot.io. */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  cacheTtlMs: number;
  cacheSize: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/** The type-ahead client. */
export interface Suggester {
  /** At most 5 places whose names start like `query`, named in `language` where Photon can. */
  suggest(query: string, language: GeoLanguage): Promise<GeoPlace[]>;
}

const photonFeature = z.object({
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  }),
  properties: z
    .object({
      osm_type: z.string().optional(),
      osm_id: z.union([z.number(), z.string()]).optional(),
      name: z.string().optional(),
      housenumber: z.string().optional(),
      street: z.string().optional(),
      district: z.string().optional(),
      city: z.string().optional(),
      county: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
    })
    .loose(),
});
const photonAnswer = z.object({ features: z.array(z.unknown()) });
type PhotonFeature = z.infer<typeof photonFeature>;

/**
 * A Photon feature as a GeoPlace: the address is its name, street and house number, city,
 * region and country (repeats dropped); the place id is the OSM object (`N1`, `W2`, `R3`),
 * as the geocoder's are. Null when it has no name to show.
 */
export function photonPlace(feature: PhotonFeature): GeoPlace | null {
  const p = feature.properties;
  const street = [p.street, p.housenumber].filter(Boolean).join(' ');
  const parts = [p.name, street, p.district, p.city ?? p.county, p.state, p.country].filter(
    (part): part is string => Boolean(part && part.trim()),
  );
  const address = [...new Set(parts)].join(', ');
  if (!address) return null;
  const [longitude, latitude] = feature.geometry.coordinates;
  const type = p.osm_type?.[0]?.toUpperCase();
  const placeId =
    type && /^[NWR]$/.test(type) && p.osm_id !== undefined
      ? `${type}${p.osm_id}`
      : `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  return { address, latitude, longitude, placeId };
}

/** Creates the client (see the file comment). */
export function createPhotonSuggester(options: PhotonOptions): Suggester {
  const client = createUpstream({
    name: 'address suggestions',
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    // Type-ahead answers are wanted now or never: one retry at most.
    retries: 1,
    fail: (message) => new GeocoderError(message),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const cache = createLookupCache<GeoPlace[]>({
    maxEntries: options.cacheSize,
    ttlMs: options.cacheTtlMs,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    suggest(query, language) {
      const normalized = query.trim().replace(/\s+/g, ' ');
      return cache.get(`suggest|${language}|${normalized.toLowerCase()}`, async () => {
        const url = new URL(`${options.baseUrl}/api`);
        url.searchParams.set('q', normalized);
        url.searchParams.set('limit', '5');
        if (language === 'en') url.searchParams.set('lang', 'en');
        const body = photonAnswer.safeParse(await client.getJson(url));
        if (!body.success) throw new GeocoderError('suggestion answer has a bad shape');
        const places = body.data.features
          .map((feature) => photonFeature.safeParse(feature))
          .flatMap((parsed) => (parsed.success ? [photonPlace(parsed.data)] : []))
          .filter((place): place is GeoPlace => place !== null);
        return places.slice(0, 5);
      });
    },
  };
}
