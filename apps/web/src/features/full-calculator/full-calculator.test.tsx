/**
 * /solar-calculator-full against the fake (docs/product.md#full-calculator):
 * geolocation success and errors, the address search (sent only on Enter or Search, a place
 * picked from what it finds; type-ahead only through /geo/suggest), the ways on when the
 * map or the geocoder is down (coordinates typed by hand), the step change and back,
 * production with its source, prefill from the quick estimate, saving a draft and
 * continuing one, and the rate limit (browser counter and server 429).
 */
import { rateLimitStorageKey, STORAGE_KEYS } from '@solar/domain';
import { http, HttpResponse } from 'msw';
import { act, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import {
  BROKEN_TILE_URL,
  configWithTiles,
  productionHandler,
  replaceGeolocation,
  stubGeolocation,
  type ProductionFakeOptions,
} from '../../testing/full-calculator-fakes.ts';
import { PRODUCTION_DEBOUNCE_MS } from './configuration-step.tsx';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * Puts the page's timers (the screen's debounces) on a fake clock that otherwise keeps
 * time as usual, so a test can jump it on (`vi.advanceTimersByTime`) instead of waiting.
 */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
  cleanups.push(() => vi.useRealTimers());
}

/** Jumps the fake clock `ms` on; React renders what the timers set off before it returns. */
function jump(ms: number) {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = true; // act()'s test mode, for this call only
  try {
    act(() => vi.advanceTimersByTime(ms));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
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
  await screen.getByRole('textbox', { name: 'Search for an address' }).fill('Chui Avenue');
  await userEvent.click(screen.getByRole('button', { name: 'Search', exact: true }));
  await userEvent.click(
    screen.getByRole('button', { name: 'Chui Avenue, Bishkek, Kyrgyzstan', exact: true }),
  );
  await expect
    .element(screen.getByText('Selected location: Chui Avenue, Bishkek, Kyrgyzstan'))
    .toBeVisible();
}

/** Records the geo calls that reach the fake (`search`, `suggest`), passing them on. */
function countGeoCalls() {
  const seen = { search: [] as string[], suggest: [] as string[] };
  const handler = http.get('*/api/v1/geo/:kind', ({ request, params }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    if (params.kind === 'search') seen.search.push(q);
    if (params.kind === 'suggest') seen.suggest.push(q);
    // Falls through to the fake's own answer.
  });
  return { seen, handler };
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

  it('searches only when the address is submitted: typing "Chuy avenue 12" sends nothing, Enter one search', async () => {
    const geo = countGeoCalls();
    const { screen } = await open({
      handlers: [configWithTiles(), productionHandler(), geo.handler],
    });
    fakeClock();
    const search = screen.getByRole('textbox', { name: 'Search for an address' });
    await userEvent.click(search);
    await userEvent.keyboard('Chuy avenue 12');
    // A second on, longer than any debounce the box ever had: still nothing asked (and the
    // one search below is all that was ever sent).
    jump(1000);
    expect(geo.seen).toEqual({ search: [], suggest: [] });
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('button', { name: 'Chuy avenue 12, Bishkek, Kyrgyzstan' }))
      .toBeVisible();
    expect(geo.seen).toEqual({ search: ['Chuy avenue 12'], suggest: [] });
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'addresses found' }))
      .toHaveTextContent('2 addresses found. Pick yours:');
  });

  it('asks for the text first when Search is pressed on an empty field', async () => {
    const { screen } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Search', exact: true }));
    const search = screen.getByRole('textbox', { name: 'Search for an address' });
    await expect.element(search).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByText('Search text is required')).toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Use this location' }))
      .not.toBeInTheDocument();
  });

  it('picks a place found with the keyboard only, and goes on to step 2', async () => {
    const { screen } = await open();
    await userEvent.click(screen.getByRole('textbox', { name: 'Search for an address' }));
    await userEvent.keyboard('Lenin{Enter}');
    const osh = screen.getByRole('button', { name: 'Lenin, Osh, Kyrgyzstan', exact: true });
    await expect.element(osh).toBeVisible();
    // Tab past the Search button and the first place to the second.
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect.element(osh).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByText('Selected location: Lenin, Osh, Kyrgyzstan'))
      .toBeVisible();
    // Focus moves on to 'Use this location'.
    await expect.element(screen.getByRole('button', { name: 'Use this location' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('heading', { name: 'System configuration' }))
      .toBeVisible();
  });

  it('says when no address is found', async () => {
    const { screen } = await open({
      handlers: [
        configWithTiles(),
        productionHandler(),
        http.get('*/geo/search', () => HttpResponse.json([])),
      ],
    });
    await screen.getByRole('textbox', { name: 'Search for an address' }).fill('Nowhere');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'No address found' }))
      .toHaveTextContent(
        'No address found. Check the spelling, or try the street without the house number.',
      );
  });

  it('says when the search failed, and which ways on are left while the map works', async () => {
    const { screen } = await open({ mock: { scenario: { fail: { geo: { status: 502 } } } } });
    await screen.getByRole('textbox', { name: 'Search for an address' }).fill('Chui Avenue');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('alert').filter({ hasText: 'address search' }))
      .toHaveTextContent('The address search is not available right now.');
    await expect
      .element(
        screen.getByText('You can still click your place on the map, or enter its coordinates.'),
      )
      .toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Enter coordinates instead' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('textbox', { name: 'Latitude' })).toBeVisible();
  });

  it('leaves a way on with location denied and both the map and the geocoder down: typed coordinates, keyboard only', async () => {
    const { screen } = await open({
      geolocation: { code: 1 },
      handlers: [configWithTiles(BROKEN_TILE_URL), productionHandler()],
      mock: { scenario: { fail: { geo: { status: 502 } } } },
    });
    await expect
      .element(
        screen.getByText(
          'The map could not be loaded. Search for your address, or enter its coordinates below.',
        ),
      )
      .toBeVisible();
    await screen.getByRole('textbox', { name: 'Search for an address' }).fill('Chui Avenue 12');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByText('You can still enter the coordinates of your place below.'))
      .toBeVisible();
    const latitude = screen.getByRole('textbox', { name: 'Latitude' });
    const longitude = screen.getByRole('textbox', { name: 'Longitude' });
    await userEvent.click(latitude);
    await userEvent.keyboard('95{Tab}east{Enter}');
    await expect.element(latitude).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByText('Latitude must be between -90 and 90')).toBeVisible();
    await expect.element(screen.getByText('Longitude must be between -180 and 180')).toBeVisible();
    await expect.element(latitude).toHaveFocus();
    await latitude.fill('42,8746');
    await longitude.fill('74.5698');
    await userEvent.click(longitude);
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Selected location: 42.87460, 74.56980')).toBeVisible();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Failed to get address' }))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Use this location' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('heading', { name: 'System configuration' }))
      .toBeVisible();
    await expect.element(screen.getByText('Location: 42.87460, 74.56980')).toBeVisible();
  });

  it('goes on with the address as typed when the geocoder is down, marked unverified, and saves it so', async () => {
    const { screen, fixture, production } = await open({
      mock: { scenario: { fail: { geo: { status: 502 } } } },
    });
    await screen.getByRole('textbox', { name: 'Search for an address' }).fill('Chuy avenue 12');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Go on with the address as typed' }));
    await expect.element(screen.getByText('Selected location: Chuy avenue 12')).toBeVisible();
    await expect.element(screen.getByText('Address not verified.')).toBeVisible();
    await expect
      .element(
        screen.getByText(/Its position is not known, so production is estimated from 4\.5 sun/),
      )
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Use this location' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const results = screen.getByRole('region', { name: 'Monthly production' });
    await expect
      .poll(() => textOf(results))
      .toContain(
        'Source: an estimate from 4.5 sun hours a day with these losses, because the address is not verified and the site is not known.',
      );
    expect(production.seen.at(-1)?.searchParams.has('lat')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await expect.element(screen.getByText(/Draft saved at/)).toBeVisible();
    const drafts = (await fixture.client.projects.list()).filter((p) => p.isDraft);
    expect(drafts.map((p) => p.location)).toEqual([
      { address: 'Chuy avenue 12', latitude: null, longitude: null, addressVerified: false },
    ]);
  });

  it('offers type-ahead only through /geo/suggest when the server has a suggestion service', async () => {
    const geo = countGeoCalls();
    const { screen } = await open({
      handlers: [
        configWithTiles(undefined, { addressSuggestions: true }),
        productionHandler(),
        geo.handler,
      ],
      mock: { addressSuggestions: true },
    });
    const search = screen.getByRole('combobox', { name: 'Search for an address' });
    await userEvent.click(search);
    await userEvent.keyboard('Chuy');
    // The suggestion for the whole word: its debounce after the last key has run.
    const option = screen.getByRole('option', { name: 'Chuy 12, Bishkek, Kyrgyzstan' });
    await expect.element(option).toBeVisible();
    expect(geo.seen.search).toEqual([]);
    expect(geo.seen.suggest.at(-1)).toBe('Chuy');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect
      .element(screen.getByText('Selected location: Chuy 12, Bishkek, Kyrgyzstan'))
      .toBeVisible();
    expect(geo.seen.search).toEqual([]);
  });
});

