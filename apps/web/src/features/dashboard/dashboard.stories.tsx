/**
 * The dashboard (docs/product.md#dashboard) on the MSW fake, as each role meets it
 * (docs/product.md#roles-and-permissions): a client with activity (a saved draft and a
 * conversation), a project manager (the team overview, no user management), a roof
 * inspector and an installer (their own cards only), an administrator with no activity of
 * their own and the team overview, an administrator with failed CRM (Pipedrive) updates,
 * and the activity card when its lists fail. Each role's work queue in three states: the
 * demo seed (work with overdue dates, the fixture clock being 2026-03-14), some work on
 * time, and nothing to do (`GET /projects/pipeline` answered by a handler).
 */
import {
  pipelineActionMessages,
  projectStatusMessages,
  type ProjectListItem,
  type ProjectStatus,
} from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
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
    const activity = within(await canvas.findByRole('region', { name: text('nav.activity') }));
    await expect(await activity.findByRole('link', { name: 'Osh Bazaar, Bishkek' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: text('nav.userManagement') })).toBeNull();
    // The work queue: the draft's next step is the client's own (request a site visit).
    const panel = within(await queue(canvasElement, 'dashboard.queue.clientTitle'));
    await expect(await panel.findByRole('link', { name: 'Osh Bazaar, Bishkek' })).toBeVisible();
  },
};

/**
 * A project manager: the work queue on the demo seed (counts by status, each opening the
 * filtered list, and two overdue projects); may see every project, so the team overview
 * (user and project counts) shows; may not manage users, so no user management card.
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
    // The work queue on the demo seed: with overdue dates.
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    const requested = await panel.findByRole('link', {
      name: text('dashboard.queue.count', {
        status: text(projectStatusMessages.quote_requested.id),
        count: 2,
      }),
    });
    await expect(requested).toHaveAttribute('href', '/projects?status=quote_requested');
    await expect(
      panel.getByRole('heading', { name: text('dashboard.queue.overdueTitle', { count: 2 }) }),
    ).toBeVisible();
  },
};

/**
 * A roof inspector on the demo seed: a visit overdue since 3 March first, then two to
 * schedule; their own cards and activity; no team overview, no user management.
 */
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
    // The work queue on the demo seed: with overdue dates.
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(
      await panel.findByRole('link', { name: 'Ala-Archa cottage 7, Chui Region' }),
    ).toBeVisible();
    await expect(panel.getByText(text('dashboard.queue.overdue'))).toBeVisible();
  },
};

/**
 * An installer on the demo seed: an installation due on 27 February, overdue; their own
 * cards and activity; no team overview, no user management.
 */
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
    // The work queue on the demo seed: with overdue dates.
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(
      await panel.findByRole('link', { name: 'Issyk-Kul guest house, Cholpon-Ata' }),
    ).toBeVisible();
    await expect(panel.getByText(text('dashboard.queue.overdue'))).toBeVisible();
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

/** A pipeline list row for the handler-made queues. */
const row = (
  id: string,
  address: string,
  status: ProjectStatus,
  dates: { inspectionDate?: string; installationDate?: string } = {},
): ProjectListItem => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  address,
  status,
  ownerId: '00000000-0000-4000-8000-0000000000aa',
  ownerName: 'Daniyar Sadykov',
  ownerEmail: 'daniyar@example.com',
  systemSizeKw: 4.8,
  inspectionDate: dates.inspectionDate ?? null,
  installationDate: dates.installationDate ?? null,
  createdAt: '2026-03-01T09:00:00Z',
  updatedAt: '2026-03-10T09:00:00Z',
});

/** Projects on time (dates after the fixture's 2026-03-14) in each staff status. */
const ON_TIME: readonly ProjectListItem[] = [
  row('1', 'Manas Avenue 40, Bishkek', 'quote_requested'),
  row('2', 'Ala-Archa cottage 7, Chui Region', 'inspection_scheduled', {
    inspectionDate: '2026-03-18',
  }),
  row('3', 'Kurmanjan Datka Street 25, Osh', 'proposal_accepted'),
  row('4', 'Issyk-Kul guest house, Cholpon-Ata', 'installation_scheduled', {
    installationDate: '2026-03-25',
  }),
];

/** `GET /projects/pipeline` answered from `items`, filtered by the `status` query. */
const pipelineList = (items: readonly ProjectListItem[]) => [
  http.get('*/api/v1/projects/pipeline', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    const found = items.filter((item) => !status || item.status === status);
    return HttpResponse.json({
      items: found,
      pageNumber: 1,
      pageSize: 100,
      totalCount: found.length,
      totalPages: found.length ? 1 : 0,
      hasPreviousPage: false,
      hasNextPage: false,
    });
  }),
];

