import { describe, expect, it } from 'vitest';
import {
  CHAT_INPUT_MAX_HEIGHT_PX,
  CURRENCY,
  DEFAULT_LOCALE,
  DELAYS_MS,
  GEOLOCATION,
  LOCALES,
  MAPS_LOADER,
  MAP_DEFAULTS,
  STREAM_RETRY_MS,
  TOAST_DURATION_MS,
  TOAST_FADE_OUT_MS,
  isLocale,
} from './constants.ts';
import { API_BASE_PATH, API_ERROR_CODES } from './contract.ts';

describe('business constants', () => {
  it.each([
    ['toast default', TOAST_DURATION_MS.default, 5000],
    ['toast error', TOAST_DURATION_MS.error, 7000],
    ['toast success', TOAST_DURATION_MS.success, 4000],
    ['toast warning', TOAST_DURATION_MS.warning, 5000],
    ['toast info', TOAST_DURATION_MS.info, 4000],
    ['toast fade-out', TOAST_FADE_OUT_MS, 300],
    ['geolocation timeout', GEOLOCATION.timeoutMs, 10_000],
    ['quick max age (5 min)', GEOLOCATION.quickMaximumAgeMs, 300_000],
    ['full max age (1 min)', GEOLOCATION.fullMaximumAgeMs, 60_000],
    ['maps loader timeout', MAPS_LOADER.timeoutMs, 15_000],
    ['maps poll interval', MAPS_LOADER.pollIntervalMs, 100],
    ['maps max polls', MAPS_LOADER.maxPolls, 100],
    ['map zoom', MAP_DEFAULTS.zoom, 15],
    ['chat input max height', CHAT_INPUT_MAX_HEIGHT_PX, 200],
    ['stream retry', STREAM_RETRY_MS, 1000],
    ['reset redirect', DELAYS_MS.resetRedirect, 3000],
  ])('%s is %d', (_, value, expected) => {
    expect(value).toBe(expected);
  });

  it('centres the map on New York', () => {
    expect(MAP_DEFAULTS.center.latitude).toBeCloseTo(40.71, 2);
    expect(MAP_DEFAULTS.center.longitude).toBeCloseTo(-74.01, 2);
  });

  it('has three languages, English by default, and the som', () => {
    expect(LOCALES).toEqual(['en', 'es', 'ru']);
    expect(DEFAULT_LOCALE).toBe('en');
    expect(isLocale('ru')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(1)).toBe(false);
    expect(CURRENCY).toBe('KGS');
  });

  it('has the API base path and error codes of the contract', () => {
    expect(API_BASE_PATH).toBe('/api/v1');
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
  });
});
