/**
 * Local fakes of the outside services used by the geo and calculator suites, on loopback: a
 * Nominatim-compatible geocoder (`/search`, `/reverse`), a Photon-compatible suggestion
 * service (`/api`, GeoJSON) and the PVGIS PVcalc API. Each records the requests it got
 * (path, query, headers, time), so suites count upstream requests, and can be switched to fail.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Epoch ms when it arrived. */
  at: number;
}

/** How the fake answers: normally, HTTP 500, a hang (no answer), or not JSON. */
export type FakeMode = 'ok' | 'error' | 'hang' | 'garbage';

export interface FakeService {
  /** Base URL, e.g. http://127.0.0.1:4567 (no trailing slash). */
  url: string;
  requests: SeenRequest[];
  mode: FakeMode;
  close(): Promise<void>;
}

async function startFake(
  handle: (request: SeenRequest) => { status: number; body: unknown },
  basePath = '',
): Promise<FakeService> {
  const hanging = new Set<() => void>();
  const fake: FakeService = {
    url: '',
    requests: [],
    mode: 'ok',
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const seen: SeenRequest = {
      path: url.pathname.slice(basePath.length),
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    };
    fake.requests.push(seen);
    if (fake.mode === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream trouble');
      return;
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const { status, body } = handle(seen);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}${basePath}`;
  fake.close = async () => {
    for (const drop of hanging) drop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** Places the fake geocoder knows, by lowercase query. */
const PLACES: Record<string, unknown[]> = {
  bishkek: [
    {
      place_id: 1001,
      osm_type: 'relation',
      osm_id: 1902451,
      lat: '42.8766',
      lon: '74.6070',
      display_name: 'Bishkek, Kyrgyzstan',
    },
    {
      place_id: 1002,
      osm_type: 'way',
      osm_id: 55,
      lat: '42.8700',
      lon: '74.5900',
      display_name: 'Bishkek Street, Osh, Kyrgyzstan',
    },
  ],
};

/**
 * A Nominatim-compatible fake: `/search?q=` answers PLACES (or []), `/reverse` answers a
 * place at the asked point, except over the sea (lat < 0: `{error: "Unable to geocode"}`,
 * as Nominatim does).
 */
export function startFakeNominatim(): Promise<FakeService> {
  return startFake((request) => {
    if (request.path === '/search') {
      return { status: 200, body: PLACES[(request.query.get('q') ?? '').toLowerCase()] ?? [] };
    }
    if (request.path === '/reverse') {
      const lat = Number(request.query.get('lat'));
      const lon = Number(request.query.get('lon'));
      if (lat < 0) return { status: 200, body: { error: 'Unable to geocode' } };
      const language = request.query.get('accept-language');
      return {
        status: 200,
        body: {
          place_id: 777,
          osm_type: 'node',
          osm_id: 4242,
          lat: String(lat),
          lon: String(lon),
          display_name:
            language === 'ru'
              ? 'проспект Чуй 1, Бишкек, Кыргызстан'
              : 'Chui Avenue 1, Bishkek, Kyrgyzstan',
        },
      };
    }
    return { status: 404, body: { error: 'unknown path' } };
  });
}

/**
 * A Photon-compatible fake (https://github.com/komoot/photon's `/api?q=&limit=&lang=`): a
 * GeoJSON FeatureCollection of points, each named after the query, as Photon answers
 * prefixes ("chu" -> "Chuy Avenue"). `lang` other than en/de/fr is refused with 400, as
 * the public instance does.
 */
export function startFakePhoton(): Promise<FakeService> {
  return startFake((request) => {
    if (request.path !== '/api') return { status: 404, body: { message: 'not found' } };
    const lang = request.query.get('lang');
    if (lang && !['en', 'de', 'fr', 'default'].includes(lang)) {
      return {
        status: 400,
        body: { message: 'Language is not supported. Supported are: default, en, de, fr' },
      };
    }
    const q = request.query.get('q') ?? '';
    return {
      status: 200,
      body: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [74.6042, 42.8765] },
            properties: {
              osm_type: 'W',
              osm_id: 31337,
              name: `${q} Avenue`,
              city: 'Bishkek',
              country: lang === 'en' ? 'Kyrgyzstan' : 'Кыргызстан',
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [72.8, 40.53] },
            properties: {
              osm_type: 'N',
              osm_id: 7,
              street: `${q} Street`,
              housenumber: '12',
              city: 'Osh',
              country: 'Kyrgyzstan',
            },
          },
          // No name at all: not offered.
          { type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: {} },
        ],
      },
    };
  });
}

/** PVGIS's monthly production of 1 kWp in Bishkek-like sun, kWh (sums to 1349.4). */
export const PVGIS_MONTHLY_PER_KW = [
  62.1, 75.3, 107.4, 127.9, 145.2, 152.6, 160.3, 155.8, 131.7, 103.9, 70.4, 56.8,
];

/**
 * A PVGIS fake under `/api/v5_3`: `/PVcalc` answers monthly E_m scaled by `peakpower`,
 * totals E_y and SD_y (5 % of E_y); latitude below -60 is "over the sea" (HTTP 400 with
 * PVGIS's JSON message).
 */
export function startFakePvgis(): Promise<FakeService> {
  return startFake((request) => {
    if (request.path !== '/PVcalc') return { status: 404, body: { message: 'unknown tool' } };
    const lat = Number(request.query.get('lat'));
    if (lat < -60) {
      return {
        status: 400,
        body: { message: 'Location over the sea. Please, select another location', status: 400 },
      };
    }
    const kw = Number(request.query.get('peakpower'));
    const loss = Number(request.query.get('loss'));
    const factor = kw * (1 - (loss - 14) / 100);
    const monthly = PVGIS_MONTHLY_PER_KW.map((e, i) => ({ month: i + 1, E_m: e * factor }));
    const yearly = monthly.reduce((sum, m) => sum + m.E_m, 0);
    return {
      status: 200,
      body: {
        inputs: { location: { latitude: lat } },
        outputs: {
          monthly: { fixed: monthly },
          totals: { fixed: { E_y: yearly, SD_y: yearly * 0.05, l_total: -20 } },
        },
        meta: {},
      },
    };
  }, '/api/v5_3');
}
