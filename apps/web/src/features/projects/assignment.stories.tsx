/**
 * The "Assignees" section of a project's page (docs/product.md#project-assignment) in each
 * of its states, on the API client's fake with a requested site visit of the demo client
 * and more staff seeded (fake.seed.project, testing/project-staff.ts): a project manager
 * before and after an assignment, a save refused at its picker (the assigned roof
 * inspector's account was deactivated since), and a roof inspector reading the names.
 */
import type { RoleKey } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import { seedStaff, STAFF } from '../../testing/project-staff.ts';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
};

/** Who is assigned in the stories of an assigned project. */
const assigned = { roofInspector: STAFF.roofInspectors[0], installer: STAFF.installers[1] };

interface AssignmentAppProps {
  /** The signed-in role (one of the seed's people). */
  role: RoleKey;
  /** Whether the project has its roof inspector and installer ({@link assigned}). */
  isAssigned?: boolean;
  /** The assigned roof inspector's account is deactivated (a save is refused). */
  inspectorDeactivated?: boolean;
}

/** The seeded project's page signed in with `role`. */
function AssignmentApp({ role, isAssigned, inspectorDeactivated }: AssignmentAppProps) {
  const [fixture] = useState(() => {
    const created = createAppFixture({
      path: '/projects/p-bishkek-1',
      afterSignIn: (client) => client.auth.signIn(ACCOUNTS[role]!).then(() => undefined),
    });
    const staff = seedStaff(created.mock.fake);
    created.mock.fake.seed.project({
      id: 'p-bishkek-1',
      status: 'quote_requested',
      ...(isAssigned
        ? { roofInspector: assigned.roofInspector.email, installer: assigned.installer.email }
        : {}),
    });
    if (inspectorDeactivated) staff.get(assigned.roofInspector.email)!.isActive = false;
    return created;
  });
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
  args: { isAssigned: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: new RegExp(assigned.roofInspector.name) }),
    ).toBeVisible();
  },
};

/** A save the server refused: the message at the roof inspector's picker. */
export const SaveFailed: Story = {
  args: { isAssigned: true, inspectorDeactivated: true },
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
  args: { role: 'roof_inspector', isAssigned: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(assigned.roofInspector.name)).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: text('projects.assignees.save') }),
    ).toBeNull();
  },
};
