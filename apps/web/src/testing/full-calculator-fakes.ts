/**
 * Fakes for the full calculator's route tests and stories: the production
 * endpoint (`GET /calculator/production`, not in the API client's fake), a /config
 * answer naming a tile URL (so no test or story asks OpenStreetMap for tiles), and a
 * stubbed geolocation.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { ProductionEstimate } from '@solar/domain/contract';

/** A 1x1 transparent PNG as a tile URL template (Leaflet finds no placeholders in it). */
export const BLANK_TILE_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A tile URL that fails at once (nothing listens on port 9): the map's error state. */
export const BROKEN_TILE_URL = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/** Monthly kWh shape of a mid-latitude site, fractions of the year (sum 1). */
const SHAPE = [0.045, 0.058, 0.082, 0.095, 0.108, 0.112, 0.115, 0.106, 0.09, 0.075, 0.064, 0.05];

/**
 * The answer for `peakPowerKw` kW: PVGIS-like (1300 kWh per kW per year, ±4 %) or the
 * clear-sky estimate (here 1200 kWh per kW per year less the losses over the typical 14 %,
 * the same monthly shape, no uncertainty).
 */
export function fakeProduction(
  query: {
    lat: number | null;
    lon: number | null;
    peakPowerKw: number;
    lossPercent: number;
    tilt: number;
    azimuth: number;
  },
  source: 'pvgis' | 'estimate',
): ProductionEstimate {
  const inputs = {
    latitude: query.lat,
    longitude: query.lon,
    peakPowerKw: query.peakPowerKw,
    lossPercent: query.lossPercent,
    tilt: query.tilt,
    azimuth: query.azimuth,
  };
  if (query.lat === null || query.lon === null) {
    // No site (an unverified address): 4.5 sun hours a day with the losses, as the server.
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const derate = (1 - query.lossPercent / 100) / 0.86;
    const monthly = days.map((d) => Math.round(query.peakPowerKw * 4.5 * d * derate * 10) / 10);
    return {
      source: 'estimate',
      estimateModel: 'sun-hours',
      monthlyKwh: monthly,
      yearlyKwh: Math.round(monthly.reduce((a, b) => a + b, 0)),
      uncertainty: null,
      inputs,
    };
  }
  if (source === 'estimate') {
    const estimate = Math.round(
      ((query.peakPowerKw * 1200) / 0.86) * (1 - query.lossPercent / 100),
    );
    return {
      source,
      estimateModel: 'clear-sky',
      monthlyKwh: SHAPE.map((f) => Math.round(estimate * f * 10) / 10),
      yearlyKwh: estimate,
      uncertainty: null,
      inputs,
    };
  }
  const yearly = Math.round(query.peakPowerKw * 1300);
  return {
    source,
    estimateModel: null,
    monthlyKwh: SHAPE.map((f) => Math.round(yearly * f * 10) / 10),
    yearlyKwh: yearly,
    uncertainty: { yearlyKwh: Math.round(yearly * 0.04), percent: 4 },
    inputs,
  };
}

function queryOf(url: URL) {
  const n = (key: string, fallback = 0) => Number(url.searchParams.get(key) ?? fallback);
  const site = url.searchParams.has('lat') && url.searchParams.has('lon');
  return {
    lat: site ? n('lat') : null,
    lon: site ? n('lon') : null,
    peakPowerKw: n('peakPowerKw'),
    lossPercent: n('lossPercent', 14),
    tilt: n('tilt', 30),
    azimuth: n('azimuth', 180),
  };
}

/** Options of the production fake. */
export interface ProductionFakeOptions {
  source?: 'pvgis' | 'estimate';
  /** Answer this status instead (e.g. 500), with the contract's error body. */
  status?: number;
  /** Never answer (loading state). */
  hang?: boolean;
}

/**
 * An MSW handler of `GET /api/v1/calculator/production` (stories: `msw.use(...)`; route
 * tests: AppFixture `handlers`). Each request's URL is pushed onto `seen` when given.
 */
export function productionHandler(
  options: ProductionFakeOptions = {},
  seen: URL[] = [],
): HttpHandler {
  return http.get('*/api/v1/calculator/production', async ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    if (options.hang) await new Promise(() => undefined);
    if (options.status) {
      return HttpResponse.json(
        { message: 'Server error occurred. Please try again later.', code: 'internal' },
        { status: options.status },
      );
    }
    return HttpResponse.json(fakeProduction(queryOf(url), options.source ?? 'pvgis'));
  });
}

/**
 * `GET /config` naming `tileUrl` (for AppFixture `handlers`); `addressSuggestions` says
 * whether the server offers type-ahead (pair it with the fake's `mock.addressSuggestions`).
 */
export function configWithTiles(
  tileUrl: string = BLANK_TILE_URL,
  { addressSuggestions = false }: { addressSuggestions?: boolean } = {},
): HttpHandler {
  return http.get('*/api/v1/config', () =>
    HttpResponse.json({
      googleClientId: null,
      oidcProvider: null,
      aiProvider: 'offline',
      addressSuggestions,
      version: 'test',
      business: {
        name: 'Solar',
        address: null,
        phone: null,
        email: null,
        website: null,
        legal: null,
        logoUrl: null,
      },
      tileUrl,
    }),
  );
}

/** A geolocation that answers `position`, fails with `code`, or never answers. */
export function stubGeolocation(
  outcome: { latitude: number; longitude: number } | { code: 1 | 2 | 3 } | 'pending',
): Geolocation {
  return {
    getCurrentPosition(ok, fail) {
      if (outcome === 'pending') return;
      if ('code' in outcome) {
        fail?.({
          code: outcome.code,
          message: 'stub',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
        return;
      }
      ok({ coords: { ...outcome }, timestamp: 0 } as unknown as GeolocationPosition);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
}

/** Replaces `navigator.geolocation` (undefined: not supported); returns the restore. */
export function replaceGeolocation(geolocation: Geolocation | undefined): () => void {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'geolocation');
  Object.defineProperty(Navigator.prototype, 'geolocation', {
    configurable: true,
    get: () => geolocation,
  });
  return () => {
    if (original) Object.defineProperty(Navigator.prototype, 'geolocation', original);
  };
}
