/**
 * An address as typed while no geocoder could check it (docs/product.md#full-calculator;
 * docs/decisions/032-geocoding-providers-and-fallback-estimate.md): the project keeps it with
 * `addressVerified: false` and no point, on PGlite and PostgreSQL; bad combinations are 400
 * with a field message and nothing is written; production without a site is the labelled
 * 4.5-sun-hour estimate with the losses (PVGIS is not asked); the proposal PDF says the
 * address is not verified.
 */
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateWithoutSite } from '../src/calculator/production.ts';
import { startFakePvgis, type FakeService } from './geo-fakes.ts';
import {
  ADMIN,
  api,
  databaseKinds,
  signIn,
  startPluginServer,
  type PluginServer,
} from './projects-app.ts';

const TYPED = {
  address: 'Чуй 12, Бишкек',
  latitude: null,
  longitude: null,
  addressVerified: false,
};
const configuration = {
  systemSizeKw: 4,
  panelCount: 10,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'metal',
  lossPercent: 20,
  pricePerKwhSom: 1.49,
};

let pvgis: FakeService;
beforeAll(async () => {
  pvgis = await startFakePvgis();
});
afterAll(async () => {
  await pvgis?.close();
});

describe.each(databaseKinds)('an unverified address on %s', (kind) => {
  let server: PluginServer;
  let token: string;
  beforeAll(async () => {
    server = await startPluginServer(kind, {
      PVGIS_URL: pvgis.url,
      PRODUCTION_RATE_LIMIT: '1000',
    });
    token = (await signIn(server, ADMIN)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is saved with addressVerified false and no point, and read back so', async () => {
    const created = await api(server, 'POST', '/projects', {
      token,
      body: { location: TYPED, configuration, isDraft: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.location).toEqual(TYPED);
    const read = await api(server, 'GET', `/projects/${created.body.id}`, { token });
    expect(read.body.location).toEqual(TYPED);
  });

  it.each([
    ['no point for a verified address', { ...TYPED, addressVerified: undefined }, 'latitude'],
    ['half a point', { ...TYPED, latitude: 42.87 }, 'longitude'],
    ['addressVerified true', { ...TYPED, addressVerified: true }, 'location.addressVerified'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_name, location, field) => {
    const before = await api(server, 'GET', '/projects', { token });
    const answer = await api(server, 'POST', '/projects', { token, body: { location } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(Object.keys(answer.body.errors).join(' ')).toContain(field);
    const after = await api(server, 'GET', '/projects', { token });
    expect(after.body.length).toBe(before.body.length);
  });

  it('gives the proposal PDF a note instead of coordinates and the 4.5-sun-hour source', async () => {
    const created = await api(server, 'POST', '/projects', {
      token,
      body: { location: TYPED, configuration, isDraft: false },
    });
    const calls = pvgis.requests.length;
    const pdf = await server.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${created.body.id}/proposal.pdf?locale=en`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('not known: the address was typed and not verified');
    expect(text).toContain('4.5 sun hours a day with these losses');
    expect(pvgis.requests.length).toBe(calls);
  });
});

describe('production without a site', () => {
  let server: PluginServer;
  beforeAll(async () => {
    server = await startPluginServer('pglite', {
      PVGIS_URL: pvgis.url,
      PRODUCTION_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the labelled 4.5-sun-hour estimate with the losses, without asking PVGIS', async () => {
    const calls = pvgis.requests.length;
    const answer = await api(server, 'GET', '/calculator/production?peakPowerKw=4&lossPercent=20');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      source: 'estimate',
      estimateModel: 'sun-hours',
      uncertainty: null,
      inputs: { latitude: null, longitude: null, peakPowerKw: 4, lossPercent: 20 },
    });
    // 4 kW x 4.5 h x 365 days x (1 - 0.20) / (1 - 0.14) = 6112 kWh.
    expect(answer.body.yearlyKwh).toBe(6112);
    expect(pvgis.requests.length).toBe(calls);
  });

  it.each([0, 14, 30])('scales linearly with %s % losses (kWh/year)', (lossPercent) => {
    const input = {
      latitude: null,
      longitude: null,
      peakPowerKw: 1,
      lossPercent,
      tilt: 30,
      azimuth: 180,
    };
    expect(estimateWithoutSite(input).yearlyKwh).toBe(
      Math.round((4.5 * 365 * (1 - lossPercent / 100)) / 0.86),
    );
  });

  it.each([
    ['lat=42&peakPowerKw=4', 'lon'],
    ['lon=74&peakPowerKw=4', 'lat'],
  ])('%s -> 400 naming %s', async (query, field) => {
    const answer = await api(server, 'GET', `/calculator/production?${query}`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });
});
