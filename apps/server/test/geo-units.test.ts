/**
 * The geocoder's building blocks: the one-call-per-second spacer (on fake timers), the
 * LRU cache with a time to live, single flight, the Nominatim result mapping and the
 * answer language from Accept-Language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickLanguage, toGeoPlace } from '../src/geo/geocoder.ts';
import { createSpacer, QueueFullError } from '../src/geo/spacer.ts';
import { createSingleFlight, createTtlCache } from '../src/geo/ttl-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createSpacer', () => {
  it('starts tasks at least minIntervalMs apart, in order, and refuses past maxWaiting', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const spacer = createSpacer({ minIntervalMs: 1000, maxWaiting: 2 });
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(Date.now() - 1_000_000);
      return n;
    };
    const runs = [spacer.run(task(1)), spacer.run(task(2)), spacer.run(task(3))];
    await expect(spacer.run(task(4))).rejects.toBeInstanceOf(QueueFullError);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(started).toEqual([0, 1000, 2000]);
    // After a quiet second, the next task starts at once.
    await vi.advanceTimersByTimeAsync(1000);
    await spacer.run(task(5));
    expect(started.at(-1)).toBe(3500);
  });

  it('tells how long until a turn frees', async () => {
    vi.useFakeTimers({ now: 0 });
    const spacer = createSpacer({ minIntervalMs: 1000, maxWaiting: 0 });
    await spacer.run(async () => undefined);
    const error = await spacer.run(async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueueFullError);
    expect((error as QueueFullError).retryAfterMs).toBe(1000);
  });
});

describe('createTtlCache', () => {
  it('expires entries after the time to live and evicts the least recently used', () => {
    let clock = 0;
    const cache = createTtlCache<string>({ maxEntries: 2, ttlMs: 100, now: () => clock });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recent
    cache.set('c', 'C'); // evicts b
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    clock = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('keeps nothing when its size or time to live is 0', () => {
    const cache = createTtlCache<number>({ maxEntries: 0, ttlMs: 1000 });
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('createSingleFlight', () => {
  it('shares one running task per key and runs again once it settled', async () => {
    const flight = createSingleFlight<number>();
    let calls = 0;
    const task = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls;
    };
    expect(await Promise.all([flight('k', task), flight('k', task), flight('j', task)])).toEqual([
      2, 2, 2,
    ]);
    expect(calls).toBe(2);
    await flight('k', task);
    expect(calls).toBe(3);
  });
});

describe('toGeoPlace', () => {
  it('maps a Nominatim result; the place id is the OSM object when known', () => {
    const base = { lat: 42.5, lon: 74.25, display_name: 'Somewhere' };
    expect(toGeoPlace({ ...base, place_id: 9, osm_type: 'way', osm_id: 12 })).toEqual({
      address: 'Somewhere',
      latitude: 42.5,
      longitude: 74.25,
      placeId: 'W12',
    });
    expect(toGeoPlace({ ...base, place_id: 9 }).placeId).toBe('9');
    expect(toGeoPlace({ ...base, place_id: 9, osm_type: 'unknown', osm_id: 1 }).placeId).toBe('9');
  });
});

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['es-ES,es;q=0.9', 'es'],
    ['de-DE,de;q=0.9,ru;q=0.8,en;q=0.7', 'ru'],
    ['en;q=0.2, es;q=0.8', 'es'],
    ['ru;q=0, fr', 'en'],
  ])('%s -> %s', (header, language) => {
    expect(pickLanguage(header)).toBe(language);
  });
});
