/**
 * The project screens in each of their states: the pipeline list,
 * a project's page for each role that acts on it, and the proposal. On the API client's
 * fake and its demo seed's pipeline; the states the seed has not (a cancelled project, no
 * configuration) seeded on that fake (fake.seed.project), loading and failures by its
 * scenarios.
 */
import { scenarios, type FakeProjectSeed, type MockScenario } from '@solar/api/mock';
import { pipelineActionMessages, projectPath, proposalPath, type RoleKey } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { AppFixtureView, createAppFixture, type AppFixture } from '../../testing/app-fixture.tsx';
import {
  productionHandler,
  type ProductionFakeOptions,
} from '../../testing/full-calculator-fakes.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

/** Seed accounts by role (the fake's demo users). */
const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  installer: { email: 'bakyt@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

/** The project seeded for the states the demo seed has not (the demo client's). */
const PROJECT_ID = 'p-bishkek-1';

interface ProjectsAppProps {
  path: string;
  /** The signed-in role (one of the seed's people). */
  role: RoleKey;
  /**
   * Open the page (`project`) or proposal of the seeded project whose address contains
   * this text, found through the pipeline list once signed in.
   */
  open?: { address: string; page: 'project' | 'proposal' };
  /** Sign in with this account of the fake instead of the role's. */
  account?: { email: string; password: string };
  /** Seed a project (id `p-bishkek-1`, Chuy Avenue 120, Bishkek) on the fake beside the demo seed. */
  seed?: Omit<FakeProjectSeed, 'id'>;
  /** The fake's scenario once signed in (a group loading or failing). */
  scenario?: MockScenario;
  /** The production fake's options. */
  production?: ProductionFakeOptions;
}

/** The app at `path` (or a seeded project's page), signed in with `role`, on the fake. */
function ProjectsApp({ path, role, open, account, seed, scenario, production }: ProjectsAppProps) {
  const [fixture] = useState(() => {
    const created: AppFixture = createAppFixture({
      path,
      handlers: [productionHandler(production)],
      afterSignIn: async (client) => {
        await client.auth.signIn(account ?? ACCOUNTS[role]!);
        if (open) {
          const found = await client.projects.pipelineList({ searchTerm: open.address });
          const id = found.items[0]?.id ?? 'missing';
          const to = open.page === 'project' ? projectPath(id) : proposalPath(id);
          created.location.navigate(to, { replace: true });
        }
        if (scenario) created.mock.scenario = scenario;
      },
    });
    if (seed) created.mock.fake.seed.project({ id: PROJECT_ID, ...seed });
    return created;
  });
  return <AppFixtureView fixture={fixture} />;
}

const meta = {
  title: 'Screens/Projects',
  component: ProjectsApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/projects', role: 'project_manager' },
} satisfies Meta<typeof ProjectsApp>;
export default meta;
type Story = StoryObj<typeof meta>;

const project = `/projects/${PROJECT_ID}`;
const proposal = `${project}/proposal`;

/** A project manager's pipeline: every project of the seed, with owners. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'Jibek Jolu Avenue 300, Bishkek' }),
    ).toBeVisible();
  },
};

/** A client's own projects, without the owner column. */
export const ListClient: Story = { args: { role: 'client_residential' } };

/** Filtered by status and sorted by address, from the URL. */
export const ListFiltered: Story = {
  args: { path: '/projects?status=quote_requested&sort=address&dir=asc' },
};

/** The first page is on its way. */
export const ListLoading: Story = { args: { scenario: scenarios.groupLoading('projects') } };

/** A client with no project yet: the way to a first assessment. */
export const ListEmpty: Story = {
  // Gulnara Mamytova, a client of the demo seed without a project.
  args: {
    role: 'client_residential',
    account: { email: 'gulnara@example.com', password: 'Password1' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('projects.list.emptyTitle'))).toBeVisible();
  },
};

/** The list could not be loaded. */
export const ListFailed: Story = {
  args: { scenario: scenarios.groupError('projects', 500) },
  play: async ({ canvasElement }) => {
    // The capture waits for the failure, not the loading state before it.
    const shown = await within(canvasElement).findAllByText(text('projects.list.loadFailed'));
    await expect(shown[0]).toBeVisible();
  },
};

/** A client's draft: request a site visit or cancel. */
export const ProjectDraft: Story = {
  args: { role: 'client_residential', open: { address: 'Toktogul', page: 'project' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: text(pipelineActionMessages.requestQuote.label.id),
      }),
    ).toBeVisible();
  },
};

/** A roof inspector on a scheduled inspection: reschedule, record findings, add photos. */
export const ProjectInspection: Story = {
  args: { role: 'roof_inspector', open: { address: 'Ala-Archa', page: 'project' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('form', {
        name: text(pipelineActionMessages.recordInspection.label.id),
      }),
    ).toBeVisible();
  },
};

/** A client after the inspection: findings, the roof photo, accept the proposal. */
export const ProjectInspected: Story = {
  args: { role: 'client_residential', open: { address: 'Osh', page: 'project' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: text(pipelineActionMessages.acceptProposal.label.id),
      }),
    ).toBeVisible();
  },
};

/** An installer on a scheduled installation: mark it installed. */
export const ProjectInstallation: Story = {
  args: { role: 'installer', open: { address: 'Issyk-Kul', page: 'project' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: text(pipelineActionMessages.markInstalled.label.id),
      }),
    ).toBeVisible();
  },
};

/** A cancelled project (seeded; the demo seed has none): the cancelled step marked. */
export const ProjectCancelled: Story = {
  args: { path: project, role: 'client_residential', seed: { status: 'cancelled' } },
};

/** The project is on its way. */
export const ProjectLoading: Story = {
  args: {
    path: project,
    role: 'client_residential',
    seed: {},
    scenario: scenarios.groupLoading('projects'),
  },
};

/** The proposal of a client's saved system. */
export const Proposal: Story = {
  args: { role: 'client_residential', open: { address: 'Toktogul', page: 'proposal' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('projects.proposal.download') }),
    ).toBeVisible();
  },
};

/** A location-only draft: nothing to propose yet. */
export const ProposalNoConfiguration: Story = {
  args: {
    path: proposal,
    role: 'client_residential',
    seed: { configuration: null },
  },
};

/** The production estimate failed. */
export const ProposalProductionFailed: Story = {
  args: { path: proposal, role: 'client_residential', seed: {}, production: { status: 500 } },
};

/** The proposal is on its way. */
export const ProposalLoading: Story = {
  args: {
    path: proposal,
    role: 'client_residential',
    seed: {},
    scenario: scenarios.groupLoading('projects'),
  },
};
