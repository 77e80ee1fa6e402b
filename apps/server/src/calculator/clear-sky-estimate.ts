/**
 * The production estimate used when PVGIS cannot be reached
 * (docs/decisions/032-geocoding-providers-and-fallback-estimate.md): the sun's path over the
 * site, a clear-sky irradiance model scaled by a climate factor, split into beam and
 * diffuse light and carried onto the panels' tilted, oriented plane, so latitude, tilt,
 * azimuth and losses all change the figures. Published sources, step by step:
 *
 * 1. Sun position every 10 minutes of one representative day per month (Klein, S. A., 1977,
 *    "Calculation of monthly average insolation on tilted surfaces", Solar Energy 19, 325,
 *    table 1: Jan 17, Feb 16, ... Dec 10) from suncalc (https://github.com/mourner/suncalc:
 *    apparent altitude and azimuth, degrees).
 * 2. Clear-sky global horizontal irradiance, Haurwitz (1945) as given by Reno, Hansen and
 *    Stein, "Global horizontal irradiance clear sky models" (Sandia SAND2012-2389):
 *    GHI = 1098 · cos z · exp(−0.059 / cos z) W/m².
 * 3. Climate factor: the all-sky to clear-sky ratio of the surface's downward solar
 *    irradiance, 185 / 247 W/m² ≈ 0.75, global means from Wild et al. (2019), "The
 *    cloud-free global energy balance and inferred cloud radiative effects", Climate
 *    Dynamics 52, 4787 (https://doi.org/10.1007/s00382-018-4413-y).
 * 4. Beam and diffuse parts from the hourly clearness index kt = GHI / (I0 · cos z), with
 *    I0 = 1367 · (1 + 0.033 · cos(2π · day / 365)) W/m² (Duffie and Beckman, Solar
 *    Engineering of Thermal Processes, eq. 1.4.1a), by the Erbs, Klein and Duffie (1982)
 *    correlation (Solar Energy 28, 293).
 * 5. Onto the panels: beam by the angle of incidence, with the Martin and Ruiz (2001)
 *    reflection loss (Progress in Photovoltaics 9, 75; a_r = 0.16, the model PVGIS uses);
 *    sky diffuse by Hay and Davies (1980) (circumsolar share = DNI / I0); ground-reflected
 *    light with albedo 0.2.
 * 6. kWh = kW (peak, at 1000 W/m²) × plane-of-array kWh/m² × (1 − losses %).
 *
 * Local weather, temperature, horizon and shade are not modelled: the figures are an
 * estimate and are labelled so. Azimuth follows PVGIS (`aspect`: 0 = south, 90 = west,
 * −90 = east). Units: degrees, kW, kWh, %.
 */
import { getPosition } from 'suncalc';

/** A system at a site, as the estimate needs it. */
export interface ClearSkyInput {
  /** Degrees, −90..90 (north positive). */
  latitude: number;
  /** Degrees, −180..180 (east positive). */
  longitude: number;
  /** Degrees from horizontal, 0..90. */
  tiltDeg: number;
  /** PVGIS aspect, degrees: 0 = south, 90 = west, −90 = east, ±180 = north. */
  aspectDeg: number;
  /** kW DC at standard test conditions. */
  peakPowerKw: number;
  /** System losses, %, 0..<100, applied after the light reaches the panels. */
  lossPercent: number;
}

/** The estimate: twelve months (January first) and the year, kWh, unrounded. */
export interface ClearSkyEstimate {
  monthlyKwh: number[];
  yearlyKwh: number;
}

/** The model's constants, with their sources in the file comment. */
export const CLEAR_SKY_MODEL = {
  /** All-sky / clear-sky surface solar irradiance, global mean (Wild et al. 2019). */
  climateFactor: 185 / 247,
  /** Ground reflectance of the surroundings. */
  albedo: 0.2,
  /** Martin and Ruiz angular loss coefficient of glass-covered modules. */
  angularLossCoefficient: 0.16,
  /** Minutes between sun positions. */
  stepMinutes: 10,
  /** The year whose days are sampled (a common year: 365 days). */
  year: 2025,
} as const;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Klein (1977): the day of each month whose extraterrestrial irradiation is the month's mean. */
const REPRESENTATIVE_DAY = [17, 16, 16, 15, 15, 11, 17, 16, 15, 15, 14, 10];
const RAD = Math.PI / 180;
/** cos 89.5°: keeps the beam ratio finite with the sun on the horizon. */
const MIN_COS_ZENITH = Math.cos(89.5 * RAD);

