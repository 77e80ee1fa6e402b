/**
 * /solar-calculator against the fake (docs/product.md#quick-calculator and #errors-and-messages):
 * calculate disabled at 0 kWh, the estimate of a hand-checked input, reset, storage restore, the
 * bill photo's success and failures, each geolocation error, and the quote redirect when signed
 * out.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function open(options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path: '/solar-calculator', ...options });
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect
    .element(screen.getByRole('heading', { name: 'Quick solar calculator' }))
    .toBeVisible();
  return { fixture, screen };
}

/** The element's text with runs of whitespace (including no-break spaces) as one space. */
function textOf(locator: Locator): string {
  return (locator.element().textContent ?? '').replace(/\s+/g, ' ');
}

/** Types a number into a react-aria number input and commits it (blur). */
async function setNumber(input: Locator, value: string) {
  await input.fill(value);
  await userEvent.keyboard('{Tab}');
}

/** Stubs navigator.geolocation.getCurrentPosition to fail with `code`. */
function failGeolocation(code: 1 | 2 | 3) {
  return vi.spyOn(navigator.geolocation, 'getCurrentPosition').mockImplementation((_ok, fail) =>
    fail?.({
      code,
      message: 'stub',
      PERMISSION_DENIED: 1,
      POSITION_UNAVAILABLE: 2,
      TIMEOUT: 3,
    } as GeolocationPositionError),
  );
}

beforeEach(() => localStorage.removeItem(STORAGE_KEYS.calculatorData));
afterEach(() => vi.restoreAllMocks());

