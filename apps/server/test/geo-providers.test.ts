/**
 * The geocoding providers and Nominatim's usage policy
 * (https://operations.osmfoundation.org/policies/nominatim/;
 * docs/decisions/032-geocoding-providers-and-fallback-estimate.md), against loopback
 * recorders that count upstream requests (geo-fakes.ts): type-ahead goes only to a
 * Photon-compatible service and never to Nominatim; without PHOTON_URL there is none
 * (404, and `/config` says so); the default User-Agent names the installation by its
 * PUBLIC_URL; and two server instances sharing Redis start their Nominatim calls at least
 * a second apart together.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGeoConfig } from '../src/geo/routes.ts';
import { startFakeNominatim, startFakePhoton, type FakeService } from './geo-fakes.ts';
import { startTwinServers, type TestServer } from './harness.ts';
import { call } from './helpers.ts';
import { api, startGeoServer, type LightServer } from './projects-app.ts';
import { redisAnswers, redisUrl } from './redis-support.ts';

describe('type-ahead through a Photon-compatible service (PHOTON_URL)', () => {
  let nominatim: FakeService;
  let photon: FakeService;
  let server: LightServer;
  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    photon = await startFakePhoton();
    server = await startGeoServer({
      GEOCODER_URL: nominatim.url,
      PHOTON_URL: `${photon.url}/`,
      GEO_RATE_LIMIT: '1000',
      PUBLIC_URL: 'https://solar.example.kg',
    });
  });
  afterAll(async () => {
    await server?.close();
    await photon?.close();
    await nominatim?.close();
  });
  afterEach(() => {
    photon.mode = 'ok';
  });

  it('GET /geo/suggest answers Photon’s places and never asks Nominatim', async () => {
    const answer = await api(server, 'GET', '/geo/suggest?q=Chuy', {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        address: 'Chuy Avenue, Bishkek, Kyrgyzstan',
        latitude: 42.8765,
        longitude: 74.6042,
        placeId: 'W31337',
      },
      {
        address: 'Chuy Street 12, Osh, Kyrgyzstan',
        latitude: 40.53,
        longitude: 72.8,
        placeId: 'N7',
      },
    ]);
    const seen = photon.requests.at(-1)!;
    expect(seen.path).toBe('/api');
    expect(Object.fromEntries(seen.query)).toEqual({ q: 'Chuy', limit: '5', lang: 'en' });
    expect(seen.headers['user-agent']).toBe(
      'Solar/0.1 (+https://solar.example.kg; solar-calculator)',
    );
    expect(nominatim.requests).toHaveLength(0);
  });

  it('asks for local names in Russian and Spanish (Photon speaks en, de and fr only)', async () => {
    const answer = await api(server, 'GET', '/geo/suggest?q=Чуй', {
      headers: { 'accept-language': 'ru' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body[0].address).toBe('Чуй Avenue, Bishkek, Кыргызстан');
    expect(photon.requests.at(-1)!.query.has('lang')).toBe(false);
  });

  it('caches suggestions: the same prefix again costs no upstream request', async () => {
    await api(server, 'GET', '/geo/suggest?q=Manas');
    const before = photon.requests.length;
    await api(server, 'GET', '/geo/suggest?q=%20manas%20');
    expect(photon.requests.length).toBe(before);
  });

  it('answers 502 when Photon fails, and 400 for empty text without calling it', async () => {
    photon.mode = 'error';
    expect(await api(server, 'GET', '/geo/suggest?q=Osh-down')).toMatchObject({
      status: 502,
      body: { code: 'bad_gateway' },
    });
    const before = photon.requests.length;
    expect((await api(server, 'GET', '/geo/suggest?q=%20')).status).toBe(400);
    expect(photon.requests.length).toBe(before);
  });
});

describe('without PHOTON_URL', () => {
  it('GET /geo/suggest answers 404 and asks nobody: no type-ahead against Nominatim', async () => {
    const nominatim = await startFakeNominatim();
    const server = await startGeoServer({ GEOCODER_URL: nominatim.url });
    try {
      const answer = await api(server, 'GET', '/geo/suggest?q=Chuy');
      expect(answer).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(nominatim.requests).toHaveLength(0);
    } finally {
      await server.close();
      await nominatim.close();
    }
  });
});

describe('loadGeoConfig: identifying the installation', () => {
  it('names the installation by PUBLIC_URL in the default User-Agent', () => {
    const config = loadGeoConfig({ PUBLIC_URL: 'https://solar.example.kg/' });
    expect(config.geocoder.userAgent).toBe(
      'Solar/0.1 (+https://solar.example.kg; solar-calculator)',
    );
    expect(config.identified).toBe(true);
    expect(config.photon).toBeUndefined();
  });

  it('is not identified on the localhost default until one of the three is set', () => {
    expect(loadGeoConfig({ PORT: '8080' })).toMatchObject({
      geocoder: { userAgent: 'Solar/0.1 (+http://localhost:8080; solar-calculator)' },
      identified: false,
    });
    expect(loadGeoConfig({ GEOCODER_EMAIL: 'ops@solar.example.kg' }).identified).toBe(true);
    expect(loadGeoConfig({ GEOCODER_USER_AGENT: 'SolarKG/1 (ops@solar.kg)' }).identified).toBe(
      true,
    );
  });

  it('refuses a PHOTON_URL that is not http(s)', () => {
    expect(() => loadGeoConfig({ PHOTON_URL: 'ftp://photon.local' })).toThrow(
      /^Invalid configuration: PHOTON_URL must be an http/,
    );
    expect(loadGeoConfig({ PHOTON_URL: 'http://photon.local/' }).photon?.baseUrl).toBe(
      'http://photon.local',
    );
  });
});

const haveRedis = await redisAnswers(redisUrl);
if (!haveRedis) {
  console.warn(`SKIPPED: the shared geocoder pace needs a Redis at ${redisUrl} (REDIS_TEST_URL)`);
}

describe.skipIf(!haveRedis)('two instances sharing Redis', () => {
  let nominatim: FakeService;
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    nominatim = await startFakeNominatim();
    twins = await startTwinServers('pglite', {
      REDIS_URL: redisUrl.toString(),
      GEOCODER_URL: nominatim.url,
      GEOCODER_MIN_INTERVAL_MS: '1000',
      GEO_RATE_LIMIT: '1000',
    });
    [one, two] = twins.servers;
  });
  afterAll(async () => {
    await twins?.close();
    await nominatim?.close();
  });

  it('start their Nominatim calls at least one second apart together', async () => {
    const stamp = Date.now().toString(36);
    const answers = await Promise.all(
      [one, two, one, two].map((server, n) => call(server, 'GET', `/geo/search?q=${stamp}-${n}`)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const times = nominatim.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    // Measured where the recorder receives them, whichever instance sent them.
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!, `gap ${i}`).toBeGreaterThanOrEqual(1000);
    }
  });
});
