/**
 * PV system inputs shared by the full calculator's configuration step (web) and
 * `GET /calculator/production` (server): defaults and limits, units in the names.
 *
 * Sources of the defaults:
 * - losses 14 %: the default system losses of NREL's PVWatts (Dobos, "PVWatts Version 5
 *   Manual", NREL/TP-6A20-62641, 2014) and PVGIS's suggested value for a new system;
 * - tilt 30°: a common pitched-roof angle, near PVGIS's optimal fixed tilt for Bishkek
 *   (about 42.9° N: 35-37°), where the yearly output differs from the optimum by ~1 %;
 * - azimuth 180°: facing due south, the best bearing in the northern hemisphere (PVWatts
 *   convention: 0 = north, 90 = east, 270 = west).
 */

/** Defaults: tilt degrees from horizontal, azimuth compass degrees, system losses %. */
export const PV_DEFAULTS = { tiltDeg: 30, azimuthDeg: 180, lossPercent: 14 } as const;

/** Accepted ranges (inclusive) of the same inputs. */
export const PV_LIMITS = {
  tiltDeg: { min: 0, max: 90 },
  azimuthDeg: { min: 0, max: 360 },
  lossPercent: { min: 0, max: 99 },
} as const;
