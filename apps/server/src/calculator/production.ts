/**
 * Monthly production of a PV system for the full calculator (docs/product.md#full-calculator;
 * docs/decisions/010-ocr-geocoding-pvgis.md). Asks the PVGIS PVcalc service (PVWatts-style
 * inputs: peak power kW, system losses %, tilt and azimuth degrees) and keeps answers in
 * an LRU cache per location rounded to 0.01 degree (about 1 km) and configuration. When
 * PVGIS cannot be reached or refuses the location, the clear-sky estimate from the sun's
 * path at the site answers instead (clear-sky-estimate.ts;
 * docs/decisions/032-geocoding-providers-and-fallback-estimate.md), with
 * `source: 'estimate'` and `estimateModel: 'clear-sky'`.
 *
 * Units: kW, kWh, %, degrees. Azimuth is a compass bearing (180 = south, 90 = east,
 * 270 = west), as in PVWatts; PVGIS's `aspect` is azimuth - 180 (0 = south, -90 = east).
 */
import {
  ESTIMATE_CONSTANTS,
  PV_DEFAULTS,
  roundHalfUp,
  type ProductionEstimate,
  type ProductionQuery,
} from '@solar/domain';
import { z } from 'zod';
import { createLookupCache } from '../lookup-cache.ts';
import { createUpstream } from '../upstream.ts';
import { clearSkyEstimate } from './clear-sky-estimate.ts';

/** The query of `GET /calculator/production` (domain contract's ProductionQuery). */
export type ProductionInput = ProductionQuery;

/** The answer of `GET /calculator/production` (domain contract's ProductionEstimate). */
export type { ProductionEstimate };

