/**
 * The project page's "Assignees" section in Chromium on the pipeline fixture
 * (docs/product.md#project-assignment): a project manager picks a roof inspector and an
 * installer and saves them (the request, the toast, the names kept); a refused choice shows
 * at its picker; a roof inspector and the client read the names without pickers.
 */
import type { RoleKey } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import {
  PROJECT_ID,
  projectHandlers,
  type ProjectsFakeOptions,
} from '../../testing/project-fakes.ts';

const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

async function open(role: RoleKey, options: ProjectsFakeOptions = {}) {
  const fake = projectHandlers({ role, status: 'quote_requested', ...options });
  const fixture = createAppFixture({ path: `/projects/${PROJECT_ID}`, handlers: fake.handlers });
  await fixture.client.auth.signIn(ACCOUNTS[role]!);
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Assignees' })).toBeVisible();
  return { fake, screen };
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function pick(label: string, option: string) {
  await userEvent.click(page.getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(page.getByRole('option', { name: option }));
}

describe('project assignees', () => {
  it('a project manager assigns a roof inspector and an installer', async () => {
    const { fake, screen } = await open('project_manager');
    await expect
      .element(screen.getByRole('button', { name: /Roof inspector/ }))
      .toHaveTextContent('None');
    await pick('Roof inspector', 'Oleg Petrov');
    await pick('Installer', 'Ivan Kuznetsov');
    await userEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await expect.element(toast('Assignees saved')).toBeVisible();
    expect(fake.seen).toContain(`PUT /projects/${PROJECT_ID}/assignees`);
    expect(fake.seen).toContain('GET /staff');
    await expect
      .element(screen.getByRole('button', { name: /Roof inspector/ }))
      .toHaveTextContent('Oleg Petrov');
    await expect
      .element(screen.getByRole('button', { name: /Installer/ }))
      .toHaveTextContent('Ivan Kuznetsov');
  });

  it('shows a refused choice at its picker', async () => {
    const { screen } = await open('project_manager', { assignRefused: true });
    await pick('Roof inspector', 'Ina Bekova');
    await userEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await expect.element(screen.getByText('Please choose an active roof inspector')).toBeVisible();
    expect(toast('Assignees saved').elements()).toHaveLength(0);
  });

  it.each(['roof_inspector', 'client_residential'] as const)(
    '%s reads the names without pickers',
    async (role) => {
      const { fake, screen } = await open(role, {
        assignees: { roofInspector: { id: 'u-ina', name: 'Ina Bekova' }, installer: null },
      });
      await expect.element(screen.getByText('Ina Bekova')).toBeVisible();
      await expect.element(screen.getByText('Not assigned')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Save assignees' }).elements()).toHaveLength(0);
      expect(fake.seen).not.toContain('GET /staff');
    },
  );
});
