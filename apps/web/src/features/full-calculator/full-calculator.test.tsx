/**
 * /solar-calculator-full against the fake (spec sections 2, 5, 8 and 9; issue 9):
 * geolocation success and errors, address search (a suggestion must be picked), the step
 * change and back, production with its source, prefill from the quick estimate, saving a
 * draft and continuing one, and the rate limit (browser counter and server 429).
 */
import { rateLimitStorageKey, STORAGE_KEYS } from '@solar/domain';
import { http, HttpResponse } from 'msw';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import {
  configWithTiles,
  productionHandler,
  replaceGeolocation,
  stubGeolocation,
  type ProductionFakeOptions,
} from '../../testing/full-calculator-fakes.ts';
import { SEARCH_DEBOUNCE_MS } from './address-search.tsx';
import { PRODUCTION_DEBOUNCE_MS } from './configuration-step.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
beforeEach(() => {
  localStorage.removeItem(STORAGE_KEYS.calculatorData);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('rateLimit_')) localStorage.removeItem(key);
  }
});

function textOf(locator: Locator): string {
  return (locator.element().textContent ?? '').replace(/\s+/g, ' ');
}

async function open(
  options: AppFixtureOptions & {
    geolocation?: Parameters<typeof stubGeolocation>[0];
    production?: ProductionFakeOptions;
    before?: (fixture: ReturnType<typeof createAppFixture>) => Promise<void>;
    /** Called on every React commit of the screen (React's Profiler). */
    onRender?: () => void;
  } = {},
) {
  const { geolocation = { code: 1 }, production, before, onRender, ...rest } = options;
  cleanups.push(replaceGeolocation(stubGeolocation(geolocation)));
  const seen: URL[] = [];
  const fixture = createAppFixture({
    path: '/solar-calculator-full',
    as: 'client',
    handlers: [configWithTiles(), productionHandler(production, seen)],
    ...rest,
  });
  await fixture.ready;
  await before?.(fixture);
  const view = <AppFixtureView fixture={fixture} />;
  const screen = await render(
    onRender ? (
      <Profiler id="full-calculator" onRender={onRender}>
        {view}
      </Profiler>
    ) : (
      view
    ),
  );
  await expect
    .element(screen.getByRole('heading', { name: 'Solar assessment', level: 1 }))
    .toBeVisible();
  return { fixture, screen, production: { seen } };
}

async function pickBySearch(screen: Awaited<ReturnType<typeof open>>['screen']) {
  const search = screen.getByRole('combobox', { name: 'Search for an address' });
  await search.fill('Chui Avenue');
  await expect
    .element(screen.getByRole('option', { name: 'Chui Avenue, Bishkek, Kyrgyzstan' }))
    .toBeVisible();
  await userEvent.click(screen.getByRole('option', { name: 'Chui Avenue, Bishkek, Kyrgyzstan' }));
  await expect
    .element(screen.getByText('Chui Avenue, Bishkek, Kyrgyzstan', { exact: true }))
    .toBeVisible();
}

/** Saves the draft 'Osh Bazaar, Bishkek' (3.2 kW, tilt 20°, flat roof) for the signed-in client. */
function saveOshBazaarDraft(fixture: ReturnType<typeof createAppFixture>) {
  return fixture.client.projects.create({
    location: { address: 'Osh Bazaar, Bishkek', latitude: 42.87, longitude: 74.57, placeId: 'W1' },
    configuration: {
      systemSizeKw: 3.2,
      panelCount: 8,
      tiltDeg: 20,
      azimuthDeg: 160,
      roofType: 'flat',
      lossPercent: 10,
      pricePerKwhSom: 2,
    },
    isDraft: true,
  });
}

