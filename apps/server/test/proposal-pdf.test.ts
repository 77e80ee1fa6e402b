/**
 * `GET /projects/{id}/proposal.pdf` on the real app against a local fake
 * PVGIS: a real PDF (read back with pdf-parse) in Russian, Spanish and English with the
 * customer, the location, the system and the domain's proposalFigures() numbers formatted
 * for the locale; the production asked of PVGIS for the saved configuration, or the
 * 4.5-sun-hour formula when PVGIS refuses; the download headers; and the refusals: 401
 * without a token, 404 for another user's project or an unknown id, 400 for a bad locale,
 * 409 `no_configuration` for a location-only draft. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL. Names and addresses in Kyrgyz and Spanish letters come out as written.
 */
import { proposalFigures } from '@solar/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateProduction } from '../src/calculator/production.ts';
import { PVGIS_MONTHLY_PER_KW, startFakePvgis, type FakeService } from './geo-fakes.ts';
import {
  ADMIN,
  api,
  databaseKinds,
  signIn,
  startPluginServer,
  userOfType,
  type PluginServer,
} from './projects-app.ts';

const location = {
  address: 'Бишкек, проспект Чүй 120',
  latitude: 42.8741,
  longitude: 74.6122,
};
const configuration = {
  systemSizeKw: 5.2,
  panelCount: 13,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'metal',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
};
const CUSTOMER = 'Айгүл Токтогулова';
const RESIDENTIAL = 4;

/** All whitespace (Intl's no-break and narrow spaces included) as one plain space. */
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/gu, ' ').trim();

/** The text of a PDF, whitespace squashed. */
async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return squash((await parser.getText()).text);
  } finally {
    await parser.destroy();
  }
}

/** `value` as Intl writes it in `locale` (at most `digits` decimals), whitespace squashed. */
const num = (locale: string, value: number, digits = 0) =>
  squash(new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value));

let fake: FakeService;
beforeAll(async () => {
  fake = await startFakePvgis();
});
afterAll(async () => {
  await fake?.close();
});