/** Erbs, Klein and Duffie (1982): the diffuse fraction of GHI at clearness index `kt`. */
export function erbsDiffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) {
    return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  }
  return 0.165;
}

/** Haurwitz clear-sky GHI, W/m², for the cosine of the solar zenith angle (0 below the horizon). */
export function haurwitzGhi(cosZenith: number): number {
  return cosZenith <= 0 ? 0 : 1098 * cosZenith * Math.exp(-0.059 / cosZenith);
}

/** Martin and Ruiz (2001) angular transmittance of the beam at incidence cosine `cosAoi`. */
function angularTransmittance(cosAoi: number): number {
  const ar = CLEAR_SKY_MODEL.angularLossCoefficient;
  return (1 - Math.exp(-cosAoi / ar)) / (1 - Math.exp(-1 / ar));
}

/** Plane-of-array irradiation of one representative day of `month` (0 = January), kWh/m². */
function dailyPlaneOfArray(input: ClearSkyInput, month: number): number {
  const { climateFactor, albedo, stepMinutes, year } = CLEAR_SKY_MODEL;
  const tilt = input.tiltDeg * RAD;
  // The panels' compass azimuth (suncalc's convention: 0 = north, clockwise).
  const surfaceAzimuth = 180 + input.aspectDeg;
  const day = REPRESENTATIVE_DAY[month]!;
  const dayOfYear = DAYS_IN_MONTH.slice(0, month).reduce((sum, days) => sum + days, 0) + day;
  const extraterrestrial = 1367 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365));
  const skyView = (1 + Math.cos(tilt)) / 2;
  const groundView = (1 - Math.cos(tilt)) / 2;
  const start = Date.UTC(year, month, day);
  let whPerM2 = 0;
  for (let minute = stepMinutes / 2; minute < 24 * 60; minute += stepMinutes) {
    const sun = getPosition(new Date(start + minute * 60_000), input.latitude, input.longitude);
    if (sun.altitude <= 0) continue;
    const cosZenith = Math.sin(sun.altitude * RAD);
    const sinZenith = Math.cos(sun.altitude * RAD);
    const ghi = climateFactor * haurwitzGhi(cosZenith);
    const kt = Math.min(1, ghi / (extraterrestrial * cosZenith));
    const dhi = ghi * erbsDiffuseFraction(kt);
    const dni = (ghi - dhi) / cosZenith;
    const cosAoi = Math.max(
      0,
      cosZenith * Math.cos(tilt) +
        sinZenith * Math.sin(tilt) * Math.cos((sun.azimuth - surfaceAzimuth) * RAD),
    );
    const anisotropy = dni / extraterrestrial;
    const beamRatio = cosAoi / Math.max(cosZenith, MIN_COS_ZENITH);
    const beam = dni * cosAoi * angularTransmittance(cosAoi);
    const sky = dhi * (anisotropy * beamRatio + (1 - anisotropy) * skyView);
    const ground = ghi * albedo * groundView;
    whPerM2 += ((beam + sky + ground) * stepMinutes) / 60;
  }
  return whPerM2 / 1000;
}

/** The estimate (see the file comment); pure and deterministic. */
export function clearSkyEstimate(input: ClearSkyInput): ClearSkyEstimate {
  const derate = 1 - input.lossPercent / 100;
  const monthlyKwh = DAYS_IN_MONTH.map(
    (days, month) => input.peakPowerKw * dailyPlaneOfArray(input, month) * days * derate,
  );
  return { monthlyKwh, yearlyKwh: monthlyKwh.reduce((sum, kwh) => sum + kwh, 0) };
}
