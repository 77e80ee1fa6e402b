/**
 * The "Assignees" section of a project's page (docs/product.md#project-assignment) in each
 * of its states, on the small fake of testing/project-fakes.ts: a project manager before
 * and after an assignment, a save refused at its picker, and a roof inspector reading the
 * names.
 */
import type { RoleKey } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import {
  PROJECT_ID,
  projectHandlers,
  SAMPLE_STAFF,
  type ProjectsFakeOptions,
} from '../../testing/project-fakes.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
};

interface AssignmentAppProps {
  /** The signed-in role (one of the seed's people). */
  role: RoleKey;
  /** The small fake's options (assignees, a refused save). */
  fake?: Omit<ProjectsFakeOptions, 'role'>;
}

/** The sample project's page signed in with `role`. */
function AssignmentApp({ role, fake }: AssignmentAppProps) {
  const [fixture] = useState(() =>
    createAppFixture({
      path: `/projects/${PROJECT_ID}`,
      handlers: projectHandlers({ role, status: 'quote_requested', ...fake }).handlers,
      afterSignIn: (client) => client.auth.signIn(ACCOUNTS[role]!).then(() => undefined),
    }),
  );
  return <AppFixtureView fixture={fixture} />;
}

const meta = {
  title: 'Screens/Projects/Assignment',
  component: AssignmentApp,
  parameters: SCREEN_PARAMETERS,
  args: { role: 'project_manager' },
} satisfies Meta<typeof AssignmentApp>;
export default meta;
type Story = StoryObj<typeof meta>;

const assigned = {
  roofInspector: {
    id: SAMPLE_STAFF.roofInspectors[0].id,
    name: SAMPLE_STAFF.roofInspectors[0].name,
  },
  installer: { id: SAMPLE_STAFF.installers[1].id, name: SAMPLE_STAFF.installers[1].name },
};

/** A project manager on a project no one is assigned to: both pickers at "None". */
export const ManagerUnassigned: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('projects.assignees.save') }),
    ).toBeVisible();
  },
};

/** A project manager on an assigned project: the pickers show who is assigned. */
export const ManagerAssigned: Story = {
  args: { fake: { assignees: assigned } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: new RegExp(assigned.roofInspector.name) }),
    ).toBeVisible();
  },
};

/** A save the server refused: the message at the roof inspector's picker. */
export const SaveFailed: Story = {
  args: { fake: { assignRefused: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = await canvas.findByRole('button', { name: text('projects.assignees.save') });
    await userEvent.click(save);
    await userEvent.unhover(save);
    await expect(await canvas.findByText(text('pipeline.roofInspectorRole'))).toBeVisible();
  },
};

/** A roof inspector: who is assigned, read-only. */
export const InspectorReadOnly: Story = {
  args: { role: 'roof_inspector', fake: { assignees: assigned } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(assigned.roofInspector.name)).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: text('projects.assignees.save') }),
    ).toBeNull();
  },
};
