/**
 * End-to-end tests in Chromium against the real server (production build of the web app,
 * fresh PGlite data directory, seeded admin). Run with `pnpm test:e2e`, which builds first.
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = `../../test-results/e2e-data-${port}`;
export const E2E_ADMIN = { email: 'admin@example.com', password: 'Admin12345' };
/** The token the e2e server sends to the Pipedrive fake, and its port. */
export const E2E_PIPEDRIVE_TOKEN = 'e2e-pipedrive-token';
export const E2E_PIPEDRIVE_PORT = port + 1001;
/**
 * External sign-in: the OpenID provider (oidc-provider from npm, started by
 * e2e/external-sign-in.spec.ts) on port + 1002, its client registered for this server.
 */
export const E2E_OIDC = {
  port: port + 1002,
  issuer: `http://127.0.0.1:${port + 1002}`,
  clientId: 'solar-e2e',
  clientSecret: 'solar-e2e-secret-5d0c9a',
  providerName: 'Solar ID',
  redirectUri: `http://127.0.0.1:${port}/signin/callback`,
};

/**
 * The environment of an e2e server on `port` with its data in `dataDir`: the one the
 * config starts, and the one a spec starts for itself with other settings (a short
 * ACCESS_TOKEN_TTL in e2e/session-expiry.spec.ts).
 */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // Several engineers can run e2e at once: E2E_PORT and E2E_WEB_DIST keep them apart.
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    AUTH_RATE_LIMIT: '1000',
    // Geocoder and PVGIS are local fakes (e2e/fakes/upstream-fakes.ts) on port + 1000.
    GEOCODER_URL: `http://127.0.0.1:${port + 1000}/nominatim`,
    GEOCODER_MIN_INTERVAL_MS: '0',
    PVGIS_URL: `http://127.0.0.1:${port + 1000}/pvgis`,
    // The CRM link talks to a local Pipedrive fake on port + 1001 (e2e/pipeline.spec.ts
    // starts it); no other spec requests a site visit, so nothing else is queued.
    PIPEDRIVE_API_TOKEN: E2E_PIPEDRIVE_TOKEN,
    PIPEDRIVE_BASE_URL: `http://127.0.0.1:${port + 1001}`,
    PIPEDRIVE_POLL_MS: '200',
    PIPEDRIVE_RETRY_BASE_MS: '200',
    PIPEDRIVE_RETRY_MAX_MS: '2000',
    // External sign-in against the provider e2e/external-sign-in.spec.ts starts; other
    // specs only see its button. Discovery happens on the first press.
    OIDC_ISSUER: E2E_OIDC.issuer,
    OIDC_CLIENT_ID: E2E_OIDC.clientId,
    OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
    OIDC_PROVIDER_NAME: E2E_OIDC.providerName,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
  };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: `../../test-results/e2e-${port}`,
  fullyParallel: false,
  workers: 1,
  reporter: process.env.SOLAR_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.SOLAR_PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ../server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: e2eServerEnv(port, dataDir),
  },
});
