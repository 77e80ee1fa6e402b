/**
 * Full calculator against the real server (docs/product.md#full-calculator): pick a
 * location by search, configure, see the monthly chart, save a draft, reload, continue it.
 * The server's geocoder and PVGIS calls go to local fakes that record every upstream
 * request (GEOCODER_URL, PVGIS_URL: see fakes/upstream-fakes.ts `upstreamEnv`, which the
 * e2e webServer must pass); the browser's OpenStreetMap tile requests are routed to the
 * fake tile server. Typing an address at a normal pace costs no upstream search, Enter one
 * (Nominatim's usage policy). With the geocoder down and the map's tiles failing, the
 * detected point goes on by its coordinates, and without a detected point coordinates
 * typed by hand do, with no global toast.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { startUpstreamFakes } from './fakes/upstream-fakes.ts';

let fakes: Awaited<ReturnType<typeof startUpstreamFakes>>;
test.beforeAll(async () => {
  fakes = await startUpstreamFakes();
});
test.afterAll(async () => {
  await fakes.close();
});

async function signInTo(page: Page) {
  await page.goto('/signin?from=%2Fsolar-calculator-full');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Solar assessment', level: 1 })).toBeVisible();
}

/** Opens the manual picker (no geolocation permission in this browser). */
async function manualPicker(page: Page) {
  const choose = page.getByRole('button', { name: 'Choose on the map instead' });
  const search = page.getByRole('textbox', { name: 'Search for an address' });
  await expect(choose.or(search)).toBeVisible();
  if (await choose.isVisible()) await choose.click();
  return search;
}

const searches = () => fakes.hits.geocoder.filter((query) => query.startsWith('?q='));

test('typing "Chuy avenue 12" at a normal pace sends no upstream search; Enter sends one', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  // The page's clock runs naturally but can be moved on, so "well past any debounce" costs
  // no wall time.
  await page.clock.install();
  await signInTo(page);
  const search = await manualPicker(page);
  const before = searches().length;
  // About 7 keys a second, as people type.
  await search.pressSequentially('Chuy avenue 12', { delay: 150 });
  // Well past any debounce: every timer the typing set has fired, and still nothing was
  // sent upstream (a search sent now would also be counted after Enter, below).
  await page.clock.fastForward(5_000);
  const whileTyping = searches().length - before;
  expect(whileTyping).toBe(0);
  await search.press('Enter');
  await expect(
    page.getByRole('button', { name: 'Chuy avenue 12 1, Bishkek, Kyrgyzstan' }),
  ).toBeVisible();
  const afterEnter = searches().length - before;
  expect(afterEnter).toBe(1);
  test.info().annotations.push({
    type: 'upstream searches',
    description: `while typing: ${whileTyping}; after Enter: ${afterEnter}`,
  });
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

  await signInTo(page);
  await expect(page.getByText('No saved drafts yet.')).toBeVisible();

  const search = await manualPicker(page);
  await expect(page.getByRole('application', { name: /Map/ })).toBeVisible();
  await expect.poll(() => fakes.hits.tiles.length).toBeGreaterThan(0);

  await search.fill('Chui Avenue');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Chui Avenue 1, Bishkek, Kyrgyzstan' }).click();
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

    await signInTo(page);
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

test('location denied, map and geocoder down: coordinates typed by hand lead on to step 2', async ({
  page,
}) => {
  fakes.geocoderDown = true;
  try {
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await signInTo(page);
    const search = await manualPicker(page);
    await expect(
      page.getByText(
        'The map could not be loaded. Search for your address, or enter its coordinates below.',
      ),
    ).toBeVisible();
    // Not asked before (an answer in the server's cache would still come).
    await search.fill('Manas avenue 40');
    await search.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'address search' })).toHaveText(
      'The address search is not available right now.',
    );
    await expect(
      page.getByText('You can still enter the coordinates of your place below.'),
    ).toBeVisible();
    // Keyboard only from here.
    await page.getByRole('textbox', { name: 'Latitude' }).focus();
    await page.keyboard.type('42.8746');
    await page.keyboard.press('Tab');
    await page.keyboard.type('74.5698');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Selected location: 42.87460, 74.56980')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use this location' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'System configuration' })).toBeVisible();
    await expect(page.getByText('Location: 42.87460, 74.56980')).toBeVisible();
    await expect(page.getByText('Failed to load resource', { exact: false })).toHaveCount(0);
  } finally {
    fakes.geocoderDown = false;
  }
});