/** PVGIS settings. */
export interface PvgisOptions {
  /** e.g. https://re.jrc.ec.europa.eu/api/v5_3, without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  cacheTtlMs: number;
  cacheSize: number;
  userAgent: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Why PVGIS gave no answer (logged; the caller gets the estimate). */
export class PvgisError extends Error {
  override name = 'PvgisError';
}

/** A compass azimuth (180 = south, 90 = east) as PVGIS's aspect (0 = south, -90 = east), -180..179. */
export function pvgisAspect(azimuth: number): number {
  return ((((azimuth - 180 + 540) % 360) + 360) % 360) - 180;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The estimate when the site is not known (an unverified address): the quick calculator's
 * 4.5 effective sun hours a day (docs/product.md#quick-calculator), which stand for typical
 * losses (14 %), scaled to this system's losses; tilt and azimuth cannot count without the
 * site. kWh per month rounded to 0.1, per year to whole kWh.
 */
export function estimateWithoutSite(input: ProductionInput): ProductionEstimate {
  const derate = (1 - input.lossPercent / 100) / (1 - PV_DEFAULTS.lossPercent / 100);
  const monthly = DAYS_IN_MONTH.map(
    (days) => input.peakPowerKw * ESTIMATE_CONSTANTS.sunHoursPerDay * days * derate,
  );
  return {
    source: 'estimate',
    estimateModel: 'sun-hours',
    monthlyKwh: monthly.map((kwh) => roundHalfUp(kwh, 1)),
    yearlyKwh: roundHalfUp(monthly.reduce((sum, kwh) => sum + kwh, 0)),
    uncertainty: null,
    inputs: input,
  };
}

/**
 * The estimate used when PVGIS gives no figures: the clear-sky model at the site
 * (clear-sky-estimate.ts) for this size, tilt, azimuth and losses; kWh per month rounded to
 * 0.1, per year to whole kWh; no stated uncertainty. Without a site, estimateWithoutSite.
 */
export function estimateProduction(input: ProductionInput): ProductionEstimate {
  if (input.latitude === null || input.longitude === null) return estimateWithoutSite(input);
  const estimate = clearSkyEstimate({
    latitude: input.latitude,
    longitude: input.longitude,
    tiltDeg: input.tilt,
    aspectDeg: pvgisAspect(input.azimuth),
    peakPowerKw: input.peakPowerKw,
    lossPercent: input.lossPercent,
  });
  return {
    source: 'estimate',
    estimateModel: 'clear-sky',
    monthlyKwh: estimate.monthlyKwh.map((kwh) => roundHalfUp(kwh, 1)),
    yearlyKwh: roundHalfUp(estimate.yearlyKwh),
    uncertainty: null,
    inputs: input,
  };
}

const pvgisAnswer = z.object({
  outputs: z.object({
    monthly: z.object({
      fixed: z
        .array(z.object({ month: z.number().int().min(1).max(12), E_m: z.number().min(0) }))
        .length(12),
    }),
    totals: z.object({
      fixed: z.object({ E_y: z.number().min(0), SD_y: z.number().min(0).optional() }),
    }),
  }),
});

/** The inputs rounded as the cache keys them: 0.01 degree, 0.01 kW, 0.1 %, whole degrees. */
export function roundInputs(input: ProductionInput): ProductionInput {
  return {
    latitude: input.latitude === null ? null : Math.round(input.latitude * 100) / 100,
    longitude: input.longitude === null ? null : Math.round(input.longitude * 100) / 100,
    peakPowerKw: roundHalfUp(input.peakPowerKw, 2),
    lossPercent: roundHalfUp(input.lossPercent, 1),
    tilt: Math.round(input.tilt),
    azimuth: Math.round(input.azimuth) % 360,
  };
}

/** The production service: PVGIS with a cache, else the clear-sky estimate. */
export interface ProductionService {
  /** Never throws for upstream trouble: it answers the estimate then. */
  estimate(input: ProductionInput): Promise<ProductionEstimate>;
}

/** Creates the service; `onFallback` hears why PVGIS was not used (for the log). */
export function createProductionService(
  options: PvgisOptions,
  onFallback: (error: PvgisError) => void = () => undefined,
): ProductionService {
  const client = createUpstream({
    name: 'PVGIS',
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    // PVGIS refuses some inputs with HTTP 400 and a JSON `message` ("Location over the sea").
    fail: (message, _status, data) => {
      const reason = (data as { message?: unknown } | null | undefined)?.message;
      return new PvgisError(typeof reason === 'string' ? `${message}: ${reason}` : message);
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const cache = createLookupCache<ProductionEstimate>({
    maxEntries: options.cacheSize,
    ttlMs: options.cacheTtlMs,
    ...(options.now ? { now: options.now } : {}),
  });

  async function askPvgis(input: ProductionInput): Promise<ProductionEstimate> {
    const url = new URL(`${options.baseUrl}/PVcalc`);
    const aspect = pvgisAspect(input.azimuth);
    const params = {
      lat: String(input.latitude),
      lon: String(input.longitude),
      peakpower: String(input.peakPowerKw),
      loss: String(input.lossPercent),
      angle: String(input.tilt),
      aspect: String(aspect),
      mountingplace: 'building',
      pvtechchoice: 'crystSi',
      outputformat: 'json',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const body = await client.getJson(url);
    const parsed = pvgisAnswer.safeParse(body);
    if (!parsed.success) throw new PvgisError('PVGIS answer has an unexpected shape');
    const months = [...parsed.data.outputs.monthly.fixed].sort((a, b) => a.month - b.month);
    const totals = parsed.data.outputs.totals.fixed;
    const yearly = totals.E_y;
    return {
      source: 'pvgis',
      estimateModel: null,
      monthlyKwh: months.map((m) => roundHalfUp(m.E_m, 1)),
      yearlyKwh: roundHalfUp(yearly),
      uncertainty:
        totals.SD_y === undefined
          ? null
          : {
              yearlyKwh: roundHalfUp(totals.SD_y),
              percent: yearly > 0 ? roundHalfUp((totals.SD_y / yearly) * 100, 1) : 0,
            },
      inputs: input,
    };
  }

  return {
    async estimate(raw) {
      const input = roundInputs(raw);
      // No site, nothing to ask PVGIS.
      if (input.latitude === null || input.longitude === null) return estimateWithoutSite(input);
      try {
        return await cache.get(JSON.stringify(input), () => askPvgis(input));
      } catch (error) {
        if (!(error instanceof PvgisError)) throw error;
        onFallback(error);
        return estimateProduction(input);
      }
    },
  };
}
