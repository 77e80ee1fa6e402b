/**
 * The full calculator (docs/product.md#full-calculator) in each state on the MSW fake,
 * signed in as the demo client: the location step with the map, the places an address
 * search found, type-ahead, and each outage (map down, geocoder down, both down, coordinates
 * typed by hand); the configuration step. Map tiles are a blank data image (or a refused
 * address for the error states), so no story reaches the network.
 */
import { STORAGE_KEYS } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppFixture } from '../../testing/app-fixture.tsx';
import {
  BROKEN_TILE_URL,
  configWithTiles,
  productionHandler,
  replaceGeolocation,
  stubGeolocation,
} from '../../testing/full-calculator-fakes.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text, textPattern } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/FullCalculator',
  component: AppFixture,
  parameters: SCREEN_PARAMETERS,
  args: {
    path: '/solar-calculator-full',
    as: 'client',
    handlers: [configWithTiles(), productionHandler()],
  },
  beforeEach: () => {
    localStorage.removeItem(STORAGE_KEYS.calculatorData);
    return replaceGeolocation(stubGeolocation({ code: 1 }));
  },
} satisfies Meta<typeof AppFixture>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Types `address` into the search field and submits it with Enter. */
async function searchFor(canvasElement: HTMLElement, address: string) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByRole('textbox', { name: text('fullCalculator.search.label') }),
    `${address}{Enter}`,
  );
}

async function pickChui(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await searchFor(canvasElement, 'Chui Avenue');
  await userEvent.click(
    await canvas.findByRole(
      'button',
      { name: 'Chui Avenue, Bishkek, Kyrgyzstan' },
      { timeout: 3000 },
    ),
  );
  await userEvent.click(
    await canvas.findByRole('button', { name: text('fullCalculator.location.use') }),
  );
}

/** Waiting for the browser's position. */
export const Detecting: Story = {
  beforeEach: () => replaceGeolocation(stubGeolocation('pending')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('fullCalculator.location.detecting'))).toBeVisible();
  },
};

/** Position found and reverse geocoded. */
export const Detected: Story = {
  beforeEach: () => replaceGeolocation(stubGeolocation({ latitude: 42.8746, longitude: 74.5698 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('fullCalculator.location.chooseDifferent') }),
    ).toBeVisible();
  },
};

/** Location denied: the message, address search and the map (ready). */
export const ManualMapReady: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('application', { name: text('fullCalculator.map.label') }),
    ).toBeVisible();
  },
};

/** The map waiting for its settings. */
export const MapLoading: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/config', async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('fullCalculator.map.loading'))).toBeVisible();
  },
};

/** The tiles could not be loaded: the map's error state; search still works. */
export const MapError: Story = {
  args: { handlers: [configWithTiles(BROKEN_TILE_URL)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('fullCalculator.map.error'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** The places an address search found, to pick from. */
export const SearchResults: Story = {
  play: async ({ canvasElement }) => {
    await searchFor(canvasElement, 'Chui Avenue');
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole(
        'button',
        { name: 'Chui Avenue, Osh, Kyrgyzstan' },
        { timeout: 3000 },
      ),
    ).toBeVisible();
  },
};

/** Search pressed on an empty field. */
export const SearchEmpty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('fullCalculator.search.submit') }),
    );
    await expect(await canvas.findByText(text('validation.searchRequired'))).toBeVisible();
  },
};

/**
 * Type-ahead through the server's suggestion service (PHOTON_URL): a suggestion picked with
 * the keyboard. (The open list itself is in the ComboBox's stories: while it is open
 * react-aria hides the rest of the page from assistive technology.)
 */
