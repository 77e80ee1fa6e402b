/**
 * Geocoding over HTTP against a local fake Nominatim (the OpenAPI document): the answer shape, the
 * identifying User-Agent, the answer language, the cache (no second upstream call), at most one
 * upstream call per second, failures as 502 'Failed to get address for this location', validation
 * (400), the waiting limit (503) and the per-address limit (429).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { loadGeoConfig } from '../src/geo/routes.ts';
import { startFakeNominatim, type FakeService } from './geo-fakes.ts';
import { api, startGeoServer, type LightServer } from './projects-app.ts';

const FAILED = { message: 'Failed to get address for this location', code: 'bad_gateway' };

describe('geo proxy', () => {
  let fake: FakeService;
  let server: LightServer;
  beforeAll(async () => {
    fake = await startFakeNominatim();
    server = await startGeoServer({
      GEOCODER_URL: fake.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      GEOCODER_TIMEOUT_MS: '500',
      GEOCODER_EMAIL: 'ops@solar.example',
      GEO_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.mode = 'ok';
  });

  it('GET /geo/search answers GeoPlaces from the geocoder, with an identifying User-Agent', async () => {
    const answer = await api(server, 'GET', '/geo/search?q=Bishkek');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { address: 'Bishkek, Kyrgyzstan', latitude: 42.8766, longitude: 74.607, placeId: 'R1902451' },
      {
        address: 'Bishkek Street, Osh, Kyrgyzstan',
        latitude: 42.87,
        longitude: 74.59,
        placeId: 'W55',
      },
    ]);
    const seen = fake.requests.at(-1)!;
    expect(seen.path).toBe('/search');
    expect(seen.query.get('q')).toBe('Bishkek');
    expect(seen.query.get('format')).toBe('jsonv2');
    expect(seen.query.get('limit')).toBe('5');
    expect(seen.query.get('email')).toBe('ops@solar.example');
    expect(seen.query.get('accept-language')).toBe('en');
    expect(seen.headers['user-agent']).toMatch(/^Solar\/\S+ \(/);
    const none = await api(server, 'GET', '/geo/search?q=Atlantis');
    expect(none).toMatchObject({ status: 200, body: [] });
  });

  it('answers from the cache: the same search or point does not call the geocoder again', async () => {
    const before = fake.requests.length;
    const first = await api(server, 'GET', '/geo/search?q=karakol%20');
    expect(fake.requests.length).toBe(before + 1);
    const again = await api(server, 'GET', '/geo/search?q=%20KARAKOL');
    expect(again.body).toEqual(first.body);
    expect(fake.requests.length).toBe(before + 1);

    const point = await api(server, 'GET', '/geo/reverse?lat=42.87&lon=74.59');
    expect(point.status).toBe(200);
    expect(point.body).toEqual({
      address: 'Chui Avenue 1, Bishkek, Kyrgyzstan',
      latitude: 42.87,
      longitude: 74.59,
      placeId: 'N4242',
    });
    expect(fake.requests.length).toBe(before + 2);
    fake.mode = 'error';
    // Cached answers survive an outage.
    expect((await api(server, 'GET', '/geo/reverse?lat=42.870001&lon=74.59')).body).toEqual(
      point.body,
    );
    expect(fake.requests.length).toBe(before + 2);
  });

  it('asks in the caller’s language (Accept-Language) and caches per language', async () => {
    const ru = await api(server, 'GET', '/geo/reverse?lat=42.5&lon=74.5', {
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect(ru.body.address).toBe('проспект Чуй 1, Бишкек, Кыргызстан');
    expect(fake.requests.at(-1)!.query.get('accept-language')).toBe('ru');
    const en = await api(server, 'GET', '/geo/reverse?lat=42.5&lon=74.5', {
      headers: { 'accept-language': 'de-DE, en;q=0.5' },
    });
    expect(en.body.address).toBe('Chui Avenue 1, Bishkek, Kyrgyzstan');
    expect(fake.requests.at(-1)!.query.get('accept-language')).toBe('en');
  });

  it.each([
    ['an HTTP error', 'error'],
    ['no answer within the time limit', 'hang'],
    ['an answer that is not JSON', 'garbage'],
  ] as const)(
    'answers 502 with the spec message for %s, and does not cache it',
    async (_n, mode) => {
      fake.mode = mode;
      const point = `/geo/reverse?lat=10&lon=${mode.length}`;
      const reverse = await api(server, 'GET', point);
      expect(reverse.status).toBe(502);
      expect(reverse.body).toEqual(FAILED);
      const search = await api(server, 'GET', `/geo/search?q=Osh-${mode}`);
      expect(search.status).toBe(502);
      expect(search.body).toEqual(FAILED);
      fake.mode = 'ok';
      const before = fake.requests.length;
      expect((await api(server, 'GET', point)).status).toBe(200);
      expect(fake.requests.length).toBe(before + 1);
    },
  );

  it('answers 502 when the geocoder finds no address at the point', async () => {
    const answer = await api(server, 'GET', '/geo/reverse?lat=-30&lon=-20');
    expect(answer).toMatchObject({ status: 502, body: FAILED });
  });

  it('answers 400 for empty text, bad coordinates and unknown parameters, without calling out', async () => {
    const before = fake.requests.length;
    for (const url of [
      '/geo/search?q=',
      '/geo/search?q=%20%20',
      '/geo/search',
      `/geo/search?q=${'x'.repeat(201)}`,
      '/geo/reverse?lat=91&lon=10',
      '/geo/reverse?lat=10&lon=-180.5',
      '/geo/reverse?lat=north&lon=10',
      '/geo/reverse?lat=10',
      '/geo/reverse?lat=10&lon=10&zoom=3',
    ]) {
      const answer = await api(server, 'GET', url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.code, url).toBe('validation_failed');
    }
    expect((await api(server, 'GET', '/geo/reverse?lat=91&lon=10')).body.message).toBe(
      'Latitude must be between -90 and 90',
    );
    expect((await api(server, 'GET', '/geo/search?q=')).body.message).toBe(
      'Search text is required',
    );
    expect(fake.requests.length).toBe(before);
  });
});

describe('geo pacing and limits', () => {
  let fake: FakeService;
  afterAll(async () => {
    await fake?.close();
  });
  beforeAll(async () => {
    fake = await startFakeNominatim();
  });

  it('starts upstream calls at least one second apart', async () => {
    const server = await startGeoServer({ GEOCODER_URL: fake.url });
    try {
      const start = fake.requests.length;
      const answers = await Promise.all([
        api(server, 'GET', '/geo/reverse?lat=1&lon=1'),
        api(server, 'GET', '/geo/reverse?lat=2&lon=2'),
        api(server, 'GET', '/geo/reverse?lat=3&lon=3'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const times = fake.requests.slice(start).map((r) => r.at);
      expect(times).toHaveLength(3);
      // Measured where the fake receives them: the next call starts a second after the
      // previous one finished.
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000);
    } finally {
      await server.close();
    }
  });

  it('answers 503 with Retry-After when too many lookups wait for their turn', async () => {
    const server = await startGeoServer({
      GEOCODER_URL: fake.url,
      GEOCODER_MAX_WAITING: '1',
    });
    try {
      const answers = await Promise.all(
        [1, 2, 3].map((n) => api(server, 'GET', `/geo/search?q=place${n}`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 503]);
      const busy = answers.find((a) => a.status === 503)!;
      expect(busy.body.code).toBe('service_unavailable');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await server.close();
    }
  });

  it('limits calls per client address and route (429 with Retry-After), cached answers included', async () => {
    const server = await startGeoServer({
      GEOCODER_URL: fake.url,
      GEOCODER_MIN_INTERVAL_MS: '0',
      GEO_RATE_LIMIT: '3',
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await api(server, 'GET', '/geo/search?q=Bishkek')).status).toBe(200);
      }
      const refused = await api(server, 'GET', '/geo/search?q=Bishkek');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      const other = await server.app.inject({
        method: 'GET',
        url: '/api/v1/geo/search?q=Bishkek',
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('loadGeoConfig', () => {
  it('defaults to OpenStreetMap’s Nominatim, one call per second, and refuses bad values', () => {
    const config = loadGeoConfig({ PUBLIC_URL: 'https://solar.example' });
    expect(config.geocoder).toMatchObject({
      baseUrl: 'https://nominatim.openstreetmap.org',
      minIntervalMs: 1000,
      userAgent: expect.stringContaining('https://solar.example'),
    });
    expect(config.ratePerMinute).toBe(60);
    expect(loadGeoConfig({ GEOCODER_URL: 'http://geo.local/' }).geocoder.baseUrl).toBe(
      'http://geo.local',
    );
    expect(() => loadGeoConfig({ GEOCODER_URL: 'ftp://geo.local' })).toThrow(ConfigError);
    expect(() => loadGeoConfig({ GEOCODER_URL: 'not a url' })).toThrow(
      /^Invalid configuration: GEOCODER_URL must be an http/,
    );
    expect(() => loadGeoConfig({ GEOCODER_MIN_INTERVAL_MS: '-1' })).toThrow(ConfigError);
  });
});
