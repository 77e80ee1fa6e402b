/**
 * Local fakes of the services the server and the map call: a
 * Nominatim-compatible geocoder under /nominatim (`/search`, `/reverse`, jsonv2), the PVGIS
 * PVcalc API under /pvgis (`/PVcalc`), and map tiles under /tiles/{z}/{x}/{y}.png (a 1x1
 * PNG). `geocoderDown` makes the geocoder answer 503 (an outage). The server reaches the first two through GEOCODER_URL and PVGIS_URL (see
 * `upstreamEnv`); the browser's tile requests are routed here by the spec.
 */
import { createServer, type Server } from 'node:http';

/** The port the fakes listen on: E2E_UPSTREAM_PORT, else E2E_PORT + 1000 (3199 + 1000). */
export const UPSTREAM_PORT = Number(
  process.env.E2E_UPSTREAM_PORT ?? Number(process.env.E2E_PORT ?? 3199) + 1000,
);
const base = `http://127.0.0.1:${UPSTREAM_PORT}`;

/** The server's environment pointing at the fakes. */
export const upstreamEnv = {
  GEOCODER_URL: `${base}/nominatim`,
  GEOCODER_MIN_INTERVAL_MS: '0',
  PVGIS_URL: `${base}/pvgis`,
} as const;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SHAPE = [0.045, 0.058, 0.082, 0.095, 0.108, 0.112, 0.115, 0.106, 0.09, 0.075, 0.064, 0.05];

/** Requests seen, by service. */
export interface UpstreamHits {
  geocoder: string[];
  pvgis: string[];
  tiles: string[];
}

/** Starts the fakes; `close()` stops them. */
export async function startUpstreamFakes(): Promise<{
  url: string;
  hits: UpstreamHits;
  /** While true, every geocoder request answers 503. */
  geocoderDown: boolean;
  close: () => Promise<void>;
}> {
  const hits: UpstreamHits = { geocoder: [], pvgis: [], tiles: [] };
  const fakes = {
    url: base,
    hits,
    geocoderDown: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (fakes.geocoderDown && url.pathname.startsWith('/nominatim/')) {
      hits.geocoder.push(url.search);
      response.writeHead(503, { 'content-type': 'text/plain' });
      return response.end('Service Unavailable');
    }
    if (url.pathname === '/nominatim/search') {
      hits.geocoder.push(url.search);
      const q = url.searchParams.get('q') ?? '';
      return json([
        {
          place_id: 1001,
          osm_type: 'way',
          osm_id: 4242,
          lat: '42.8746',
          lon: '74.5698',
          display_name: `${q} 1, Bishkek, Kyrgyzstan`,
        },
      ]);
    }
    if (url.pathname === '/nominatim/reverse') {
      hits.geocoder.push(url.search);
      return json({
        place_id: 1002,
        osm_type: 'node',
        osm_id: 77,
        lat: url.searchParams.get('lat'),
        lon: url.searchParams.get('lon'),
        display_name: 'Chui Avenue 1, Bishkek, Kyrgyzstan',
      });
    }
    if (url.pathname === '/pvgis/PVcalc') {
      hits.pvgis.push(url.search);
      const kw = Number(url.searchParams.get('peakpower') ?? 1);
      const yearly = kw * 1300;
      return json({
        outputs: {
          monthly: { fixed: SHAPE.map((f, i) => ({ month: i + 1, E_m: yearly * f })) },
          totals: { fixed: { E_y: yearly, SD_y: yearly * 0.04 } },
        },
      });
    }
    if (url.pathname.startsWith('/tiles/')) {
      hits.tiles.push(url.pathname);
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(PNG);
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"message":"not found"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(UPSTREAM_PORT, '127.0.0.1', () => resolve());
  });
  return fakes;
}
