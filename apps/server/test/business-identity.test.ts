/**
 * The business's identity (docs/product.md#business-identity): BUSINESS_* settings read and
 * refused with one line naming the variable; `GET /config` reports them (null for unset
 * lines, the name "Solar" by default, never invented contacts); `GET /config/logo` serves
 * BUSINESS_LOGO_PATH; and the proposal PDF carries the name, contacts, legal line and logo
 * on every page (read back with pdf-parse).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { startFakePvgis, type FakeService } from './geo-fakes.ts';
import { ADMIN, api, signIn, startPluginServer, type PluginServer } from './projects-app.ts';

const require = createRequire(import.meta.url);
/** The web app's 192 px icon: a real PNG to use as the logo. */
const LOGO_PNG = readFileSync(
  path.join(path.dirname(require.resolve('../package.json')), '../web/public/icon-192.png'),
);

let folder: string;
let logoPath: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'solar-brand-'));
  logoPath = path.join(folder, 'logo.png');
  await writeFile(logoPath, LOGO_PNG);
  await writeFile(path.join(folder, 'logo.webp'), Buffer.from('RIFF0000WEBPVP8 '));
  await writeFile(path.join(folder, 'huge.png'), Buffer.concat([LOGO_PNG, Buffer.alloc(600_000)]));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const FULL = {
  BUSINESS_NAME: 'Solar Kyrgyzstan LLC',
  BUSINESS_ADDRESS: 'Бишкек, проспект Чуй 120, офис 4',
  BUSINESS_PHONE: '+996 (312) 12-34-56',
  BUSINESS_EMAIL: 'Hello@Solar.example',
  BUSINESS_WEBSITE: 'https://solar.example/',
  BUSINESS_LEGAL: '© 2026 Solar Kyrgyzstan LLC · Reg. no. 123456-3301',
};

describe('BUSINESS_* settings', () => {
  it('default to the name "Solar" and nothing else', () => {
    expect(loadConfig({}).business).toEqual({
      name: 'Solar',
      address: undefined,
      phone: undefined,
      email: undefined,
      website: undefined,
      legal: undefined,
      logo: undefined,
    });
  });

  it('read every line as written (email lower-cased) and the logo file', () => {
    const { business } = loadConfig({ ...FULL, BUSINESS_LOGO_PATH: logoPath });
    expect(business).toMatchObject({
      name: 'Solar Kyrgyzstan LLC',
      address: 'Бишкек, проспект Чуй 120, офис 4',
      phone: '+996 (312) 12-34-56',
      email: 'hello@solar.example',
      website: 'https://solar.example/',
      legal: '© 2026 Solar Kyrgyzstan LLC · Reg. no. 123456-3301',
    });
    expect(business.logo?.type).toBe('image/png');
    expect(business.logo?.bytes.equals(LOGO_PNG)).toBe(true);
  });

  it.each([
    [{ BUSINESS_EMAIL: 'not-an-email' }, 'BUSINESS_EMAIL must be an email address'],
    [{ BUSINESS_PHONE: 'call us' }, 'BUSINESS_PHONE must be a phone number'],
    [{ BUSINESS_PHONE: '12-34' }, 'BUSINESS_PHONE must have 5 to 15 digits'],
    [{ BUSINESS_PHONE: '996+312123456' }, 'BUSINESS_PHONE must be a phone number'],
    [{ BUSINESS_WEBSITE: 'http://solar.example' }, 'BUSINESS_WEBSITE must be an https:// URL'],
    [{ BUSINESS_NAME: 'x'.repeat(81) }, 'BUSINESS_NAME must be at most 80 characters'],
    [{ BUSINESS_LEGAL: 'line one\nline two' }, 'BUSINESS_LEGAL must be one line'],
  ])('refuse %j with one line: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });

  it('refuse a logo that is missing, too large, or not a PNG or JPEG', () => {
    for (const [file, says] of [
      ['missing.png', 'BUSINESS_LOGO_PATH cannot be read (ENOENT'],
      ['huge.png', 'BUSINESS_LOGO_PATH must be at most 512 KiB'],
      ['logo.webp', 'BUSINESS_LOGO_PATH must be a PNG or JPEG image'],
    ] as const) {
      const attempt = () => loadConfig({ BUSINESS_LOGO_PATH: path.join(folder, file) });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(says);
    }
  });
});

/** All whitespace (Intl's no-break and narrow spaces included) as one plain space. */
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/gu, ' ').trim();