describe('full calculator: location step', () => {
  it('falls back to the map after a denied geolocation, then picks a place by search', async () => {
    const { screen } = await open({ geolocation: { code: 1 } });
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'Location access was denied. Please allow location access or choose your location on the map.',
      );
    await expect.element(screen.getByRole('application', { name: /Map/ })).toBeVisible();
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await expect
      .element(screen.getByRole('listitem').filter({ hasText: 'Configuration' }))
      .toHaveAttribute('aria-current', 'step');
    await expect
      .element(screen.getByText('Location: Chui Avenue, Bishkek, Kyrgyzstan'))
      .toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Change location' }));
    await expect
      .element(screen.getByRole('listitem').filter({ hasText: 'Location' }).first())
      .toHaveAttribute('aria-current', 'step');
    await expect
      .element(screen.getByText('Selected location: Chui Avenue, Bishkek, Kyrgyzstan'))
      .toBeVisible();
  });

  it.each([
    [2, 'Your location is currently unavailable. Please choose your location on the map.'],
    [3, 'Getting your location took too long. Please try again or choose it on the map.'],
  ] as const)('shows its own message for geolocation error %i', async (code, message) => {
    const { screen } = await open({ geolocation: { code } });
    await expect.element(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('detects the location and reverse geocodes it', async () => {
    const { screen } = await open({ geolocation: { latitude: 42.8746, longitude: 74.5698 } });
    await expect
      .element(screen.getByText('Chui Avenue 1, Bishkek (42.8746, 74.5698)'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Choose a different location' }))
      .toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await expect
      .element(screen.getByRole('heading', { name: 'System configuration' }))
      .toBeVisible();
  });

  it('keeps the detected point by its coordinates when the geocoder is down, and goes on', async () => {
    const { screen } = await open({
      geolocation: { latitude: 42.8746, longitude: 74.5698 },
      mock: { scenario: { fail: { geo: { status: 502 } } } },
    });
    await expect.element(screen.getByText('Selected location: 42.87460, 74.56980')).toBeVisible();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Failed to get address' }))
      .toHaveTextContent(
        'Failed to get address for this location. This place is shown by its coordinates: you can use it as it is, or search for your address.',
      );
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await expect
      .element(screen.getByRole('heading', { name: 'System configuration' }))
      .toBeVisible();
    await expect.element(screen.getByText('Location: 42.87460, 74.56980')).toBeVisible();
  });

  it('refuses typed text that was not picked from the dropdown', async () => {
    const { screen } = await open();
    const search = screen.getByRole('combobox', { name: 'Search for an address' });
    await search.fill('somewhere I typed');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByText('Please select a valid address from the dropdown'))
      .toBeVisible();
    await expect.element(search).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(screen.getByRole('button', { name: 'Use this location' }))
      .not.toBeInTheDocument();
  });

  it('picks a suggestion with the keyboard', async () => {
    const { screen } = await open();
    await screen.getByRole('combobox', { name: 'Search for an address' }).fill('Lenin');
    await expect
      .element(screen.getByRole('option', { name: 'Lenin, Osh, Kyrgyzstan' }))
      .toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect.element(screen.getByText('Lenin, Osh, Kyrgyzstan', { exact: true })).toBeVisible();
  });

  it('keeps the list closed after a pick, and closes it on Escape keeping the text', async () => {
    const { screen } = await open();
    await pickBySearch(screen);
    // The picked address is not searched again: the list stays closed past the debounce.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 300));
    await expect.element(screen.getByRole('listbox')).not.toBeInTheDocument();
    await expect
      .element(screen.getByRole('button', { name: 'Use this location' }))
      .toBeInTheDocument();
    const search = screen.getByRole('combobox', { name: 'Search for an address' });
    await search.fill('Lenin');
    await expect
      .element(screen.getByRole('option', { name: 'Lenin, Osh, Kyrgyzstan' }))
      .toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('listbox')).not.toBeInTheDocument();
    await expect.element(search).toHaveValue('Lenin');
  });

  it('says in the list when no address is found', async () => {
    const { screen } = await open({
      handlers: [
        configWithTiles(),
        productionHandler(),
        http.get('*/geo/search', () => HttpResponse.json([])),
      ],
    });
    await screen.getByRole('combobox', { name: 'Search for an address' }).fill('Nowhere');
    await expect.element(screen.getByRole('listbox').getByText('No address found.')).toBeVisible();
  });

  it('says in the list when the search failed', async () => {
    const { screen } = await open({ mock: { scenario: { fail: { geo: { status: 502 } } } } });
    await screen.getByRole('combobox', { name: 'Search for an address' }).fill('Chui Avenue');
    await expect
      .element(screen.getByRole('listbox').getByText('Address search failed. Please try again.'))
      .toBeVisible();
  });
});

describe('full calculator: configuration step', () => {
  it('shows PVGIS production with its uncertainty, the chart and the savings', async () => {
    const { screen, production } = await open();
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    const results = screen.getByRole('region', { name: 'Monthly production' });
    await expect
      .poll(() => textOf(results))
      .toContain(
        'Source: PVGIS (European Commission Joint Research Centre) solar data for this location. Year-to-year variation: ±187 kWh (±4%).',
      );
    // Daniyar's chat portfolio -> 3.6 kW; the fake gives 1300 kWh per kW: 4680 kWh a year.
    await expect
      .element(screen.getByText('The size is prefilled from what you told the chat assistant.'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'System size (kW DC)' }))
      .toHaveValue('3.6');
    await expect.element(screen.getByRole('img', { name: /Production by month/ })).toBeVisible();
    await expect.poll(() => textOf(results)).toContain('Yearly production4,680 kWh/year');
    // 4680 kWh x 1.49 som = 6973 som a year; 3.6 kW x 11 100 = 39 960 som; 5.7 years.
    await expect.poll(() => textOf(results)).toContain('Yearly savings6,973 som');
    await expect.poll(() => textOf(results)).toContain('Estimated cost39,960 som');
    await expect.poll(() => textOf(results)).toContain('Payback period5.7 years');
    // Over 25 years, 0.5 % less output a year: 34,516 som back after 5 years, 41,315 after 6.
    await expect.element(results.getByRole('heading', { name: 'Over 25 years' })).toBeVisible();
    await expect.poll(() => textOf(results)).toContain('Pays for itselfIn year 6');
    await expect.poll(() => textOf(results)).toContain('Simple payback: 5.7 years');
    expect(production.seen.at(-1)?.searchParams.get('lossPercent')).toBe('14');
    expect(production.seen.at(-1)?.searchParams.get('lat')).toBe('42.8746');
  });

  it('comes to rest once production is shown (no render every debounce period)', async () => {
    let commits = 0;
    const { screen } = await open({ onRender: () => (commits += 1) });
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    const results = screen.getByRole('region', { name: 'Monthly production' });
    await expect.poll(() => textOf(results)).toContain('Yearly production4,680 kWh/year');
    await new Promise((resolve) => setTimeout(resolve, PRODUCTION_DEBOUNCE_MS));
    const settled = commits;
    // Three more debounce periods with no input: nothing may render again.
    await new Promise((resolve) => setTimeout(resolve, 3 * PRODUCTION_DEBOUNCE_MS));
    expect(commits - settled).toBe(0);
  });

  it('says when the production is the clear-sky estimate, and names it', async () => {
    const { screen } = await open({ production: { source: 'estimate' } });
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    const results = screen.getByRole('region', { name: 'Monthly production' });
    await expect
      .poll(() => textOf(results))
      .toContain(
        'Source: an estimate from the sun’s path over this location on clear days, scaled to typical cloudiness, because the PVGIS service could not be reached. It counts tilt, direction and losses, not local weather or shade. This estimate states no uncertainty',
      );
  });

  it('prefills the size from the stored quick estimate', async () => {
    localStorage.setItem(
      STORAGE_KEYS.calculatorData,
      JSON.stringify({
        monthlyBill: 1490,
        averageKwh: 1000,
        pricePerKwh: 1.49,
        address: '',
        billInputMethod: 'manual',
        timestamp: 1,
      }),
    );
    const { screen } = await open();
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await expect
      .element(screen.getByText('The size is prefilled from your quick estimate.'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'System size (kW DC)' }))
      .toHaveValue('7.6');
    await expect.element(screen.getByRole('textbox', { name: 'Panel count' })).toHaveValue('19');
    // Once the size is the user's own, the note no longer describes it.
    await screen.getByRole('textbox', { name: 'System size (kW DC)' }).fill('5');
    await userEvent.keyboard('{Tab}');
    await expect
      .element(screen.getByText('The size is prefilled from your quick estimate.'))
      .not.toBeInTheDocument();
  });
});