describe('full calculator: type-ahead with a suggestion service', () => {
  it('submits the typed text to the geocoder on Enter when no suggestion is highlighted', async () => {
    const geo = countGeoCalls();
    const { screen } = await open({
      handlers: [
        configWithTiles(undefined, { addressSuggestions: true }),
        productionHandler(),
        geo.handler,
      ],
      mock: { addressSuggestions: true },
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Search for an address' }));
    await userEvent.keyboard('Chuy avenue 12');
    await expect
      .element(screen.getByRole('option', { name: 'Chuy avenue 12 12, Bishkek, Kyrgyzstan' }))
      .toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('button', { name: 'Chuy avenue 12, Bishkek, Kyrgyzstan' }))
      .toBeVisible();
    expect(geo.seen.search).toEqual(['Chuy avenue 12']);
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
    fakeClock();
    await pickBySearch(screen);
    await userEvent.click(screen.getByRole('button', { name: 'Use this location' }));
    const results = screen.getByRole('region', { name: 'Monthly production' });
    await expect.poll(() => textOf(results)).toContain('Yearly production4,680 kWh/year');
    jump(PRODUCTION_DEBOUNCE_MS);
    const settled = commits;
    // Three more debounce periods with no input: nothing may render again.
    jump(3 * PRODUCTION_DEBOUNCE_MS);
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
    // The saved assessment links to its proposal.
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
