/**
 * The project screens (issue 22 items 2 and 3) in each of their states: the pipeline list,
 * a project's page for each role that acts on it, and the proposal. On the app's MSW fake,
 * with the pipeline endpoints answered by testing/project-fakes.ts (per story) until the
 * API client's fake serves them.
 */
import type { RoleKey } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, within } from 'storybook/test';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import {
  PROJECT_ID,
  projectHandlers,
  SAMPLE_PROJECT,
  type ProjectsFakeOptions,
} from '../../testing/project-fakes.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

/** Seed accounts by role (the fake's demo users). */
const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  installer: { email: 'bakyt@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

interface ProjectsAppProps {
  path: string;
  /** The signed-in role (decides the offered actions). */
  role: RoleKey;
  fake?: Omit<ProjectsFakeOptions, 'role'>;
}

/** The app at `path`, signed in with `role`, the pipeline answered by the project fake. */
function ProjectsApp({ path, role, fake }: ProjectsAppProps) {
  const [fixture] = useState(() =>
    createAppFixture({
      path,
      handlers: projectHandlers({ role, ...fake }).handlers,
      afterSignIn: (client) => client.auth.signIn(ACCOUNTS[role]!),
    }),
  );
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

/** A project manager's pipeline: every project, with owners. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: SAMPLE_PROJECT.location.address }),
    ).toBeVisible();
  },
};

/** Filtered by status from the URL. */
export const ListFiltered: Story = {
  args: { path: '/projects?status=inspected&sort=address&dir=asc' },
};

/** The first page is on its way. */
export const ListLoading: Story = { args: { fake: { hang: 'list' } } };

/** A client with no project yet: the way to a first assessment. */
export const ListEmpty: Story = {
  args: { role: 'client_residential', fake: { items: [] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('projects.list.emptyTitle'))).toBeVisible();
  },
};

/** The list could not be loaded. */
export const ListFailed: Story = { args: { fake: { listStatus: 500 } } };

/** A client's draft: request a site visit or cancel. */
export const ProjectDraft: Story = {
  args: { path: project, role: 'client_residential', fake: { status: 'draft' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('projects.action.requestQuote') }),
    ).toBeVisible();
  },
};

/** A roof inspector on a scheduled inspection: reschedule, record findings, add photos. */
export const ProjectInspection: Story = {
  args: { path: project, role: 'roof_inspector', fake: { status: 'inspection_scheduled' } },
};

/** A client after the inspection: findings, a photo, accept the proposal. */
export const ProjectInspected: Story = {
  args: { path: project, role: 'client_residential', fake: { status: 'inspected' } },
};

/** An installer on a scheduled installation. */
export const ProjectInstallation: Story = {
  args: { path: project, role: 'installer', fake: { status: 'installation_scheduled' } },
};

/** A cancelled project: the cancelled step marked, nothing to do. */
export const ProjectCancelled: Story = {
  args: { path: project, role: 'client_residential', fake: { status: 'cancelled' } },
};

/** The project is on its way. */
export const ProjectLoading: Story = {
  args: { path: project, role: 'client_residential', fake: { hang: 'pipeline' } },
};

/** The proposal of a client's saved system. */
export const Proposal: Story = {
  args: { path: proposal, role: 'client_residential', fake: { status: 'draft' } },
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
    fake: { project: { ...SAMPLE_PROJECT, configuration: null } },
  },
};

/** The production estimate failed. */
export const ProposalProductionFailed: Story = {
  args: { path: proposal, role: 'client_residential', fake: { production: { status: 500 } } },
};

/** The proposal is on its way. */
export const ProposalLoading: Story = {
  args: { path: proposal, role: 'client_residential', fake: { hang: 'project' } },
};