describe('quick calculator', () => {
  it('works signed out with its own header and starts from the spec defaults', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }))
      .toHaveValue('300');
    await expect
      .element(screen.getByRole('textbox', { name: 'Rate per kWh (som)' }))
      .toHaveValue('1.49');
  });

  it('disables Calculate at 0 kWh', async () => {
    const { screen } = await open();
    await setNumber(
      screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }),
      '0',
    );
    await expect.element(screen.getByRole('button', { name: 'Calculate' })).toBeDisabled();
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly bill, som', exact: true }))
      .toHaveValue('0');
  });

  it('keeps kWh and bill in step through the rate', async () => {
    const { screen } = await open();
    await setNumber(screen.getByRole('textbox', { name: 'Monthly bill, som', exact: true }), '745');
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }))
      .toHaveValue('500');
    await setNumber(screen.getByRole('textbox', { name: 'Rate per kWh (som)' }), '2');
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly bill, som', exact: true }))
      .toHaveValue('1,000');
  });

  it('shows the estimate of 300 kWh at 1.49 som/kWh at once, stores the inputs, and resets', async () => {
    const { screen, fixture } = await open({ as: 'client' });
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const results = screen.getByRole('region', { name: 'Estimate' });
    // Hand-checked: 10 kWh/day / 4.5 h = 2.22 kW -> 6 panels of 0.4 kW = 2.4 kW.
    await expect.poll(() => textOf(results)).toContain('System size2.4 kW');
    await expect.poll(() => textOf(results)).toContain('Panels6');
    await expect.poll(() => textOf(results)).toContain('Estimated cost26,640 som');
    await expect.poll(() => textOf(results)).toContain('Monthly savings489 som');
    await expect.poll(() => textOf(results)).toContain('Yearly production3,942 kWh/year');
    await expect.poll(() => textOf(results)).toContain('Payback period4.5 years');
    await expect.poll(() => textOf(results)).toContain('Roof coverage12 m²');
    await expect.element(results).toHaveFocus();
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.calculatorData) ?? '{}');
    expect(stored).toMatchObject({
      averageKwh: 300,
      monthlyBill: 447,
      pricePerKwh: 1.49,
      billInputMethod: 'manual',
      timestamp: fixture.now(),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await expect.element(screen.getByText('No estimate yet')).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.calculatorData)).toBeNull();
  });

  it('shows the lifetime figures under the seven results: paid back in year 5 beside the simple 4.5 years', async () => {
    const { screen } = await open({ as: 'client' });
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const results = screen.getByRole('region', { name: 'Estimate' });
    await expect.element(results.getByRole('heading', { name: 'Over 25 years' })).toBeVisible();
    // 26,640 som back from 5,868 som a year, 0.5 % less output each year: not after 4 years
    // (about 23,300 som), after 5 (about 29,100 som).
    await expect.poll(() => textOf(results)).toContain('Pays for itselfIn year 5');
    await expect.poll(() => textOf(results)).toContain('Simple payback: 4.5 years');
    await userEvent.click(results.getByRole('button', { name: 'Show as table' }));
    const table = results.getByRole('table', { name: 'Cash flow by year' });
    await expect.element(table.getByRole('rowheader', { name: '25' })).toBeVisible();
  });

  it('marks results out of date when the kWh or the rate change, until Calculate again', async () => {
    const { screen } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const results = screen.getByRole('region', { name: 'Estimate' });
    await expect.poll(() => textOf(results)).toContain('System size2.4 kW');
    await expect.element(results.getByRole('status')).not.toBeInTheDocument();

    const kwh = screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true });
    await setNumber(kwh, '0');
    await expect
      .element(results.getByRole('status'))
      .toHaveTextContent(
        'Out of date: these results are for 300 kWh a month at 1.49 som per kWh. Press Calculate to update them.',
      );
    await setNumber(kwh, '300');
    await expect.element(results.getByRole('status')).not.toBeInTheDocument();
    await setNumber(screen.getByRole('textbox', { name: 'Rate per kWh (som)' }), '2');
    await expect.element(results.getByRole('status')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    await expect.element(results.getByRole('status')).not.toBeInTheDocument();
    // 2.4 kW makes 328.5 kWh a month; at 2 som per kWh that saves 657 som.
    await expect.poll(() => textOf(results)).toContain('Monthly savings657 som');
  });

  it('says when the estimate is above the chosen budget range, picked from its radio group', async () => {
    const { screen } = await open();
    await setNumber(
      screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }),
      '5000',
    );
    const budget = screen.getByRole('radiogroup', { name: 'Budget range' });
    await expect.element(budget.getByRole('radio', { name: 'No preference' })).toBeChecked();
    // A pointer presses the option's label (the radio input itself is visually hidden).
    await userEvent.click(budget.getByText('150,000 – 300,000 som'));
    await expect
      .element(budget.getByRole('radio', { name: '150,000 – 300,000 som' }))
      .toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const overBudget = screen.getByText('The estimated cost is above your budget range', {
      exact: false,
    });
    await expect.element(overBudget).toBeVisible();
    await userEvent.click(budget.getByText('Over 600,000 som'));
    await expect.element(overBudget).not.toBeInTheDocument();
  });

  it('restores stored inputs and their results', async () => {
    localStorage.setItem(
      STORAGE_KEYS.calculatorData,
      JSON.stringify({
        monthlyBill: 1490,
        averageKwh: 1000,
        pricePerKwh: 1.49,
        address: 'Chui Avenue 1',
        billInputMethod: 'manual',
        timestamp: 1,
        roofSizeM2: 20,
      }),
    );
    const { screen } = await open();
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }))
      .toHaveValue('1,000');
    await expect.element(screen.getByLabelText('Address')).toHaveValue('Chui Avenue 1');
    const results = screen.getByRole('region', { name: 'Estimate' });
    // 1000 kWh: 33.3 kWh/day / 4.5 / 0.4 = 18.5 -> 19 panels = 7.6 kW, 38 m2 of roof.
    await expect.poll(() => textOf(results)).toContain('System size7.6 kW');
    await expect
      .element(screen.getByText('This system needs about 38 m² of roof; you entered 20 m².'))
      .toBeVisible();
  });

  it('sends a signed-out visitor asking for a quote to sign in, then the full calculator', async () => {
    const { screen, fixture } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get professional quote' }));
    await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/signin?from=%2Fsolar-calculator-full');
  });

  it('sends a signed-in user asking for a quote to the full calculator', async () => {
    const { screen, fixture } = await open({ as: 'client' });
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get professional quote' }));
    await vi.waitFor(() => expect(fixture.location.history.at(-1)).toBe('/solar-calculator-full'));
  });
});