export const TypeAhead: Story = {
  args: {
    handlers: [configWithTiles(undefined, { addressSuggestions: true }), productionHandler()],
    mock: { addressSuggestions: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('combobox', { name: text('fullCalculator.search.label') }),
      'Chuy',
    );
    await within(canvasElement.ownerDocument.body).findByRole(
      'option',
      { name: 'Chuy 12, Bishkek, Kyrgyzstan' },
      { timeout: 3000 },
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(
      await canvas.findByText(textPattern('fullCalculator.location.selected')),
    ).toBeVisible();
  },
};

/** The geocoder is down, the map works: the search says so and the ways on. */
export const GeocoderDown: Story = {
  args: { mock: { scenario: { fail: { geo: { status: 502 } } } } },
  play: async ({ canvasElement }) => {
    await searchFor(canvasElement, 'Chui Avenue 12');
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('fullCalculator.wayOn.mapUp'), {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

/** Location denied, the map and the geocoder both down: coordinates are the way on. */
export const MapAndGeocoderDown: Story = {
  args: {
    handlers: [configWithTiles(BROKEN_TILE_URL), productionHandler()],
    mock: { scenario: { fail: { geo: { status: 502 } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('fullCalculator.map.error'), {}, { timeout: 5000 }),
    ).toBeVisible();
    await searchFor(canvasElement, 'Chui Avenue 12');
    await expect(
      await canvas.findByText(text('fullCalculator.wayOn.mapDown'), {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

/** The geocoder is down: the address as typed, marked unverified, ready to use. */
export const AddressAsTyped: Story = {
  args: { mock: { scenario: { fail: { geo: { status: 502 } } } } },
  play: async ({ canvasElement }) => {
    await searchFor(canvasElement, 'Chuy avenue 12');
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole(
        'button',
        { name: text('fullCalculator.typed.use') },
        { timeout: 3000 },
      ),
    );
    await expect(await canvas.findByText(text('fullCalculator.typed.label'))).toBeVisible();
  },
};

/** Coordinates typed by hand: out-of-range values show their field messages. */
export const ManualCoordinatesInvalid: Story = {
  args: { handlers: [configWithTiles(BROKEN_TILE_URL), productionHandler()] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole(
        'textbox',
        { name: text('fullCalculator.coordinates.latitude') },
        { timeout: 5000 },
      ),
      '95',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('fullCalculator.coordinates.longitude') }),
      'east{Enter}',
    );
    await expect(await canvas.findByText(text('validation.longitude'))).toBeVisible();
  },
};

/** Coordinates typed by hand while the geocoder is down: the point, by its coordinates. */
export const ManualCoordinatesChosen: Story = {
  args: {
    handlers: [configWithTiles(BROKEN_TILE_URL), productionHandler()],
    mock: { scenario: { fail: { geo: { status: 502 } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole(
        'textbox',
        { name: text('fullCalculator.coordinates.latitude') },
        { timeout: 5000 },
      ),
      '42.8746',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('fullCalculator.coordinates.longitude') }),
      '74.5698{Enter}',
    );
    const use = await canvas.findByRole('button', { name: text('fullCalculator.location.use') });
    await waitFor(() => expect(use).toHaveFocus());
  },
};

/** Step 2 with PVGIS production, its uncertainty, the chart and savings. */
export const ConfigurationPvgis: Story = {
  play: async ({ canvasElement }) => {
    await pickChui(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(textPattern('fullCalculator.source.pvgis'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Step 2 when PVGIS could not be reached: the clear-sky estimate, labelled and named. */
export const ConfigurationEstimate: Story = {
  args: { handlers: [configWithTiles(), productionHandler({ source: 'estimate' })] },
  play: async ({ canvasElement }) => {
    await pickChui(canvasElement);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(textPattern('fullCalculator.source.estimate'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/**
 * Step 2 while the production is calculated. Its request never answers, on purpose: the
 * `pending-request` tag tells the local screenshot run the page is at rest once nothing else
 * moves (.storybook/visual/stories.spec.ts); the spinner's endless turn is stopped by both
 * screenshot runs, so the capture is the same every time.
 */
export const ProductionLoading: Story = {
  tags: ['pending-request'],
  args: { handlers: [configWithTiles(), productionHandler({ hang: true })] },
  play: async ({ canvasElement }) => {
    await pickChui(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('fullCalculator.production.loading'))).toBeVisible();
  },
};

/**
 * Holds the newest toast on screen for the capture: Radix pauses a toast's timer while the
 * pointer is over its region, so the story ends with the toast shown whole (its entry
 * animation finished) instead of racing its timer. Chromatic keeps animations at their end
 * (`pauseAnimationAtEnd`); the local run hides screens' toasts.
 */
async function holdToast(canvasElement: HTMLElement, message: string) {
  const body = within(canvasElement.ownerDocument.body);
  const title = await body.findByText(message);
  const toast = title.closest<HTMLElement>('[data-slot="toast"]');
  if (!toast) throw new Error(`no toast says "${message}"`);
  await userEvent.hover(toast);
  await waitFor(() => expect(toast).toBeVisible());
  await Promise.all(toast.getAnimations({ subtree: true }).map((a) => a.finished));
}

/**
 * A draft saved: the status line (its time from the story's frozen clock), the proposal link
 * and the drafts list.
 */
export const DraftSaved: Story = {
  play: async ({ canvasElement }) => {
    await pickChui(canvasElement);
    const canvas = within(canvasElement);
    const save = await canvas.findByRole('button', { name: text('fullCalculator.save') });
    await userEvent.click(save);
    await expect(await canvas.findByText(textPattern('fullCalculator.saved'))).toBeVisible();
    // The pointer leaves the button, so the capture never depends on a hover state.
    await userEvent.unhover(save);
  },
};

/** The server's 429: the spec's rate-limit toast. */
export const RateLimited: Story = {
  // The error toast is held on screen (holdToast) so the capture does not race its timer.
  parameters: { chromatic: { pauseAnimationAtEnd: true } },
  args: { mock: { scenario: { fail: { projects: { status: 429, code: 'rate_limited' } } } } },
  play: async ({ canvasElement }) => {
    await pickChui(canvasElement);
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: text('fullCalculator.save') }));
    await holdToast(canvasElement, text('calculator.rateLimitExceeded', { max: 100 }));
  },
};
