/**
 * The clear-sky estimate used when PVGIS cannot be reached (clear-sky-estimate.ts;
 * docs/decisions/032-geocoding-providers-and-fallback-estimate.md): tilt, azimuth (PVGIS
 * aspect: 0 = south, 90 = west, -90 = east), latitude and losses change the figures in the
 * directions the sun's geometry says, and its building blocks give their published values.
 */
import { describe, expect, it } from 'vitest';
import {
  clearSkyEstimate,
  erbsDiffuseFraction,
  haurwitzGhi,
  type ClearSkyInput,
} from '../src/calculator/clear-sky-estimate.ts';
import { estimateProduction, pvgisAspect } from '../src/calculator/production.ts';

const BISHKEK = { latitude: 42.8746, longitude: 74.5698 };
const SYDNEY = { latitude: -33.8688, longitude: 151.2093 };

const yearlyKwh = (input: Partial<ClearSkyInput>) =>
  clearSkyEstimate({
    ...BISHKEK,
    tiltDeg: 30,
    aspectDeg: 0,
    peakPowerKw: 1,
    lossPercent: 14,
    ...input,
  }).yearlyKwh;

describe('orientation and tilt at Bishkek (42.9° N), 1 kW, 14 % losses', () => {
  it.each([
    [
      'south 30°',
      { tiltDeg: 30, aspectDeg: 0 },
      'vertical south 90°',
      { tiltDeg: 90, aspectDeg: 0 },
    ],
    ['south 30°', { tiltDeg: 30, aspectDeg: 0 }, 'flat 0°', { tiltDeg: 0, aspectDeg: 0 }],
    ['south 30°', { tiltDeg: 30, aspectDeg: 0 }, 'east 30° (-90)', { tiltDeg: 30, aspectDeg: -90 }],
    ['south 30°', { tiltDeg: 30, aspectDeg: 0 }, 'west 30° (90)', { tiltDeg: 30, aspectDeg: 90 }],
    [
      'east 30°',
      { tiltDeg: 30, aspectDeg: -90 },
      'north 30° (180)',
      { tiltDeg: 30, aspectDeg: 180 },
    ],
    ['flat 0°', { tiltDeg: 0, aspectDeg: 0 }, 'north 30° (180)', { tiltDeg: 30, aspectDeg: 180 }],
    [
      'north 30°',
      { tiltDeg: 30, aspectDeg: 180 },
      'north 60° (180)',
      { tiltDeg: 60, aspectDeg: 180 },
    ],
  ])('%s gives more kWh/year than %s', (_a, better, _b, worse) => {
    expect(yearlyKwh(better)).toBeGreaterThan(yearlyKwh(worse));
  });

  it('faces north lowest of the eight compass directions at 30° tilt (kWh/year)', () => {
    const byAspect = [-180, -135, -90, -45, 0, 45, 90, 135].map((aspectDeg) => ({
      aspectDeg,
      kwh: yearlyKwh({ aspectDeg }),
    }));
    const lowest = byAspect.reduce((a, b) => (b.kwh < a.kwh ? b : a));
    const highest = byAspect.reduce((a, b) => (b.kwh > a.kwh ? b : a));
    expect(lowest.aspectDeg).toBe(-180);
    expect(highest.aspectDeg).toBe(0);
  });

  it('treats east and west alike within 1 % (kWh/year)', () => {
    expect(yearlyKwh({ aspectDeg: 90 }) / yearlyKwh({ aspectDeg: -90 })).toBeCloseTo(1, 2);
  });

  it('gives a flat array the same kWh/year whatever its azimuth', () => {
    expect(yearlyKwh({ tiltDeg: 0, aspectDeg: 120 })).toBeCloseTo(
      yearlyKwh({ tiltDeg: 0, aspectDeg: 0 }),
      6,
    );
  });

  it('puts a south 30° array between 1000 and 1800 kWh per kW a year, as Central Asia’s sun allows', () => {
    // Below the spec's 4.5 effective sun hours (1643 kWh/kW) and well above a cloudy coast.
    const kwh = yearlyKwh({});
    expect(kwh).toBeGreaterThan(1000);
    expect(kwh).toBeLessThan(1800);
  });
});

