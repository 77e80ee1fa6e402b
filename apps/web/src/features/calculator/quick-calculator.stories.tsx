/**
 * The quick calculator (docs/product.md#quick-calculator and #errors-and-messages) in each state on
 * the MSW fake: signed out, signed in, results, Calculate disabled at 0 kWh, bill photo read, bill
 * photo not readable, geolocation denied.
 */
import { STORAGE_KEYS } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { billPhoto } from '../../../../../.storybook/fixtures.ts';
import { AppFixture } from '../../testing/app-fixture.tsx';
import { replaceGeolocation, stubGeolocation } from '../../testing/full-calculator-fakes.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/QuickCalculator',
  component: AppFixture,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/solar-calculator', as: null },
  beforeEach: () => {
    localStorage.removeItem(STORAGE_KEYS.calculatorData);
  },
} satisfies Meta<typeof AppFixture>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: its own header (brand, language, sign in) and the spec defaults. */
export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: text('quickCalculator.signIn') }),
    ).toBeVisible();
  },
};

/** Signed in: inside the app's shell. */
export const SignedIn: Story = {
  args: { as: 'client' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('app.accountMenu') }),
    ).toBeVisible();
  },
};

/** The estimate of 300 kWh at 1.49 som/kWh, with next steps and the actions. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('quickCalculator.calculate') }),
    );
    await expect(await canvas.findByText(text('quickCalculator.results.title'))).toBeVisible();
  },
};

/** Calculate is disabled when monthly use is 0 kWh. */
export const ZeroUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const kwh = await canvas.findByRole('textbox', {
      name: text('quickCalculator.monthlyKwhInput'),
    });
    await userEvent.clear(kwh);
    await userEvent.type(kwh, '0');
    await userEvent.tab();
    await expect(
      canvas.getByRole('button', { name: text('quickCalculator.calculate') }),
    ).toBeDisabled();
  },
};

/** A bill photo read: the amount to confirm or edit. */
export const PhotoAmountFound: Story = {
  args: {
    mock: { billExtract: { amount: 1490, confidence: 0.86, text: 'Итого к оплате 1490 сом' } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('radio', { name: text('quickCalculator.billMethod.photo') }),
    );
    await canvas.findByRole('button', { name: text('quickCalculator.photo.choose') });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, billPhoto());
    const extract = canvas.getByRole('button', { name: text('quickCalculator.photo.extract') });
    await userEvent.click(extract);
    await expect(
      await canvas.findByRole('textbox', { name: text('quickCalculator.photo.amount') }),
    ).toBeVisible();
    // The pointer leaves the button, so the capture never depends on a hover state.
    await userEvent.unhover(extract);
  },
};

/** No amount found: the spec's message and manual entry. */
export const PhotoFailed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('radio', { name: text('quickCalculator.billMethod.photo') }),
    );
    await canvas.findByRole('button', { name: text('quickCalculator.photo.choose') });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, billPhoto());
    await userEvent.click(
      canvas.getByRole('button', { name: text('quickCalculator.photo.extract') }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('calculator.imageProcessingFailed'),
    );
  },
};

/** 'Use my location' refused by the browser. */
export const LocationDenied: Story = {
  beforeEach: () => replaceGeolocation(stubGeolocation({ code: 1 })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('quickCalculator.useMyLocation') }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      text('geolocationAddress.permissionDenied'),
    );
  },
};