describe('quick calculator: bill photo', () => {
  async function choosePhoto(screen: Awaited<ReturnType<typeof open>>['screen'], file: File) {
    await userEvent.click(screen.getByRole('radio', { name: 'Upload a photo of the bill' }));
    await expect.element(screen.getByRole('button', { name: 'Choose file' })).toBeVisible();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input).not.toBeNull();
    await userEvent.upload(input!, file);
  }

  it('reads the amount, lets the user edit it, and uses it for the bill', async () => {
    const { screen } = await open({
      mock: {
        billExtract: { amount: 1234.56, confidence: 0.82, text: 'Итого к оплате 1234,56 сом' },
      },
    });
    await choosePhoto(screen, new File([PNG_BYTES], 'bill.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Extract amount' }));
    await expect.element(screen.getByText(/We found an amount on your bill/)).toBeVisible();
    const amount = screen.getByRole('textbox', { name: 'Amount due (som)' });
    await expect.element(amount).toHaveValue('1,234.56');
    await setNumber(amount, '1490');
    await userEvent.click(screen.getByRole('button', { name: 'Use this amount' }));
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly bill, som', exact: true }))
      .toHaveValue('1,490');
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly electricity use, kWh', exact: true }))
      .toHaveValue('1,000');
  });

  it('shows the spec message when no amount is found, and offers manual entry', async () => {
    const { screen } = await open();
    await choosePhoto(screen, new File([PNG_BYTES], 'bill.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Extract amount' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'Failed to process the image. Please try again or enter the amount manually.',
      );
    await userEvent.click(screen.getByRole('button', { name: 'Enter the amount manually' }));
    await expect.element(screen.getByRole('radio', { name: 'Enter it manually' })).toBeChecked();
    await expect
      .element(screen.getByRole('textbox', { name: 'Monthly bill, som', exact: true }))
      .toHaveFocus();
  });

  it('refuses a file that is not an allowed image before sending it', async () => {
    const { screen } = await open();
    await choosePhoto(screen, new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Please upload a valid image file (JPEG, PNG, or WebP)');
  });

  it("shows the server's image rule when the bytes are not an image", async () => {
    const { screen } = await open();
    await choosePhoto(screen, new File(['not an image'], 'bill.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: 'Extract amount' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Please upload a valid image file (JPEG, PNG, or WebP)');
  });
});

describe('quick calculator: use my location', () => {
  it('fills the address from reverse geocoding', async () => {
    vi.spyOn(navigator.geolocation, 'getCurrentPosition').mockImplementation(
      (ok, _fail, options) => {
        expect(options).toMatchObject({ timeout: 10_000, maximumAge: 300_000 });
        ok({ coords: { latitude: 42.8746, longitude: 74.5698 } } as GeolocationPosition);
      },
    );
    const { screen } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await expect
      .element(screen.getByLabelText('Address'))
      .toHaveValue('Chui Avenue 1, Bishkek (42.8746, 74.5698)');
  });

  it('falls back to raw coordinates when reverse geocoding fails', async () => {
    vi.spyOn(navigator.geolocation, 'getCurrentPosition').mockImplementation((ok) =>
      ok({ coords: { latitude: 42.8746, longitude: 74.5698 } } as GeolocationPosition),
    );
    const { screen } = await open({ mock: { scenario: { fail: { geo: { status: 502 } } } } });
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await expect.element(screen.getByLabelText('Address')).toHaveValue('42.87460, 74.56980');
  });

  // The page has no map: each message names typing the address as the way on.
  it.each([
    [1, 'Location access was denied. Please allow location access or type your address.'],
    [2, 'Your location is currently unavailable. Please type your address.'],
    [3, 'Getting your location took too long. Please try again or type your address.'],
  ] as const)('shows its own message for geolocation error %i', async (code, message) => {
    failGeolocation(code);
    const { screen } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent(message);
  });

  it('says when the browser has no geolocation', async () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'geolocation')!;
    Object.defineProperty(Navigator.prototype, 'geolocation', {
      configurable: true,
      get: () => undefined,
    });
    try {
      const { screen } = await open();
      await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
      await expect
        .element(screen.getByRole('alert'))
        .toHaveTextContent('Geolocation is not supported by your browser.');
    } finally {
      Object.defineProperty(Navigator.prototype, 'geolocation', original);
    }
  });
});
