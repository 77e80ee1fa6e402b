/**
 * The email change's link pages (docs/decisions/034-secure-email-change.md) in each of
 * their states, on the MSW fake with the frozen clock: the confirmation link mailed to the
 * new address (checking, confirmed, address taken meanwhile, invalid, connection failed)
 * and the cancel link mailed to the old one (checking, cancelled, invalid).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { EMAIL_CHANGE, requestEmailChange } from '../../testing/email-change-fixtures.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/Email change',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/confirm-email-change?token=unknown' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

const heading = async (canvasElement: HTMLElement, id: string) => {
  const canvas = within(canvasElement);
  await expect(await canvas.findByRole('heading', { name: text(id), level: 2 })).toBeVisible();
};

/** The confirmation link is being checked. */
export const ConfirmChecking: Story = {
  args: {
    path: '/confirm-email-change?token=slow',
    handlers: [
      http.post('*/api/v1/auth/email/change/confirm', async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** The new address is confirmed and named (a long address wraps). */
export const Confirmed: Story = {
  args: { path: (fixture) => requestEmailChange(fixture.mock.fake).confirmPath },
  play: ({ canvasElement }) => heading(canvasElement, 'emailChange.confirmedTitle'),
};

/** Another account took the address after the change was asked for: the email stays. */
export const ConfirmAddressTaken: Story = {
  args: {
    path: (fixture) => {
      const { confirmPath } = requestEmailChange(fixture.mock.fake);
      const password = 'Another2026';
      fixture.mock.fake.signUp({
        name: 'Quick Taker',
        email: EMAIL_CHANGE.newEmail,
        password,
        confirmPassword: password,
      });
      return confirmPath;
    },
  },
  play: ({ canvasElement }) => heading(canvasElement, 'emailChange.takenTitle'),
};

/** The confirmation link is unknown, used, expired or its change cancelled. */
export const ConfirmInvalid: Story = {
  play: ({ canvasElement }) => heading(canvasElement, 'emailChange.confirmFailedTitle'),
};

/** The server could not be reached: 'Try again' sends the same link again. */
export const ConfirmConnectionFailed: Story = {
  args: {
    path: '/confirm-email-change?token=offline',
    handlers: [http.post('*/api/v1/auth/email/change/confirm', () => HttpResponse.error())],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('emailChange.retry') }),
    ).toBeVisible();
  },
};

/** The cancel link is being checked. */
export const CancelChecking: Story = {
  args: {
    path: '/cancel-email-change?token=slow',
    handlers: [
      http.post('*/api/v1/auth/email/change/cancel', async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** The old address cancelled the change; a password reset is offered. */
export const Cancelled: Story = {
  args: { path: (fixture) => requestEmailChange(fixture.mock.fake).cancelPath },
  play: ({ canvasElement }) => heading(canvasElement, 'emailChange.cancelledTitle'),
};

/** The cancel link no longer works (the change was confirmed or cancelled already). */
export const CancelInvalid: Story = {
  args: { path: '/cancel-email-change?token=used' },
  play: ({ canvasElement }) => heading(canvasElement, 'emailChange.cancelFailedTitle'),
};
