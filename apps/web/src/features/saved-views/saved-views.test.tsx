/**
 * Saved views on /users against the MSW fake (docs/product.md#saved-views): save the current
 * filter under a name, open the app again (a new session on the same server, as after a
 * reload or on another device), choose the view and land on its query; saving a known name
 * replaces it; deleting asks first; the limit's message shows in the dialog.
 */
import { SAVED_VIEW_LIMIT } from '@solar/domain';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture, type AppFixture } from '../../testing/app-fixture.tsx';

async function open(path: string, fake?: AppFixture['mock']['fake'], handlers = [] as never[]) {
  const fixture = createAppFixture({
    path,
    as: 'admin',
    handlers,
    ...(fake ? { mock: { fake } } : {}),
  });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
  return { fixture, screen };
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function saveAs(name: string) {
  await userEvent.click(page.getByRole('button', { name: 'Save this view…' }));
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await userEvent.fill(dialog.getByRole('textbox', { name: 'Name' }), name);
  await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('saved views on the users list', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('saves the current filter, and after a reload applies it from the list', async () => {
    const filter = 'verified=false&size=25';
    const first = await open(`/users?${filter}`);
    const choices = first.screen.getByRole('button', { name: /Saved views/ });
    await expect.element(choices).toHaveTextContent('No saved views yet');
    await expect.element(choices).toBeDisabled();

    const dialog = await saveAs('  Unverified  ');
    await expect.element(toast('View “Unverified” saved')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    // The URL matches it now: the select shows it and it can be deleted.
    await expect.element(choices).toHaveTextContent('Unverified');
    first.screen.unmount();

    // A new session (a reload, another device) on the same server, at the plain list.
    const second = await open('/users', first.fixture.mock.fake);
    const select = second.screen.getByRole('button', { name: /Saved views/ });
    await expect.element(select).toHaveTextContent('Choose a saved view');
    await userEvent.click(select);
    await userEvent.click(page.getByRole('option', { name: 'Unverified' }));
    await expect.poll(() => second.fixture.location.history.at(-1)).toBe(`/users?${filter}`);
    await expect.element(select).toHaveTextContent('Unverified');
  });

  it('replaces a name saved again and deletes a view after a confirmation', async () => {
    const { fixture, screen } = await open('/users?role=admin');
    await saveAs('Admins');
    await expect.element(toast('View “Admins” saved')).toBeVisible();
    await fixture.location.navigate('/users?role=admin&size=50');
    await saveAs('Admins');
    // The second save's request finishes after the click: wait for the stored view to change.
    await expect
      .poll(async () =>
        (await fixture.client.savedViews.list('users')).map((v) => [v.name, v.query]),
      )
      .toEqual([['Admins', 'role=admin&size=50']]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete view “Admins”' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete the view “Admins”?' });
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expect.element(toast('View “Admins” deleted')).toBeVisible();
    expect(await fixture.client.savedViews.list('users')).toEqual([]);
    await expect
      .element(screen.getByRole('button', { name: /Saved views/ }))
      .toHaveTextContent('No saved views yet');
  });

  it('says so in the dialog when the name is empty or the limit is reached', async () => {
    const { fixture } = await open('/users');
    for (let i = 0; i < SAVED_VIEW_LIMIT; i += 1) {
      await fixture.client.savedViews.save({
        list: 'users',
        name: `View ${i}`,
        query: `page=${i}`,
      });
    }
    const dialog = await saveAs('   ');
    await expect.element(dialog.getByText('Please enter a name for the view')).toBeVisible();
    await userEvent.fill(dialog.getByRole('textbox', { name: 'Name' }), 'One more');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await expect
      .element(dialog.getByText('You can keep at most 20 saved views per list; delete one first'))
      .toBeVisible();
  });

  it('shows that the views could not be loaded, with a retry', async () => {
    await open('/users', undefined, [
      http.get('*/api/v1/saved-views', () =>
        HttpResponse.json({ message: 'Down', code: 'internal' }, { status: 500 }),
      ) as never,
    ]);
    // Tried twice (a server failure), then the message.
    await expect
      .element(page.getByText('Saved views could not be loaded.'), { timeout: 5000 })
      .toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
