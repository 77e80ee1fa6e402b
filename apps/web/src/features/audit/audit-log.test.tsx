/**
 * /audit-log and the history panel against the MSW fake (docs/product.md#audit-log): an
 * administrator filters the log by action and by person and sees the matching rows with
 * their change summary, clears the filters from the empty state; a client is refused the
 * route; the admin user page shows that account's history, and a project's owner sees the
 * project's history without the administrators' link to the log.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';

async function open(path: string, as: 'admin' | 'client' = 'admin') {
  const fixture = createAppFixture({ path, as });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

const lastPath = (fixture: { location: { history: string[] } }) => fixture.location.history.at(-1);

describe('audit log', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('lets an administrator filter by action and see the matching rows', async () => {
    const { fixture, screen } = await open('/audit-log');
    await expect
      .element(screen.getByRole('heading', { name: 'Audit log', level: 1 }))
      .toBeVisible();
    const quoted = screen.getByRole('row', { name: /Quote requested/ }).first();
    await expect.element(quoted).toBeVisible();
    // A project status reads as its label, not its code.
    await expect.element(quoted.getByText('Status: Draft to Site visit requested')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'All actions Action' }));
    await userEvent.click(page.getByRole('option', { name: 'Account activated or deactivated' }));

    await expect.poll(() => lastPath(fixture)).toBe('/audit-log?action=user.status');
    const row = screen.getByRole('row', { name: /Account activated or deactivated/ });
    await expect.element(row).toBeVisible();
    await expect.element(row.getByText('Active: yes to no')).toBeVisible();
    await expect
      .element(row.getByRole('link', { name: 'User Elnura Toktogulova' }))
      .toHaveAttribute('href', expect.stringMatching(/^\/users\//));
    await expect.poll(() => screen.getByRole('row').all().length).toBe(2);
    expect(screen.getByRole('row', { name: /Quote requested/ }).query()).toBeNull();
  });

  it('narrows to one person from a row and clears the filters from the empty state', async () => {
    const { fixture, screen } = await open('/audit-log?action=user.update');
    const row = screen.getByRole('row', { name: /Account changed/ });
    await expect
      .element(row.getByText('Name: Farida Usenova-Asanova to Farida Usenova'))
      .toBeVisible();
    await userEvent.click(row.getByRole('button', { name: 'Only this person: Administrator' }));
    await expect.poll(() => lastPath(fixture)).toMatch(/actor=/);
    await expect.element(screen.getByText('Person: Administrator')).toBeVisible();

    await userEvent.fill(screen.getByLabelText('From (UTC day)'), '2030-01-01');
    await expect
      .element(screen.getByRole('heading', { name: 'No events match these filters' }))
      .toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expect.poll(() => lastPath(fixture)).toBe('/audit-log');
  });

  it('filters by a person found by name', async () => {
    const { fixture, screen } = await open('/audit-log');
    await userEvent.fill(screen.getByRole('combobox', { name: 'Person' }), 'Administ');
    const option = page.getByRole('option', { name: 'Administrator (admin@solar.local)' });
    await expect.element(option).toBeVisible();
    await userEvent.click(option);
    await expect.poll(() => lastPath(fixture)).toMatch(/^\/audit-log\?actor=/);
    await expect.element(screen.getByText('Person: Administrator')).toBeVisible();
    await expect
      .element(screen.getByRole('row', { name: /Account activated or deactivated/ }))
      .toBeVisible();
    expect(screen.getByRole('row', { name: /Quote requested/ }).query()).toBeNull();
  });

  it('refuses a client the route', async () => {
    const { fixture, screen } = await open('/audit-log', 'client');
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(lastPath(fixture)).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Audit log' }).query()).toBeNull();
  });

  it("shows an account's history on the admin user page", async () => {
    const probe = createAppFixture({ path: '/', as: 'admin' });
    const elnura = [...probe.mock.fake.users.values()].find(
      (u) => u.name === 'Elnura Toktogulova',
    )!;
    const { screen } = await open(`/users/${elnura.id}`);
    const history = screen.getByRole('region', { name: 'Change history' });
    await expect.element(history.getByText('Account activated or deactivated')).toBeVisible();
    await expect.element(history.getByText('by Administrator')).toBeVisible();
    await expect
      .element(history.getByRole('link', { name: 'Open in the audit log' }))
      .toHaveAttribute('href', `/audit-log?type=user&target=${elnura.id}`);
  });

  it("shows a project's history to its owner, without the admin-only log link", async () => {
    const fixture = createAppFixture({ path: '/', as: 'client' });
    await fixture.ready;
    const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
    const list = fixture.mock.fake.listPipeline(auth, { pageSize: '100' });
    const items = (list.body as { items: { id: string; status: string }[] }).items;
    const project = items.find((item) => item.status !== 'draft')!;
    fixture.location.navigate(`/projects/${project.id}`, { replace: true });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    const history = screen.getByRole('region', { name: 'Change history' });
    await expect.element(history.getByText('Quote requested')).toBeVisible();
    expect(history.getByRole('link', { name: 'Open in the audit log' }).query()).toBeNull();
  });
});
