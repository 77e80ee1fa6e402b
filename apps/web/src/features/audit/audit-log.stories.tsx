/**
 * The audit log screen (docs/product.md#audit-log) in each of its states, signed in as the
 * fake's administrator, on the MSW fake with the frozen clock: the seeded rows (the demo
 * projects' transitions and three account changes), filtered, empty, loading, failed and on
 * a phone.
 */
import { pipelineActionMessages } from '@solar/domain';
import { scenarios } from '@solar/api/mock';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

/** The app at `path` as the admin. */
function AuditApp({ path, ...options }: AppFixtureOptions & { path: string }) {
  const [fixture] = useState(() => createAppFixture({ as: 'admin', path, ...options }));
  return <AppFixtureView fixture={fixture} />;
}

const meta = {
  title: 'Screens/Audit log',
  component: AuditApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/audit-log' },
} satisfies Meta<typeof AuditApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The newest 25 events of every kind. */
export const Events: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (
        await canvas.findAllByRole('row', {
          name: new RegExp(text(pipelineActionMessages.requestQuote.history.id)),
        })
      )[0],
    ).toBeVisible();
  },
};

/** Account changes only, picked with the target type select (state in the URL). */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findAllByRole('row', {
      name: new RegExp(text(pipelineActionMessages.requestQuote.history.id)),
    });
    const select = canvas.getByRole('button', {
      name: `${text('audit.targetType.all')} ${text('audit.filter.targetType')}`,
    });
    await userEvent.click(select);
    await userEvent.click(await body.findByRole('option', { name: text('audit.targetType.user') }));
    await expect(
      await canvas.findByRole('row', { name: new RegExp(text('audit.action.user.status')) }),
    ).toBeVisible();
    await userEvent.unhover(select);
  },
};

/** Nothing in the period: 'No events match these filters' with Clear filters. */
export const Empty: Story = {
  args: { path: '/audit-log?from=2030-01-01' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('audit.log.clearFilters') }),
    ).toBeVisible();
  },
};

/** The first page is on its way: the loading bar over an empty table. */
export const Loading: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/audit-events', async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** The log could not be loaded: the toast and Try again. */
export const LoadFailed: Story = {
  args: { mock: { scenario: scenarios.groupError('audit') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('audit.log.retry') }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** On a 390 px phone: each event is a card. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (await canvas.findAllByText(text(pipelineActionMessages.requestQuote.history.id)))[0],
    ).toBeVisible();
  },
};
