/**
 * Bulk activate / deactivate on /users against the MSW fake: select rows,
 * confirm with the count, one `PUT /admin/users/{id}/status` each (only isActive changes), a success toast and the list
 * refreshed; the signed-in admin is never deactivated; cancel changes nothing; the header's
 * "Select all on this page" is none / mixed / all of the page shown.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture, type AppFixture } from '../../testing/app-fixture.tsx';

/** Counts the `PUT /admin/users/{id}/status` calls (passing them on to the fake). */
function countingUpdates(calls: string[]): HttpHandler {
  return http.put('*/api/v1/admin/users/:id/status', ({ params }) => {
    calls.push(String(params.id));
    return undefined;
  });
}

async function open(calls: string[] = [], path = '/users') {
  const fixture = createAppFixture({
    path,
    as: 'admin',
    handlers: [countingUpdates(calls)],
  });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
  return { fixture, screen };
}

/** Ticks a row's checkbox by its drawn box, as a mouse user does. */
async function select(name: string) {
  const box = page
    .getByRole('checkbox', { name: `Select ${name}` })
    .element()
    .closest('label')!;
  await userEvent.click(page.elementLocator(box));
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function activeOf(fixture: AppFixture, email: string) {
  const list = await fixture.client.adminUsers.list({ searchTerm: email });
  return list.items.find((u) => u.email === email)?.isActive;
}

describe('users list: bulk activate / deactivate', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('deactivates the selected users after a confirmation naming the count', async () => {
    const calls: string[] = [];
    const { fixture, screen } = await open(calls);
    expect(screen.getByRole('region', { name: 'Selected users' }).elements()).toHaveLength(0);

    await select('Maksat Ibraimov');
    await select('Kanat Zhumabaev');
    const bar = screen.getByRole('region', { name: 'Selected users' });
    await expect.element(bar).toMatchTextContent('2 users selected');

    await userEvent.click(bar.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate 2 users?' });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));

    await expect.element(toast('2 users deactivated')).toBeVisible();
    expect(calls).toHaveLength(2);
    expect(await activeOf(fixture, 'maksat@example.com')).toBe(false);
    expect(await activeOf(fixture, 'kanat@example.com')).toBe(false);
    // The list refreshed and the selection is gone.
    const row = screen.getByRole('row', { name: /Maksat Ibraimov/ });
    await expect.element(row.getByText('Inactive')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Selected users' }).elements()).toHaveLength(0);
    await expect
      .element(screen.getByRole('checkbox', { name: 'Select Maksat Ibraimov' }))
      .not.toBeChecked();
  });

  it('activates the selected users', async () => {
    const { fixture, screen } = await open();
    await select('Elnura Toktogulova');
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Activate 1 user?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Activate' }));
    await expect.element(toast('1 user activated')).toBeVisible();
    expect(await activeOf(fixture, 'elnura@example.com')).toBe(true);
  });

  it('never deactivates the signed-in admin: their row is skipped, with a note', async () => {
    const calls: string[] = [];
    // 25 a page: the administrator (the oldest account) is on the first.
    const { fixture, screen } = await open(calls, '/users?size=25');
    await select('Administrator');
    const bar = screen.getByRole('region', { name: 'Selected users' });
    await expect
      .element(bar)
      .toMatchTextContent('Your own account is selected: it stays active when you deactivate');
    // Only themselves: nothing to deactivate.
    await expect.element(bar.getByRole('button', { name: 'Deactivate' })).toBeDisabled();

    await select('Ilyas Kadyrov');
    await expect.element(bar).toMatchTextContent('2 users selected');
    await userEvent.click(bar.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate 1 user?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await expect.element(toast('1 user deactivated')).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(await activeOf(fixture, 'admin@solar.local')).toBe(true);
    expect(await activeOf(fixture, 'ilyas@example.com')).toBe(false);
  });

  it('selects all on the page (none, some, all) and deactivates every selectable id of it', async () => {
    const calls: string[] = [];
    // 25 a page with the server's default order: the administrator's own row is on it.
    const { fixture, screen } = await open(calls, '/users?size=25');
    const shown = await fixture.client.adminUsers.list({ pageNumber: 1, pageSize: 25 });
    const ownId = shown.items.find((u) => u.email === 'admin@solar.local')!.id;
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await expect.element(all).not.toBeChecked();
    await expect.element(all).not.toBePartiallyChecked();

    await select('Maksat Ibraimov');
    await expect.element(all).toBePartiallyChecked();

    // Keyboard: with focus on it, Space selects the whole page.
    (all.element() as HTMLInputElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(all).toBeChecked();
    const bar = screen.getByRole('region', { name: 'Selected users' });
    await expect.element(bar).toMatchTextContent(`${shown.items.length} users selected`);
    await expect
      .element(screen.getByRole('checkbox', { name: 'Select Kanat Zhumabaev' }))
      .toBeChecked();

    await userEvent.click(bar.getByRole('button', { name: 'Deactivate' }));
    const count = shown.items.length - 1;
    const dialog = screen.getByRole('alertdialog', { name: `Deactivate ${count} users?` });
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await expect.element(toast(`${count} users deactivated`)).toBeVisible();
    // Every id of the page but the admin's own, each once.
    expect([...calls].sort()).toEqual(
      shown.items
        .map((u) => u.id)
        .filter((id) => id !== ownId)
        .sort(),
    );
    await expect.element(all).not.toBeChecked();
  });

  it('clears the whole page from the header checkbox once all are selected', async () => {
    const { screen } = await open();
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await userEvent.click(page.elementLocator(all.element().closest('label')!));
    await expect.element(all).toBeChecked();
    await userEvent.click(page.elementLocator(all.element().closest('label')!));
    await expect.element(all).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Selected users' }).elements()).toHaveLength(0);
  });

  it('on a phone, shows "Select all on this page" with its label above the cards', async () => {
    await page.viewport(390, 800);
    const { screen } = await open();
    const label = screen.getByText('Select all on this page', { exact: true });
    await expect.element(label).toBeVisible();
    // Shown in full, not the 1-pixel box of visually hidden text.
    expect(label.element().getBoundingClientRect().width).toBeGreaterThan(40);
    await userEvent.click(label);
    await expect
      .element(screen.getByRole('checkbox', { name: 'Select all on this page' }))
      .toBeChecked();
    await expect
      .element(screen.getByRole('checkbox', { name: 'Select Maksat Ibraimov' }))
      .toBeChecked();
  });

  it('changes nothing when the confirmation is cancelled; a new page starts unselected', async () => {
    const calls: string[] = [];
    const { fixture, screen } = await open(calls);
    await select('Jyldyz Asanova');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate 1 user?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect.element(dialog).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(await activeOf(fixture, 'jyldyz@example.com')).toBe(true);

    // The URL state is unchanged by selecting; another page clears the selection.
    expect(fixture.location.history.at(-1)).toBe('/users');
    await expect
      .element(screen.getByRole('checkbox', { name: 'Select Jyldyz Asanova' }))
      .toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await expect.poll(() => fixture.location.history.at(-1)).toContain('page=2');
    expect(screen.getByRole('region', { name: 'Selected users' }).elements()).toHaveLength(0);
  });

  it('goes on past a refused user and names them in an error toast', async () => {
    const refused = { id: '' };
    const fixture = createAppFixture({
      path: '/users',
      as: 'admin',
      handlers: [
        http.put('*/api/v1/admin/users/:id/status', ({ params }) =>
          params.id === refused.id
            ? HttpResponse.json({ message: 'Conflict', code: 'conflict' }, { status: 409 })
            : undefined,
        ),
      ],
    });
    await fixture.ready;
    refused.id = (await fixture.client.adminUsers.list({ searchTerm: 'kanat' })).items[0]!.id;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('link', { name: 'Kanat Zhumabaev' })).toBeVisible();
    await select('Kanat Zhumabaev');
    await select('Maksat Ibraimov');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate 2 users?' });
    await userEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await expect.element(toast('1 user deactivated')).toBeVisible();
    await expect
      .element(toast('1 user was not changed: Kanat Zhumabaev. Open them to see why.'))
      .toBeVisible();
    expect(await activeOf(fixture, 'kanat@example.com')).toBe(true);
    expect(await activeOf(fixture, 'maksat@example.com')).toBe(false);
  });
});
