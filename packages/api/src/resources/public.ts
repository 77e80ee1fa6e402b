/**
 * The public resources (the OpenAPI document): bill amount extraction, monthly production,
 * geocoding, configuration and health. No token is
 * needed; they are rate limited per client address. Reject with ApiError.
 */
import type {
  BillExtractResponse,
  ConfigResponse,
  GeoPlace,
  HealthResponse,
  ProductionEstimate,
  ProductionQuery,
} from '@solar/domain/contract';
import { apiErrorFromResponse } from '../errors.ts';
import type { Transport } from '../transport.ts';

/** The quick calculator helper. */
export interface CalculatorResource {
  /**
   * `POST /calculator/bill-extract` multipart field `file` (JPEG, PNG or WebP under 10 MB)
   * -> 200 `{amount (som) | null, currency: "KGS", confidence 0..1, text}`; 413 'File size
   * must be less than 10MB'; 415 'Please upload a valid image file (JPEG, PNG, or WebP)'.
   */
  extractBill(file: Blob, fileName?: string): Promise<BillExtractResponse>;
  /**
   * `GET /calculator/production?lat&lon&peakPowerKw&lossPercent&tilt&azimuth` (full
   * calculator step 2; units in ProductionQuery) -> 200 ProductionEstimate (PVGIS, or the
   * 4.5-sun-hour formula when PVGIS cannot be reached); 400 bad parameters; 429.
   */
  production(
    query: ProductionQuery,
    options?: { signal?: AbortSignal },
  ): Promise<ProductionEstimate>;
}

/** Geocoding. */
export interface GeoResource {
  /** `GET /geo/reverse?lat=&lon=` (degrees) -> 200 GeoPlace; 400; 502 'Failed to get address for this location'. */
  reverse(latitude: number, longitude: number): Promise<GeoPlace>;
  /**
   * `GET /geo/search?q=` -> 200 GeoPlace[] (at most 5); 400; 502; 503 busy. Call it when the
   * user submits an address, never per keystroke (the geocoder's usage policy).
   */
  search(query: string): Promise<GeoPlace[]>;
  /**
   * `GET /geo/suggest?q=` -> 200 GeoPlace[] (at most 5) for type-ahead; 404 when the server
   * has no suggestion service (`GET /config` says `addressSuggestions: false`); 400; 502.
   */
  suggest(query: string, options?: { signal?: AbortSignal }): Promise<GeoPlace[]>;
}

/** Server configuration and health. */
export interface ConfigResource {
  /**
   * `GET /config` -> 200 `{googleClientId | null, oidcProvider | null, aiProvider,
   * addressSuggestions, version, business}` (`business`: the name and contact lines, each
   * null when not configured; domain `BusinessInfo`).
   */
  get(): Promise<ConfigResponse>;
  /**
   * The answer the page was served with (the server writes it into the web app's document),
   * undefined when there is none (development server, Storybook, tests): `configQuery`
   * starts from it instead of asking.
   */
  readonly initial: ConfigResponse | undefined;
  /** `GET /health` -> 200 `{status: "ok", database}`; 503 when the database is down or the disk full. */
  health(): Promise<HealthResponse>;
}

/** Creates the calculator resource. */
export function calculatorResource(t: Transport): CalculatorResource {
  return {
    extractBill(file, fileName = 'bill') {
      const body = new FormData();
      body.set('file', file, fileName);
      return t.anon((http) =>
        http.post('calculator/bill-extract', { body }).json<BillExtractResponse>(),
      );
    },
    production: (query, { signal } = {}) =>
      t.anon((http) =>
        http
          .get('calculator/production', {
            searchParams: {
              // An unknown site (an unverified address) is asked without lat and lon.
              ...(query.latitude === null || query.longitude === null
                ? {}
                : { lat: query.latitude, lon: query.longitude }),
              peakPowerKw: query.peakPowerKw,
              lossPercent: query.lossPercent,
              tilt: query.tilt,
              azimuth: query.azimuth,
            },
            ...(signal ? { signal } : {}),
          })
          .json<ProductionEstimate>(),
      ),
  };
}

/** Creates the geo resource. */
export function geoResource(t: Transport): GeoResource {
  return {
    reverse: (lat, lon) =>
      t.anon((http) => http.get('geo/reverse', { searchParams: { lat, lon } }).json<GeoPlace>()),
    search: (q) =>
      t.anon((http) => http.get('geo/search', { searchParams: { q } }).json<GeoPlace[]>()),
    suggest: (q, { signal } = {}) =>
      t.anon((http) =>
        http
          .get('geo/suggest', { searchParams: { q }, ...(signal ? { signal } : {}) })
          .json<GeoPlace[]>(),
      ),
  };
}

/** Creates the config resource; `initial`: the answer the page was served with, if any. */
export function configResource(t: Transport, initial?: ConfigResponse): ConfigResource {
  return {
    initial,
    // Plain fetch, not ky: every page's footer reads it on first load, and ky (http.ts)
    // would otherwise load on public pages that call nothing else (docs/benchmarks.md).
    get: () =>
      t.run(
        (async () => {
          const response = await (t.fetch ?? globalThis.fetch)(t.url('config'), {
            headers: { accept: 'application/json' },
          });
          if (!response.ok) throw await apiErrorFromResponse(response);
          return (await response.json()) as ConfigResponse;
        })(),
      ),
    health: () => t.anon((http) => http.get('health').json<HealthResponse>()),
  };
}