describe('full calculator: drafts', () => {
  it('saves a draft, lists it, and continues it with its configuration', async () => {
    // A one-digit hour: "9:05 AM" in the list and the status alike, never "09:05 AM".
    const savedAt = Date.parse('2026-03-14T09:05:00Z');
    const { screen } = await open({ now: savedAt });
    await expect.element(screen.getByText('No saved drafts yet.')).toBeVisible();
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    const size = screen.getByRole('textbox', { name: 'System size (kW DC)' });
    await size.fill('5');
    await userEvent.keyboard('{Tab}');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expect.element(screen.getByText(/Draft saved at/)).toBeVisible();
    const continueButton = screen.getByRole('button', {
      name: 'Continue draft: Chui Avenue, Bishkek, Kyrgyzstan',
    });
    await expect.element(continueButton).toBeVisible();
    // The status and the list write the time the same way ("3:28 PM", not "03:28 PM").
    const saved = /Draft saved at (.+)\.$/.exec(
      (screen.getByText(/Draft saved at/).element().textContent ?? '').replace(/\s/g, ' '),
    )?.[1];
    expect(saved).toBe(
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(savedAt).replace(/\s/g, ' '),
    );
    const listed = (screen.getByText(/^Saved /).element().textContent ?? '').replace(/\s/g, ' ');
    expect(listed).toContain(saved);
    // The saved assessment links to its proposal (issue 22 item 2).
    expect(
      screen.getByRole('link', { name: 'View the proposal' }).element().getAttribute('href'),
    ).toMatch(/^\/projects\/[^/]+\/proposal$/);

    await userEvent.click(screen.getByRole('button', { name: 'Change location' }));
    await userEvent.click(continueButton);
    await expect
      .element(screen.getByText('These are the values of your saved draft.'))
      .toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'System size (kW DC)' }))
      .toHaveValue('5');
    await expect.element(screen.getByRole('textbox', { name: 'Panel count' })).toHaveValue('13');
  });

  it('continues a draft saved earlier', async () => {
    const { screen } = await open({
      before: async (fixture) => {
        await saveOshBazaarDraft(fixture);
      },
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Continue draft: Osh Bazaar, Bishkek' }),
    );
    await expect.element(screen.getByRole('textbox', { name: 'Tilt (°)' })).toHaveValue('20');
    await expect
      .element(screen.getByRole('textbox', { name: 'System losses (%)' }))
      .toHaveValue('10');
    await expect
      .element(screen.getByRole('button', { name: /Roof type/ }))
      .toHaveTextContent('Flat');
  });

  it('opens the draft named by ?draft= (the dashboard links) and drops the parameter', async () => {
    const { screen, fixture } = await open({
      before: async (fixture) => {
        const draft = await saveOshBazaarDraft(fixture);
        fixture.location.navigate(`/solar-calculator-full?draft=${draft.id}`);
      },
    });
    await expect.element(screen.getByRole('textbox', { name: 'Tilt (°)' })).toHaveValue('20');
    expect(fixture.location.history.at(-1)).toBe('/solar-calculator-full');
  });

  it('says so when ?draft= names no draft of the user', async () => {
    const { screen, fixture } = await open({
      before: async (fixture) => {
        fixture.location.navigate('/solar-calculator-full?draft=gone');
      },
    });
    await expect
      .element(screen.getByText('That draft was not found. Pick one from your saved drafts below.'))
      .toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/solar-calculator-full');
  });

  it("shows the spec's toast when the browser's 100-per-hour counter is spent", async () => {
    const { screen, fixture } = await open({
      before: async (f) => {
        const userId = f.client.session.getSnapshot().user!.id;
        localStorage.setItem(
          rateLimitStorageKey(userId),
          JSON.stringify(Array(100).fill(f.now() - 1000)),
        );
      },
    });
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expect
      .element(screen.getByText('Rate limit exceeded: max 100 requests per hour'))
      .toBeVisible();
    // Nothing was saved: the demo client still has only their seeded (saved) projects.
    expect((await fixture.client.projects.list()).filter((p) => p.isDraft)).toHaveLength(0);
  });

  it('says why the drafts list failed on a 429 and when to try again', async () => {
    const { screen, fixture } = await open({
      mock: {
        scenario: {
          fail: { projects: { status: 429, code: 'rate_limited', retryAfterSeconds: 1800 } },
        },
      },
    });
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(
      fixture.now() + 1800 * 1000,
    );
    await expect
      .element(
        screen.getByText(
          `Too many requests for now, so your drafts could not be loaded. You can try again at ${time}.`,
        ),
      )
      .toBeVisible();
  });

  it("shows the same toast for the server's 429", async () => {
    const { screen } = await open({
      mock: { scenario: { fail: { projects: { status: 429, code: 'rate_limited' } } } },
    });
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expect
      .element(screen.getByText('Rate limit exceeded: max 100 requests per hour'))
      .toBeVisible();
  });
});
