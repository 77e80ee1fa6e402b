/**
 * `GET /calculator/production` (issue 9, full calculator step 2; server:
 * apps/server/src/calculator/routes.ts): monthly production of a PV system from PVGIS, or
 * the 4.5-sun-hour formula when PVGIS cannot be reached. Public; 400 bad parameters, 429.
 *
 * TODO(domain): `ProductionEstimate` belongs in @solar/domain's contract.ts and the call in
 * @solar/api's calculator resource (`calculator.production(query)`); the API client has no
 * such method yet, so this module calls it with the client package's own HTTP layer and
 * error type. Remove it when the client gains the method.
 */
import { createHttp, toApiError } from '@solar/api';

/** The query: degrees, kW DC, %, degrees (azimuth as a compass bearing, 180 = south). */
export interface ProductionQuery {
  readonly latitude: number;
  readonly longitude: number;
  readonly peakPowerKw: number;
  readonly lossPercent: number;
  readonly tilt: number;
  readonly azimuth: number;
}

/** The answer (the server's ProductionEstimate). */
export interface ProductionEstimate {
  readonly source: 'pvgis' | 'estimate';
  /** Twelve values, January first, kWh per month. */
  readonly monthlyKwh: readonly number[];
  /** kWh per year. */
  readonly yearlyKwh: number;
  /** The source's year-to-year standard deviation: kWh and % of the yearly value; null for the formula. */
  readonly uncertainty: { readonly yearlyKwh: number; readonly percent: number } | null;
  readonly inputs: {
    readonly latitude: number;
    readonly longitude: number;
    readonly peakPowerKw: number;
    readonly lossPercent: number;
    readonly tilt: number;
    readonly azimuth: number;
  };
}

const http = createHttp({ timeoutMs: 30_000 });

/** Asks the server for the production of `query`; rejects with ApiError. */
export async function fetchProduction(
  query: ProductionQuery,
  signal?: AbortSignal,
): Promise<ProductionEstimate> {
  try {
    return await http
      .get('calculator/production', {
        searchParams: {
          lat: query.latitude,
          lon: query.longitude,
          peakPowerKw: query.peakPowerKw,
          lossPercent: query.lossPercent,
          tilt: query.tilt,
          azimuth: query.azimuth,
        },
        ...(signal ? { signal } : {}),
      })
      .json<ProductionEstimate>();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toApiError(error);
  }
}
