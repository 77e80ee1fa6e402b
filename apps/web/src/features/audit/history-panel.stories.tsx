/**
 * The history panel (docs/product.md#audit-log) on the pages it is part of, signed in on the
 * MSW fake with the frozen clock: an account's history on the admin user page (filled,
 * loading, empty, failed) and a project's on its page.
 */
import { scenarios } from '@solar/api/mock';
import { pipelineActionMessages, toPage } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

/**
 * The app at `path`, where `{user}` is Elnura Toktogulova's id and `{project}` the id of a
 * seeded project with its inspection scheduled (quote requested, then scheduled).
 */
function HistoryApp({ path, ...options }: AppFixtureOptions & { path: string }) {
  const [fixture] = useState(() => {
    const created = createAppFixture({ as: 'admin', ...options });
    const fake = created.mock.fake;
    const user = [...fake.users.values()].find((u) => u.email === 'elnura@example.com');
    const auth = () => `Bearer ${created.client.session.getSnapshot().accessToken}`;
    void created.ready.then(() => {
      const list = fake.listPipeline(auth(), { pageSize: '100' });
      const items = (list.body as { items: { id: string; status: string }[] } | undefined)?.items;
      const first = items?.find((item) => item.status === 'inspection_scheduled')?.id;
      created.location.navigate(
        path.replace('{user}', user?.id ?? 'unknown').replace('{project}', first ?? 'unknown'),
        { replace: true },
      );
    });
    return created;
  });
  return <AppFixtureView fixture={fixture} />;
}

const meta = {
  title: 'Screens/Audit history',
  component: HistoryApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/users/{user}' },
} satisfies Meta<typeof HistoryApp>;
export default meta;
type Story = StoryObj<typeof meta>;

const historyRequest = '*/api/v1/users/:id/history';

/** Elnura's account: deactivated by the administrator two days ago. */
export const UserHistory: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('audit.action.user.status'))).toBeVisible();
  },
};

/** The history is on its way. */
export const HistoryLoading: Story = {
  args: {
    handlers: [
      http.get(historyRequest, async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('progressbar', { name: text('audit.history.loading') }),
    ).toBeInTheDocument();
  },
};

/** No change recorded for the account. */
export const HistoryEmpty: Story = {
  args: {
    handlers: [http.get(historyRequest, () => HttpResponse.json(toPage([], 0, 1, 10)))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('audit.history.empty'))).toBeVisible();
  },
};

/** The history could not be loaded: its message and Try again. */
export const HistoryError: Story = {
  args: { mock: { scenario: scenarios.groupError('audit') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('audit.history.retry') }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** A project's page: its transitions under the page's own sections. */
export const ProjectHistory: Story = {
  args: { path: '/projects/{project}' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('audit.history.title') }, { timeout: 4000 }),
    ).toBeVisible();
    await expect(
      (await canvas.findAllByText(text(pipelineActionMessages.requestQuote.history.id)))[0],
    ).toBeVisible();
  },
};