describe('losses, size and latitude', () => {
  it.each([0, 7, 14, 30, 50])('scales linearly with %s % losses (kWh/year)', (lossPercent) => {
    const lossless = yearlyKwh({ lossPercent: 0 });
    expect(yearlyKwh({ lossPercent })).toBeCloseTo(lossless * (1 - lossPercent / 100), 6);
  });

  it.each([0.4, 5, 12.5])('scales linearly with %s kW of panels (kWh/year)', (peakPowerKw) => {
    expect(yearlyKwh({ peakPowerKw })).toBeCloseTo(yearlyKwh({ peakPowerKw: 1 }) * peakPowerKw, 6);
  });

  it.each([
    ['Bishkek 42.9° N', BISHKEK, 'Oslo 59.9° N', { latitude: 59.91, longitude: 10.75 }],
    ['Aswan 24.1° N', { latitude: 24.09, longitude: 32.9 }, 'Bishkek 42.9° N', BISHKEK],
  ])('gives a flat array more kWh/year at %s than at %s', (_a, sunnier, _b, darker) => {
    expect(yearlyKwh({ ...sunnier, tiltDeg: 0 })).toBeGreaterThan(
      yearlyKwh({ ...darker, tiltDeg: 0 }),
    );
  });
});

describe('monthly shape (kWh/month) follows the season', () => {
  const months = (site: { latitude: number; longitude: number }, aspectDeg: number) =>
    clearSkyEstimate({ ...site, tiltDeg: 0, aspectDeg, peakPowerKw: 1, lossPercent: 14 })
      .monthlyKwh;

  it('peaks in June or July and bottoms in December or January in the northern hemisphere', () => {
    const m = months(BISHKEK, 0);
    expect(m).toHaveLength(12);
    expect([5, 6]).toContain(m.indexOf(Math.max(...m)));
    expect([11, 0]).toContain(m.indexOf(Math.min(...m)));
    expect(m[5]! / m[11]!).toBeGreaterThan(2.5);
  });

  it('peaks in December or January and bottoms in June or July in the southern hemisphere', () => {
    const m = months(SYDNEY, 0);
    expect([11, 0]).toContain(m.indexOf(Math.max(...m)));
    expect([5, 6]).toContain(m.indexOf(Math.min(...m)));
  });

  it('faces north best south of the equator (kWh/year, tilt 30°)', () => {
    const at = (aspectDeg: number) => yearlyKwh({ ...SYDNEY, aspectDeg });
    expect(at(180)).toBeGreaterThan(at(90));
    expect(at(90)).toBeGreaterThan(at(0));
  });
});

describe('the building blocks', () => {
  it.each([
    [1, 1098 * Math.exp(-0.059)],
    [0.5, 549 * Math.exp(-0.118)],
    [0, 0],
    [-0.2, 0],
  ])('Haurwitz clear-sky GHI at cos z = %s is %s W/m²', (cosZenith, ghi) => {
    expect(haurwitzGhi(cosZenith)).toBeCloseTo(ghi, 6);
  });

  it.each([
    [0.1, 0.991],
    [0.5, 0.6593],
    [0.7, 0.244],
    [0.9, 0.165],
  ])('Erbs diffuse fraction at clearness index %s is %s', (kt, fraction) => {
    expect(erbsDiffuseFraction(kt)).toBeCloseTo(fraction, 3);
  });

  it.each([
    [180, 0],
    [90, -90],
    [270, 90],
    [0, -180],
    [360, -180],
    [135, -45],
  ])('turns the compass azimuth %s° into the PVGIS aspect %s°', (azimuth, aspect) => {
    expect(pvgisAspect(azimuth)).toBe(aspect);
  });

  it('answers the contract’s labelled shape, rounded to 0.1 kWh a month and 1 kWh a year', () => {
    const inputs = { ...BISHKEK, peakPowerKw: 5, lossPercent: 14, tilt: 30, azimuth: 180 };
    const answer = estimateProduction(inputs);
    expect(answer).toMatchObject({
      source: 'estimate',
      estimateModel: 'clear-sky',
      uncertainty: null,
      inputs,
    });
    for (const kwh of answer.monthlyKwh) expect(Math.round(kwh * 10)).toBeCloseTo(kwh * 10, 6);
    expect(answer.yearlyKwh).toBe(Math.round(yearlyKwh({ peakPowerKw: 5 })));
  });
});