const queue = (canvasElement: HTMLElement, title: string) =>
  within(canvasElement).findByRole('region', { name: text(title) });

/** A roof inspector with a visit to schedule and one to record next week: nothing overdue. */
export const RoofInspectorSomeWork: Story = {
  args: { as: 'inspector', handlers: pipelineList(ON_TIME) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(await panel.findAllByRole('listitem')).toHaveLength(2);
    await expect(panel.queryByText(text('dashboard.queue.overdue'))).toBeNull();
  },
};

/** A roof inspector with nothing waiting: "Nothing to do today" and the project list. */
export const RoofInspectorEmpty: Story = {
  args: { as: 'inspector', handlers: pipelineList([]) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(
      await panel.findByRole('heading', { name: text('dashboard.queue.emptyTitle') }),
    ).toBeVisible();
    await expect(
      panel.getByRole('link', { name: text('dashboard.queue.openProjects') }),
    ).toHaveAttribute('href', '/projects');
  },
};

/** An installer with one installation on 25 March. */
export const InstallerSomeWork: Story = {
  args: { as: 'installer', handlers: pipelineList(ON_TIME) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(await panel.findAllByRole('listitem')).toHaveLength(1);
    await expect(panel.queryByText(text('dashboard.queue.overdue'))).toBeNull();
  },
};

/** An installer with nothing due. */
export const InstallerEmpty: Story = {
  args: { as: 'installer', handlers: pipelineList([]) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.staffTitle'));
    await expect(
      await panel.findByRole('heading', { name: text('dashboard.queue.emptyTitle') }),
    ).toBeVisible();
  },
};

/** A project manager with one project in each staff status, nothing overdue. */
export const ProjectManagerSomeWork: Story = {
  args: { as: 'manager', handlers: pipelineList(ON_TIME) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(await panel.findByText(text('dashboard.queue.noneOverdue'))).toBeVisible();
  },
};

/** A project manager with nothing waiting on staff. */
export const ProjectManagerEmpty: Story = {
  args: { as: 'manager', handlers: pipelineList([]) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(
      await panel.findByRole('heading', { name: text('dashboard.queue.emptyTitle') }),
    ).toBeVisible();
  },
};

/** An administrator sees the manager's overview (here on time) above their own panels. */
export const AdminSomeWork: Story = {
  args: { as: 'admin', handlers: pipelineList(ON_TIME) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(await panel.findByText(text('dashboard.queue.noneOverdue'))).toBeVisible();
  },
};

/** An administrator with nothing waiting on staff. */
export const AdminEmpty: Story = {
  args: { as: 'admin', handlers: pipelineList([]) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(
      await panel.findByRole('heading', { name: text('dashboard.queue.emptyTitle') }),
    ).toBeVisible();
  },
};

/** A client with a project waiting for a visit and one scheduled (their next steps). */
export const ClientSomeWork: Story = {
  args: { handlers: pipelineList(ON_TIME.slice(0, 2)) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.clientTitle'));
    await expect(
      await panel.findByText(text(pipelineActionMessages.scheduleInspection.waitingClient!.id)),
    ).toBeVisible();
  },
};

/** A client with no project under way: "Nothing to do today" and the full assessment. */
export const ClientEmpty: Story = {
  args: { handlers: pipelineList([]) },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.clientTitle'));
    await expect(
      await panel.findByRole('heading', { name: text('dashboard.queue.emptyTitle') }),
    ).toBeVisible();
  },
};

/** The work queue could not be loaded: it says so and offers a retry. */
export const QueueFailed: Story = {
  args: {
    as: 'manager',
    handlers: [
      http.get('*/api/v1/projects/pipeline', () =>
        HttpResponse.json({ error: 'down' }, { status: 503 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(
      await panel.findByRole('button', { name: text('dashboard.queue.retry') }),
    ).toBeVisible();
  },
};

/**
 * The work queue while its projects load: a spinner in a box about the height of "Nothing to
 * do today", so the cards below stay where they are when the queue arrives.
 */
export const QueueLoading: Story = {
  args: {
    as: 'manager',
    handlers: [
      http.get('*/api/v1/projects/pipeline', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const panel = within(await queue(canvasElement, 'dashboard.queue.overviewTitle'));
    await expect(
      await panel.findByRole('progressbar', { name: text('dashboard.queue.loading') }),
    ).toBeVisible();
  },
};
