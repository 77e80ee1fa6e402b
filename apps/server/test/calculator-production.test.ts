/**
 * `GET /calculator/production` against a local fake PVGIS (docs/product.md#full-calculator):
 * PVGIS's monthly kWh and stated uncertainty, the PVWatts -> PVGIS azimuth conversion,
 * the cache per rounded location and configuration, the clear-sky estimate when PVGIS
 * fails (error, timeout, refused location; the model itself in
 * calculator-production-model.test.ts), validation, and the calculator settings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { estimateProduction } from '../src/calculator/production.ts';
import { loadCalculatorConfig } from '../src/calculator/config.ts';
import { ConfigError } from '../src/config.ts';
import { PVGIS_MONTHLY_PER_KW, startFakePvgis, type FakeService } from './geo-fakes.ts';
import { api, startCalculatorServer, type LightServer } from './projects-app.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

let fake: FakeService;
let server: LightServer;
beforeAll(async () => {
  fake = await startFakePvgis();
  server = await startCalculatorServer({
    PVGIS_URL: fake.url,
    PVGIS_TIMEOUT_MS: '300',
    PRODUCTION_RATE_LIMIT: '1000',
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  fake.mode = 'ok';
});

const production = (query: string) => api(server, 'GET', `/calculator/production?${query}`);

describe('production from PVGIS', () => {
  it('answers PVGIS’s monthly and yearly kWh with its year-to-year uncertainty', async () => {
    const answer = await production(
      'lat=42.8741&lon=74.6122&peakPowerKw=5&lossPercent=14&tilt=30&azimuth=180',
    );
    expect(answer.status).toBe(200);
    const yearly = PVGIS_MONTHLY_PER_KW.reduce((sum, e) => sum + e * 5, 0);
    expect(answer.body).toEqual({
      source: 'pvgis',
      estimateModel: null,
      monthlyKwh: PVGIS_MONTHLY_PER_KW.map((e) => round1(e * 5)),
      yearlyKwh: Math.round(yearly),
      uncertainty: { yearlyKwh: Math.round(yearly * 0.05), percent: 5 },
      inputs: {
        latitude: 42.87,
        longitude: 74.61,
        peakPowerKw: 5,
        lossPercent: 14,
        tilt: 30,
        azimuth: 180,
      },
    });
    const seen = fake.requests.at(-1)!;
    expect(seen.path).toBe('/PVcalc');
    expect(Object.fromEntries(seen.query)).toMatchObject({
      lat: '42.87',
      lon: '74.61',
      peakpower: '5',
      loss: '14',
      angle: '30',
      aspect: '0',
      outputformat: 'json',
    });
    expect(seen.headers['user-agent']).toMatch(/^Solar\//);
  });

  it.each([
    [90, '-90'],
    [270, '90'],
    [135, '-45'],
    [0, '-180'],
    [360, '-180'],
  ])('turns the compass azimuth %s into PVGIS aspect %s', async (azimuth, aspect) => {
    await production(`lat=10&lon=${20 + azimuth / 1000}&peakPowerKw=1&azimuth=${azimuth}`);
    expect(fake.requests.at(-1)!.query.get('aspect')).toBe(aspect);
  });

  it('uses defaults of 14 % losses, 30° tilt and south (180°)', async () => {
    const answer = await production('lat=41&lon=75&peakPowerKw=2.5');
    expect(answer.body.inputs).toEqual({
      latitude: 41,
      longitude: 75,
      peakPowerKw: 2.5,
      lossPercent: 14,
      tilt: 30,
      azimuth: 180,
    });
    expect(Object.fromEntries(fake.requests.at(-1)!.query)).toMatchObject({
      loss: '14',
      angle: '30',
      aspect: '0',
    });
  });

  it('caches per rounded location and configuration: a nearby point costs no second call', async () => {
    const query = 'peakPowerKw=4&lossPercent=14&tilt=25&azimuth=180';
    const first = await production(`lat=40.1234&lon=70.5678&${query}`);
    const calls = fake.requests.length;
    const near = await production(`lat=40.1231&lon=70.5681&${query}`);
    expect(near.body).toEqual(first.body);
    expect(fake.requests.length).toBe(calls);
    // Another configuration is another question.
    await production('lat=40.1234&lon=70.5678&peakPowerKw=4&lossPercent=14&tilt=35&azimuth=180');
    expect(fake.requests.length).toBe(calls + 1);
    // Cached answers survive a PVGIS outage.
    fake.mode = 'error';
    expect((await production(`lat=40.1234&lon=70.5678&${query}`)).body.source).toBe('pvgis');
  });
});

describe('fallback to the clear-sky estimate', () => {
  const expectEstimate = (body: Record<string, unknown>, query: string) => {
    const q = new URLSearchParams(query);
    const inputs = {
      latitude: Number(q.get('lat')),
      longitude: Number(q.get('lon')),
      peakPowerKw: Number(q.get('peakPowerKw')),
      lossPercent: 14,
      tilt: 30,
      azimuth: 180,
    };
    expect(body).toEqual({ ...estimateProduction(inputs), inputs });
    expect(body).toMatchObject({
      source: 'estimate',
      estimateModel: 'clear-sky',
      uncertainty: null,
    });
  };

  it.each([
    ['PVGIS answers an HTTP error', 'error'],
    ['PVGIS does not answer in time', 'hang'],
    ['PVGIS answers something that is not JSON', 'garbage'],
  ] as const)(
    'answers the labelled estimate when %s, and asks PVGIS again later',
    async (_n, mode) => {
      fake.mode = mode;
      const query = `lat=30&lon=${mode.length}&peakPowerKw=3`;
      const answer = await production(query);
      expect(answer.status).toBe(200);
      expectEstimate(answer.body, query);
      fake.mode = 'ok';
      expect((await production(query)).body).toMatchObject({
        source: 'pvgis',
        estimateModel: null,
      });
    },
  );

  it('answers the labelled estimate when PVGIS refuses the location (over the sea)', async () => {
    const query = 'lat=-70&lon=0&peakPowerKw=3';
    const answer = await production(query);
    expect(answer.status).toBe(200);
    expectEstimate(answer.body, query);
  });

  it('respects tilt and losses: 90° and 30 % give far less than 30° and 14 % (main gave 10,512 kWh for both)', async () => {
    fake.mode = 'error';
    const base = 'lat=42.87&lon=74.59&peakPowerKw=6.4&azimuth=180';
    const roof = await production(`${base}&tilt=30&lossPercent=14`);
    const wall = await production(`${base}&tilt=90&lossPercent=30`);
    expect(roof.body.source).toBe('estimate');
    expect(wall.body.yearlyKwh).toBeLessThan(roof.body.yearlyKwh * 0.6);
  });
});

describe('validation', () => {
  it.each([
    ['lon=74&peakPowerKw=5', 'lat'],
    ['lat=&lon=74&peakPowerKw=5', 'lat'],
    ['lat=95&lon=74&peakPowerKw=5', 'lat'],
    ['lat=42&lon=190&peakPowerKw=5', 'lon'],
    ['lat=42&lon=74', 'peakPowerKw'],
    ['lat=42&lon=74&peakPowerKw=0', 'peakPowerKw'],
    ['lat=42&lon=74&peakPowerKw=five', 'peakPowerKw'],
    ['lat=42&lon=74&peakPowerKw=5&lossPercent=100', 'lossPercent'],
    ['lat=42&lon=74&peakPowerKw=5&tilt=91', 'tilt'],
    ['lat=42&lon=74&peakPowerKw=5&azimuth=-1', 'azimuth'],
    ['lat=42&lon=74&peakPowerKw=5&mounting=roof', 'mounting'],
  ])('%s -> 400 naming %s, without calling PVGIS', async (query, field) => {
    const calls = fake.requests.length;
    const answer = await production(query);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(Object.keys(answer.body.errors)).toContain(field);
    expect(fake.requests.length).toBe(calls);
  });

  it('names the rule in the message', async () => {
    expect((await production('lat=95&lon=74&peakPowerKw=5')).body.message).toBe(
      'Latitude must be between -90 and 90',
    );
    expect((await production('lat=42&lon=74&peakPowerKw=5&tilt=91')).body.message).toBe(
      'Tilt must be between 0 and 90 degrees',
    );
  });
});

describe('loadCalculatorConfig', () => {
  it('has working defaults and refuses bad values with one line naming the variable', () => {
    const config = loadCalculatorConfig({});
    expect(config.pvgis.baseUrl).toBe('https://re.jrc.ec.europa.eu/api/v5_3');
    expect(config.ocr).toMatchObject({ workers: 2, timeoutMs: 10_000, languages: 'eng' });
    expect(config.billRatePerMinute).toBe(10);
    expect(loadCalculatorConfig({ PVGIS_URL: 'http://pvgis.local/api/' }).pvgis.baseUrl).toBe(
      'http://pvgis.local/api',
    );
    expect(() => loadCalculatorConfig({ PVGIS_URL: 'nope' })).toThrow(
      /^Invalid configuration: PVGIS_URL must be an http/,
    );
    expect(() => loadCalculatorConfig({ OCR_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => loadCalculatorConfig({ OCR_WORKERS: '2.5' })).toThrow(
      'Invalid configuration: OCR_WORKERS must be a whole number from 1 to 8',
    );
    expect(() => loadCalculatorConfig({ OCR_LANGUAGES: 'eng,rus' })).toThrow(ConfigError);
  });
});