describe.each(databaseKinds)('the proposal PDF on %s', (kind) => {
  let server: PluginServer;
  let owner: { token: string; userId: string };
  let projectId: string;
  beforeAll(async () => {
    server = await startPluginServer(kind, {
      PVGIS_URL: fake.url,
      PVGIS_TIMEOUT_MS: '300',
      PRODUCTION_RATE_LIMIT: '1000',
    });
    const admin = await signIn(server, ADMIN);
    const email = `proposal.${kind}.${Date.now().toString(36)}@example.com`;
    const created = await api(server, 'POST', '/admin/users', {
      token: admin.token,
      body: {
        name: CUSTOMER,
        email,
        password: 'Secret123',
        userType: RESIDENTIAL,
        emailConfirmed: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    owner = await signIn(server, { email, password: 'Secret123' });
    projectId = await saveProject(owner.token, { location, configuration, isDraft: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function saveProject(token: string, body: object): Promise<string> {
    const answer = await api(server, 'POST', '/projects', { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as string;
  }

  const getPdf = (id: string, query = '', token?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${id}/proposal.pdf${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  /** The figures the PDF must show: the fake PVGIS's answer through the domain. */
  function expectedFigures(kw: number) {
    const monthlyKwh = PVGIS_MONTHLY_PER_KW.map((e) => Math.round(e * kw * 10) / 10);
    const yearly = PVGIS_MONTHLY_PER_KW.reduce((sum, e) => sum + e * kw, 0);
    return proposalFigures(
      { configuration },
      { monthlyKwh, yearlyKwh: Math.round(yearly), source: 'pvgis' },
      Date.now(),
    )!;
  }

  it('answers the proposal in Russian as a PDF with the domain’s figures', async () => {
    const response = await getPdf(projectId, '?locale=ru', owner.token);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="solar-proposal-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const seen = fake.requests.at(-1)!;
    expect(Object.fromEntries(seen.query)).toMatchObject({
      lat: '42.87',
      lon: '74.61',
      peakpower: '5.2',
      loss: '14',
      angle: '30',
      aspect: '0',
    });

    const text = await pdfText(bytes);
    const f = expectedFigures(5.2);
    for (const words of [
      'Предложение: солнечная электростанция',
      `Подготовлено для: ${CUSTOMER}`,
      location.address,
      'Ваша система',
      'Металлическая',
      'Выработка по месяцам, первый год (кВт·ч)',
      'Допущения и источники',
      'Jordan и Kurtz, NREL, 2013',
      'IFI TWG 2021',
      `${num('ru', 5.2, 1)} кВт`,
      `${num('ru', f.economics.costSom)} сом`,
      `${num('ru', f.economics.yearlySavingsSom)} сом`,
      `${num('ru', f.economics.monthlySavingsSom)} сом`,
      `${num('ru', f.economics.paybackYears!, 1)} года`,
      `${num('ru', f.lifetime.lifetimeSavingsSom)} сом`,
      `${num('ru', f.lifetime.paybackYear!)}-й год`,
      `${num('ru', f.lifetime.co2AvoidedTonnes, 1)} т`,
      `${num('ru', f.yearlyKwh)} кВт·ч`,
      `${num('ru', 11_100)} сом за кВт`,
      'Действительно до',
    ]) {
      expect(text).toContain(words);
    }
    for (const kwh of f.monthlyKwh) expect(text).toContain(num('ru', kwh, 1));
  });

  it('speaks Spanish, and English by default', async () => {
    const f = expectedFigures(5.2);
    const es = await pdfText((await getPdf(projectId, '?locale=es', owner.token)).rawPayload);
    expect(es).toContain('Propuesta de energía solar');
    expect(es).toContain('Recuperación simple');
    expect(es).toContain(`${num('es', f.economics.costSom)} som`);
    const en = await pdfText((await getPdf(projectId, '', owner.token)).rawPayload);
    expect(en).toContain('Solar power proposal');
    expect(en).toContain(`Prepared for: ${CUSTOMER}`);
    expect(en).toContain(`${num('en', f.lifetime.lifetimeSavingsSom)} som`);
    expect(en).toContain('PVGIS 5.3');
  });

  it('uses the labelled clear-sky estimate when PVGIS refuses the location', async () => {
    const id = await saveProject(owner.token, {
      location: { address: 'Somewhere at sea', latitude: -70, longitude: 10 },
      configuration,
      isDraft: false,
    });
    const response = await getPdf(id, '?locale=en', owner.token);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('estimated from the sun’s path over this location');
    const estimate = estimateProduction({
      latitude: -70,
      longitude: 10,
      peakPowerKw: 5.2,
      lossPercent: 14,
      tilt: 30,
      azimuth: 180,
    });
    expect(text).toContain(`${num('en', estimate.yearlyKwh)} kWh`);
  });

  it('lets staff who may see every project download it', async () => {
    const admin = await signIn(server, ADMIN);
    expect((await getPdf(projectId, '?locale=ru', admin.token)).statusCode).toBe(200);
  });

  it('refuses without a token (401)', async () => {
    const response = await getPdf(projectId, '?locale=ru');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers 404 for another user’s project and an unknown id', async () => {
    const other = await userOfType(server, RESIDENTIAL);
    const theirs = await getPdf(projectId, '?locale=ru', other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not_found' });
    const unknown = await getPdf('00000000-0000-4000-8000-000000000000', '', owner.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses another locale or an unknown parameter (400)', async () => {
    for (const query of ['?locale=de', '?locale=', '?lang=ru']) {
      const response = await getPdf(projectId, query, owner.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('writes Spanish and Kyrgyz letters as they are', async () => {
    const address = 'Calle Año Nuevo 5, ¿Şişli? — Өрүк 7, Нарын';
    const id = await saveProject(owner.token, {
      location: { ...location, address },
      configuration,
      isDraft: false,
    });
    const response = await getPdf(id, '?locale=es', owner.token);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(response.rawPayload)).toContain(address);
  });

  it('answers 409 no_configuration for a location-only draft', async () => {
    const draft = await saveProject(owner.token, { location });
    const response = await getPdf(draft, '?locale=ru', owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'no_configuration',
      message: 'Finish the system configuration before making a proposal',
    });
  });
});
