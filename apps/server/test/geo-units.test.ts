/**
 * The geocoder's building blocks: the one-call-per-second spacer (on fake timers), the
 * lookup cache (lru-cache: a time to live, one load per key in flight, failures not
 * kept), the Nominatim result mapping and the answer language from Accept-Language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickLanguage, toGeoPlace } from '../src/geo/geocoder.ts';
import { createSpacer, QueueFullError } from '../src/geo/spacer.ts';
import { createLookupCache } from '../src/lookup-cache.ts';

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

describe('createLookupCache', () => {
  const loader = () => {
    let calls = 0;
    const load = (value: string) => async () => {
      calls += 1;
      // Answers on a later turn: a lookup made meanwhile finds the load under way.
      await Promise.resolve();
      return { value };
    };
    return { load, calls: () => calls };
  };

  it('expires entries after the time to live and evicts the least recently used', async () => {
    let clock = 1000;
    const cache = createLookupCache<{ value: string }>({
      maxEntries: 2,
      ttlMs: 100,
      now: () => clock,
    });
    const { load, calls } = loader();
    await cache.get('a', load('A'));
    await cache.get('b', load('B'));
    expect(await cache.get('a', load('A2'))).toEqual({ value: 'A' }); // a is now the most recent
    await cache.get('c', load('C')); // evicts b
    expect(calls()).toBe(3);
    expect(await cache.get('b', load('B2'))).toEqual({ value: 'B2' });
    expect(calls()).toBe(4);
    clock += 100;
    expect(await cache.get('b', load('B3'))).toEqual({ value: 'B2' }); // exactly the ttl: live
    clock += 1;
    expect(await cache.get('b', load('B3'))).toEqual({ value: 'B3' });
    expect(calls()).toBe(5);
  });

  it('shares one load among concurrent lookups of a key', async () => {
    const cache = createLookupCache<{ value: string }>({ maxEntries: 10, ttlMs: 86_400_000 });
    const { load, calls } = loader();
    const answers = await Promise.all([
      cache.get('k', load('1')),
      cache.get('k', load('2')),
      cache.get('j', load('3')),
    ]);
    expect(answers).toEqual([{ value: '1' }, { value: '1' }, { value: '3' }]);
    expect(calls()).toBe(2);
  });

  it('does not keep a failure: the next lookup loads again', async () => {
    const cache = createLookupCache<{ value: string }>({ maxEntries: 10, ttlMs: 86_400_000 });
    const failing = async (): Promise<{ value: string }> => {
      throw new Error('upstream down');
    };
    await expect(Promise.all([cache.get('k', failing), cache.get('k', failing)])).rejects.toThrow(
      'upstream down',
    );
    expect(await cache.get('k', async () => ({ value: 'ok' }))).toEqual({ value: 'ok' });
  });

  it('keeps nothing when its size or time to live is 0, but still shares loads in flight', async () => {
    for (const settings of [
      { maxEntries: 0, ttlMs: 1000 },
      { maxEntries: 10, ttlMs: 0 },
    ]) {
      const cache = createLookupCache<{ value: string }>(settings);
      const { load, calls } = loader();
      await Promise.all([cache.get('k', load('1')), cache.get('k', load('2'))]);
      expect(calls()).toBe(1);
      expect(await cache.get('k', load('3'))).toEqual({ value: '3' });
      expect(calls()).toBe(2);
    }
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