/** The text of each page of a PDF, whitespace squashed. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).pages.map((page) => squash(page.text));
  } finally {
    await parser.destroy();
  }
}

describe('the business on GET /config, its logo and the proposal PDF', () => {
  let fake: FakeService;
  let server: PluginServer;
  let plain: PluginServer;
  let owner: { token: string };
  let projectId: string;
  beforeAll(async () => {
    fake = await startFakePvgis();
    const calculator = { PVGIS_URL: fake.url, PVGIS_TIMEOUT_MS: '300' };
    server = await startPluginServer('pglite', {
      ...calculator,
      ...FULL,
      BUSINESS_LOGO_PATH: logoPath,
    });
    plain = await startPluginServer('pglite', calculator);
    owner = await signIn(server, ADMIN);
    const saved = await api(server, 'POST', '/projects', {
      token: owner.token,
      body: {
        location: { address: 'Чүй 1', latitude: 42.87, longitude: 74.6 },
        configuration: {
          systemSizeKw: 5,
          panelCount: 13,
          tiltDeg: 30,
          azimuthDeg: 180,
          roofType: 'flat',
          lossPercent: 14,
          pricePerKwhSom: 1.49,
        },
        isDraft: false,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    projectId = saved.body.id as string;
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
    await fake?.close();
  });

  const get = (on: PluginServer, url: string, token?: string) =>
    on.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('GET /config reports the configured lines and where the logo is', async () => {
    const answer = await get(server, '/config');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().business).toEqual({
      name: 'Solar Kyrgyzstan LLC',
      address: 'Бишкек, проспект Чуй 120, офис 4',
      phone: '+996 (312) 12-34-56',
      email: 'hello@solar.example',
      website: 'https://solar.example/',
      legal: '© 2026 Solar Kyrgyzstan LLC · Reg. no. 123456-3301',
      logoUrl: '/api/v1/config/logo',
    });
  });

  it('GET /config without settings reports the name "Solar" and no contacts', async () => {
    expect((await get(plain, '/config')).json().business).toEqual({
      name: 'Solar',
      address: null,
      phone: null,
      email: null,
      website: null,
      legal: null,
      logoUrl: null,
    });
  });

  it('GET /config/logo serves the logo file, and answers 404 when none is set', async () => {
    const logo = await get(server, '/config/logo');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    expect(logo.rawPayload.equals(LOGO_PNG)).toBe(true);
    const none = await get(plain, '/config/logo');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found' });
  });

  it('the proposal PDF names the business, its contacts and legal line on every page', async () => {
    const answer = await get(server, `/projects/${projectId}/proposal.pdf?locale=en`, owner.token);
    expect(answer.statusCode).toBe(200);
    const pages = await pdfPages(answer.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Solar Kyrgyzstan LLC');
      expect(page).toContain('Бишкек, проспект Чуй 120, офис 4');
      expect(page).toContain('Tel. +996 (312) 12-34-56');
      expect(page).toContain('Email hello@solar.example');
      expect(page).toContain('Web solar.example');
      expect(page).toContain('© 2026 Solar Kyrgyzstan LLC · Reg. no. 123456-3301');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    // The logo is embedded once (the image and its alpha mask), however many pages show it.
    const images = answer.rawPayload.toString('latin1').match(/\/Subtype \/Image/g) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(1);
    expect(images.length).toBeLessThanOrEqual(2);
  });

  it('the proposal PDF of an unconfigured server is signed "Solar" alone, in Russian too', async () => {
    const session = await signIn(plain, ADMIN);
    const saved = await api(plain, 'POST', '/projects', {
      token: session.token,
      body: {
        location: { address: 'Чүй 1', latitude: 42.87, longitude: 74.6 },
        configuration: {
          systemSizeKw: 3,
          panelCount: 8,
          tiltDeg: 30,
          azimuthDeg: 180,
          roofType: 'flat',
          lossPercent: 14,
          pricePerKwhSom: 1.49,
        },
        isDraft: false,
      },
    });
    const answer = await get(
      plain,
      `/projects/${saved.body.id as string}/proposal.pdf?locale=ru`,
      session.token,
    );
    expect(answer.statusCode).toBe(200);
    const [first] = await pdfPages(answer.rawPayload);
    expect(first).toContain('Solar');
    expect(first).toMatch(/Страница 1 из \d/);
    expect(first).not.toMatch(/Тел\.|Почта|Сайт/);
    expect(answer.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });
});
