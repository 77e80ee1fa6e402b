/**
 * Full calculator against the real server (issue 9): pick a location by search, configure,
 * see the monthly chart, save a draft, reload, continue it. The server's geocoder and PVGIS
 * calls go to local fakes (GEOCODER_URL, PVGIS_URL: see fakes/upstream-fakes.ts
 * `upstreamEnv`, which the e2e webServer must pass); the browser's OpenStreetMap tile
 * requests are routed to the fake tile server. A second run has the geocoder down and the
 * map's tiles failing: the detected point goes on by its coordinates, with no global toast.
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { startUpstreamFakes } from './fakes/upstream-fakes.ts';

let fakes: Awaited<ReturnType<typeof startUpstreamFakes>>;
test.beforeAll(async () => {
  fakes = await startUpstreamFakes();
});
test.afterAll(async () => {
  await fakes.close();
});

test('pick a place by search, configure, see the chart, save a draft, reload and continue it', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    const answer = await fetch(`${fakes.url}/tiles${path}`);
    await route.fulfill({
      status: answer.status,
      contentType: 'image/png',
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });

  await page.goto('/signin?from=%2Fsolar-calculator-full');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Solar assessment', level: 1 })).toBeVisible();
  await expect(page.getByText('No saved drafts yet.')).toBeVisible();

  // No geolocation permission in this browser: the manual picker opens.
  const choose = page.getByRole('button', { name: 'Choose on the map instead' });
  const search = page.getByRole('combobox', { name: 'Search for an address' });
  await expect(choose.or(search)).toBeVisible();
  if (await choose.isVisible()) await choose.click();
  await expect(page.getByRole('application', { name: /Map/ })).toBeVisible();
  await expect.poll(() => fakes.hits.tiles.length).toBeGreaterThan(0);

  await search.fill('Chui Avenue');
  const option = page.getByRole('option', { name: 'Chui Avenue 1, Bishkek, Kyrgyzstan' });
  await option.click();
  await expect(
    page.getByText('Selected location: Chui Avenue 1, Bishkek, Kyrgyzstan'),
  ).toBeVisible();
  expect(fakes.hits.geocoder.some((q) => q.includes('q=Chui+Avenue'))).toBe(true);
  await page.getByRole('button', { name: 'Use this location' }).click();

  await expect(page.getByRole('heading', { name: 'System configuration' })).toBeVisible();
  const size = page.getByRole('textbox', { name: 'System size (kW DC)' });
  await size.fill('5');
  await size.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Panel count' })).toHaveValue('13');
  await expect(page.getByText(/Source: PVGIS/)).toContainText('±260 kWh');
  await expect(page.getByRole('img', { name: /Production by month/ })).toBeVisible();
  const production = page.getByRole('region', { name: 'Monthly production' });
  await expect(production).toContainText('6,500');
  expect(fakes.hits.pvgis.some((q) => q.includes('peakpower=5'))).toBe(true);

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText(/Draft saved at/)).toBeVisible();

  await page.reload();
  const continueDraft = page.getByRole('button', {
    name: 'Continue draft: Chui Avenue 1, Bishkek, Kyrgyzstan',
  });
  await continueDraft.click();
  await expect(page.getByText('These are the values of your saved draft.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'System size (kW DC)' })).toHaveValue('5');
  await expect(page.getByRole('img', { name: /Production by month/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly production' })).toContainText('6,500');
});

test('the geocoder is down: the detected point goes on by its coordinates', async ({
  page,
  context,
}) => {
  fakes.geocoderDown = true;
  try {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 42.8746, longitude: 74.5698 });
    // The map's tiles fail too: one inline message, never a global toast.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());

    await page.goto('/signin?from=%2Fsolar-calculator-full');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Selected location: 42.87460, 74.56980')).toBeVisible();
    await expect(page.getByText('Failed to get address for this location.')).toBeVisible();

    await page.getByRole('button', { name: 'Choose a different location' }).click();
    await expect(page.getByText('The map could not be loaded.', { exact: false })).toBeVisible();
    await expect(page.getByText('Failed to load resource', { exact: false })).toHaveCount(0);

    await page.getByRole('button', { name: 'Use this location' }).click();
    await expect(page.getByRole('heading', { name: 'System configuration' })).toBeVisible();
    await expect(page.getByText('Location: 42.87460, 74.56980')).toBeVisible();
  } finally {
    fakes.geocoderDown = false;
  }
});
