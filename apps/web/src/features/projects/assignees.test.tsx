/**
 * The project page's "Assignees" section in Chromium on the API client's fake (a requested
 * site visit of the demo client and more staff, seeded)
 * (docs/product.md#project-assignment): a project manager picks a roof inspector and an
 * installer and saves them (the request, the toast, the names kept); a refused choice shows
 * at its picker; a roof inspector and the client read the names without pickers.
 */
import type { RoleKey } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import { seedStaff } from '../../testing/project-staff.ts';

const PROJECT_ID = 'p-bishkek-1';

const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

async function open(role: RoleKey, roofInspector?: string) {
  const fixture = createAppFixture({ path: `/projects/${PROJECT_ID}` });
  const staff = seedStaff(fixture.mock.fake);
  fixture.mock.fake.seed.project({
    id: PROJECT_ID,
    status: 'quote_requested',
    ...(roofInspector ? { roofInspector } : {}),
  });
  await fixture.client.auth.signIn(ACCOUNTS[role]!);
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Assignees' })).toBeVisible();
  return { fixture, staff, screen };
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function pick(label: string, option: string) {
  await userEvent.click(page.getByRole('button', { name: new RegExp(label) }));
  await userEvent.click(page.getByRole('option', { name: option }));
}

describe('project assignees', () => {
  it('a project manager assigns a roof inspector and an installer', async () => {
    const { fixture, screen } = await open('project_manager');
    await expect
      .element(screen.getByRole('button', { name: /Roof inspector/ }))
      .toHaveTextContent('None');
    await pick('Roof inspector', 'Oleg Petrov');
    await pick('Installer', 'Ivan Kuznetsov');
    await userEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await expect.element(toast('Assignees saved')).toBeVisible();
    expect(fixture.requests).toContain(`PUT /projects/${PROJECT_ID}/assignees`);
    expect(fixture.requests).toContain('GET /staff');
    await expect
      .element(screen.getByRole('button', { name: /Roof inspector/ }))
      .toHaveTextContent('Oleg Petrov');
    await expect
      .element(screen.getByRole('button', { name: /Installer/ }))
      .toHaveTextContent('Ivan Kuznetsov');
  });

  it('shows a refused choice at its picker', async () => {
    const { screen, staff } = await open('project_manager');
    await pick('Roof inspector', 'Ina Bekova');
    // An administrator deactivates her account while the form is open.
    staff.get('ina@example.com')!.isActive = false;
    await userEvent.click(screen.getByRole('button', { name: 'Save assignees' }));
    await expect.element(screen.getByText('Please choose an active roof inspector')).toBeVisible();
    expect(toast('Assignees saved').elements()).toHaveLength(0);
  });

  it.each(['roof_inspector', 'client_residential'] as const)(
    '%s reads the names without pickers',
    async (role) => {
      const { fixture, screen } = await open(role, 'ina@example.com');
      await expect.element(screen.getByText('Ina Bekova')).toBeVisible();
      await expect.element(screen.getByText('Not assigned')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Save assignees' }).elements()).toHaveLength(0);
      expect(fixture.requests).not.toContain('GET /staff');
    },
  );
});
