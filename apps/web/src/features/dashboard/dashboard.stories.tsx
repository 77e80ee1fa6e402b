/**
 * The dashboard (docs/product.md#dashboard) on the MSW fake, as each role meets it
 * (docs/product.md#roles-and-permissions): a client with activity (a saved draft and a
 * conversation), a project manager (the team overview, no user management), a roof
 * inspector and an installer (their own cards only), an administrator with no activity of
 * their own and the team overview, an administrator with failed CRM (Pipedrive) updates,
 * and the activity card when its lists fail.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/Dashboard',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/dashboard', as: 'client' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A residential client with a saved draft and a conversation; no user management. */
export const Client: Story = {
  args: {
    afterSignIn: (client) =>
      client.projects.create({
        location: { address: 'Osh Bazaar, Bishkek', latitude: 42.87, longitude: 74.57 },
        isDraft: true,
      }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('role.client_residential'))).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Osh Bazaar, Bishkek' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('nav.userManagement') })).toBeNull();
  },
};

/**
 * A project manager: may see every project, so the team overview (user and project counts)
 * shows; may not manage users, so no user management card.
 */
export const ProjectManager: Story = {
  args: { as: 'manager' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('role.project_manager'))).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: text('dashboard.team.title') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('nav.userManagement') })).toBeNull();
  },
};

/** A roof inspector: their own cards and activity; no team overview, no user management. */
export const RoofInspector: Story = {
  args: { as: 'inspector' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('role.roof_inspector'))).toBeVisible();
    await expect(
      await canvas.findByRole('link', { name: text('nav.fullCalculator') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: text('dashboard.team.title') })).toBeNull();
    await expect(canvas.queryByRole('link', { name: text('nav.userManagement') })).toBeNull();
  },
};

/** An installer: their own cards and activity; no team overview, no user management. */
export const Installer: Story = {
  args: { as: 'installer' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('role.installer'))).toBeVisible();
    await expect(
      await canvas.findByRole('link', { name: text('nav.fullCalculator') }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: text('dashboard.team.title') })).toBeNull();
    await expect(canvas.queryByRole('link', { name: text('nav.userManagement') })).toBeNull();
  },
};

/**
 * An administrator: the user management card, the team overview (the user counts link to
 * the users list), no activity of their own yet.
 */
export const Admin: Story = {
  args: { as: 'admin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: text('nav.userManagement') }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: text('dashboard.activity.emptyTitle') }),
    ).toBeVisible();
    await expect(
      await canvas.findByRole('link', { name: text('dashboard.team.users') }),
    ).toHaveAttribute('href', '/users');
  },
};

/**
 * An administrator after two mails and two Pipedrive updates were given up
 * (docs/product.md#dashboard): the panel lists each (which mail and to whom, or what the
 * CRM update was doing; attempts, when queued, the last error) with a Retry button and a
 * link to its project when it has one.
 */
export const AdminWithFailedJobs: Story = {
  args: { as: 'admin', mock: { jobs: 'failed' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = await canvas.findByRole('region', { name: text('dashboard.jobs.title') });
    const jobs = within(panel).getAllByRole('listitem');
    await expect(jobs).toHaveLength(4);
    await expect(
      within(panel).getAllByRole('button', { name: text('dashboard.jobs.retry') }),
    ).toHaveLength(4);
    await expect(
      within(jobs[1]!).getByText('Mail command failed: 550 5.1.1 Mailbox unavailable', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(
      within(jobs[2]!).getByText('Pipedrive did not answer "move a deal" in time', {
        exact: false,
      }),
    ).toBeVisible();
    // The reset mail has no project to open; the others do.
    await expect(
      within(panel).getAllByRole('link', { name: text('dashboard.jobs.openProject') }),
    ).toHaveLength(3);
  },
};

/** The activity lists could not be loaded: the card says so and offers a retry. */
export const ActivityFailed: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/projects', () => HttpResponse.json({ error: 'down' }, { status: 503 })),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('dashboard.activity.retry') }),
    ).toBeVisible();
  },
};
