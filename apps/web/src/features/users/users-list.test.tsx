/**
 * /users against the MSW fake (docs/product.md#user-administration and #errors-and-messages):
 * loading, filled, header sort cycle, debounced search, filters, page size, pager, both empty
 * states, load failure with retry, and the list state kept in the URL.
 */
import { scenarios } from '@solar/api/mock';
import { toPage } from '@solar/domain';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

async function open(options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path: '/users', as: 'admin', ...options });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

/** The names in the table's body rows, top to bottom. */
function rowNames(): string[] {
  return Array.from(document.querySelectorAll('tbody tr td:nth-child(2) a')).map(
    (a) => a.textContent ?? '',
  );
}

const lastPath = (fixture: { location: { history: string[] } }) => fixture.location.history.at(-1);

/** A toast (in the notifications region) with this text. */
const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('users list', () => {
  // A desktop window: the list is a table (a phone's cards are tested at the end).
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('shows the loading overlay until the first page arrives', async () => {
    const { screen } = await open({
      handlers: [
        http.get('*/api/v1/admin/users', async () => {
          await delay('infinite');
        }),
      ],
    });
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect
      .element(screen.getByRole('progressbar', { name: 'Loading users' }))
      .toBeInTheDocument();
    expect(screen.getByRole('table').element().getAttribute('aria-busy')).toBe('true');
  });

  it('shows the first 10 users, newest first, with every column', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    expect(rowNames()).toEqual([
      'Maksat Ibraimov',
      'Lira Abdyldaeva',
      'Kanat Zhumabaev',
      'Jyldyz Asanova',
      'Ilyas Kadyrov',
      'Gulnara Mamytova',
      'Farida Usenova',
      'Elnura Toktogulova',
      'Daniyar Sadykov',
      'Chynara Alieva',
    ]);
    for (const header of [
      'Name',
      'Email',
      'User type',
      'Status',
      'Email verified',
      'Created',
      'Last login',
    ]) {
      await expect.element(screen.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const elnura = screen.getByRole('row', { name: /Elnura Toktogulova/ });
    await expect.element(elnura.getByText('elnura@example.com', { exact: true })).toBeVisible();
    await expect.element(elnura.getByText('Commercial Client', { exact: true })).toBeVisible();
    await expect.element(elnura.getByText('Inactive', { exact: true })).toBeVisible();
    await expect.element(elnura.getByText('Verified', { exact: true })).toBeVisible();
    // Created 44 days before the fixture's frozen now (2026-03-14); last login 4 days ago.
    await expect.element(elnura.getByText('Jan 29, 2026', { exact: true })).toBeVisible();
    await expect.element(elnura.getByText('4 days ago', { exact: true })).toBeVisible();
    const gulnara = screen.getByRole('row', { name: /Gulnara Mamytova/ });
    await expect.element(gulnara.getByText('Active', { exact: true })).toBeVisible();
    await expect.element(gulnara.getByText('Unverified', { exact: true })).toBeVisible();
    await expect.element(gulnara.getByText('Never', { exact: true })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Edit Gulnara Mamytova' }))
      .toHaveAttribute('href', expect.stringMatching(/^\/users\/[^/]+\/edit$/));
    await expect.element(screen.getByText('1–10 of 13 users')).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Create user' })).toBeVisible();
  });

  it('cycles a header sort descending -> ascending -> none, with aria-sort and the URL', async () => {
    const { fixture, screen } = await open();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    const created = screen.getByRole('columnheader', { name: 'Created' });
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    await expect.element(header).toHaveAttribute('aria-sort', 'none');
    // The default order (newest first) is announced on its own header.
    await expect.element(created).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: 'Name', exact: true }));
    await expect.element(header).toHaveAttribute('aria-sort', 'descending');
    await expect.element(created).toHaveAttribute('aria-sort', 'none');
    expect(lastPath(fixture)).toBe('/users?sort=name&dir=desc');
    await expect.poll(() => rowNames()[0]).toBe('Maksat Ibraimov');
    await expect.poll(() => rowNames().at(-1)).toBe('Chynara Alieva');

    await userEvent.click(screen.getByRole('button', { name: 'Name', exact: true }));
    await expect.element(header).toHaveAttribute('aria-sort', 'ascending');
    expect(lastPath(fixture)).toBe('/users?sort=name&dir=asc');
    await expect.poll(() => rowNames()[0]).toBe('Administrator');

    await userEvent.click(screen.getByRole('button', { name: 'Name', exact: true }));
    await expect.element(header).toHaveAttribute('aria-sort', 'none');
    await expect.element(created).toHaveAttribute('aria-sort', 'descending');
    expect(lastPath(fixture)).toBe('/users');
    await expect.poll(() => rowNames()[0]).toBe('Maksat Ibraimov');
  });

  it('searches by name or email once typing pauses: one request for the whole word', async () => {
    const terms: (string | null)[] = [];
    const { fixture, screen } = await open({
      handlers: [
        http.get('*/api/v1/admin/users', ({ request }) => {
          terms.push(new URL(request.url).searchParams.get('searchTerm'));
        }),
      ],
    });
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'KANAT@');
    await expect.poll(() => rowNames(), { timeout: 3000 }).toEqual(['Kanat Zhumabaev']);
    // One request for the whole word, none per keystroke (the debounce: 800 ms of quiet,
    // docs/product.md#user-administration); case-insensitive, matched on the email.
    expect(terms).toEqual([null, 'KANAT@']);
    expect(lastPath(fixture)).toBe('/users?q=KANAT%40');
  });

  it('filters by user type (the seven display names) and by email verification', async () => {
    const { fixture, screen } = await open();
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'All user types User type' }));
    for (const role of [
      'Administrator',
      'Project Manager',
      'Installer',
      'Roof Inspector',
      'Residential Client',
      'Commercial Client',
      'Supplier',
    ]) {
      await expect.element(page.getByRole('option', { name: role })).toBeVisible();
    }
    await userEvent.click(page.getByRole('option', { name: 'Residential Client' }));
    await expect
      .poll(() => rowNames())
      .toEqual(['Lira Abdyldaeva', 'Ilyas Kadyrov', 'Gulnara Mamytova', 'Daniyar Sadykov']);
    expect(lastPath(fixture)).toBe('/users?type=client_residential');

    await userEvent.click(
      screen.getByRole('button', { name: 'Verified and unverified Email verification' }),
    );
    await userEvent.click(page.getByRole('option', { name: 'Unverified' }));
    await expect.poll(() => rowNames()).toEqual(['Lira Abdyldaeva', 'Gulnara Mamytova']);
    expect(lastPath(fixture)).toBe('/users?type=client_residential&verified=no');
  });

  it('changes the page size and pages through the list', async () => {
    const { fixture, screen } = await open();
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    await userEvent.click(pager.getByRole('button', { name: 'Page 2' }));
    await expect
      .poll(() => rowNames())
      .toEqual(['Bakyt Osmonov', 'Aigerim Bekova', 'Administrator']);
    await expect
      .element(pager.getByRole('button', { name: 'Page 2' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByText('11–13 of 13 users')).toBeVisible();
    expect(lastPath(fixture)).toBe('/users?page=2');

    await userEvent.click(screen.getByRole('button', { name: /Rows per page/ }));
    for (const size of ['10', '25', '50', '100']) {
      await expect.element(page.getByRole('option', { name: size })).toBeVisible();
    }
    await userEvent.click(page.getByRole('option', { name: '25' }));
    await expect.poll(() => rowNames().length).toBe(13);
    expect(lastPath(fixture)).toBe('/users?size=25');
    // One page: no pager.
    await expect.element(pager).not.toBeInTheDocument();
  });

  it('shows at most five page buttons around the current page', async () => {
    const fixture = createAppFixture({ path: '/users?page=6', as: 'admin' });
    await fixture.ready;
    const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
    for (let i = 0; i < 60; i += 1) {
      fixture.mock.fake.createUser(auth, {
        name: `Extra ${i}`,
        email: `extra${i}@example.com`,
        password: 'secret1',
      });
    }
    const screen = await render(<AppFixtureView fixture={fixture} />);
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    await expect.element(pager.getByRole('button', { name: 'Page 6' })).toBeVisible();
    const pages = pager.getByRole('button', { name: /^Page \d+$/ }).elements();
    expect(pages.map((b) => b.textContent)).toEqual(['4', '5', '6', '7', '8']);
    await expect.element(screen.getByText('51–60 of 73 users')).toBeVisible();
  });

  it('jumps to the last page and back to the first in one press each', async () => {
    const fixture = createAppFixture({ path: '/users', as: 'admin' });
    await fixture.ready;
    const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
    for (let i = 0; i < 60; i += 1) {
      fixture.mock.fake.createUser(auth, {
        name: `Extra ${i}`,
        email: `extra${i}@example.com`,
        password: 'secret1',
      });
    }
    const screen = await render(<AppFixtureView fixture={fixture} />);
    const pager = screen.getByRole('navigation', { name: 'Pages of users' });
    await expect.element(pager.getByRole('button', { name: 'First page' })).toBeDisabled();
    await userEvent.click(pager.getByRole('button', { name: 'Last page' }));
    await expect.element(screen.getByText('71–73 of 73 users')).toBeVisible();
    expect(lastPath(fixture)).toBe('/users?page=8');
    await expect.element(pager.getByRole('button', { name: 'Last page' })).toBeDisabled();
    await userEvent.click(pager.getByRole('button', { name: 'First page' }));
    await expect.element(screen.getByText('1–10 of 73 users')).toBeVisible();
  });

  it.each(['en', 'ru'] as const)(
    'fits its place at 1280 px with long names and emails (%s)',
    async (locale) => {
      const fixture = createAppFixture({ path: '/users', as: 'admin', locale });
      await fixture.ready;
      const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
      for (let i = 0; i < 10; i += 1) {
        fixture.mock.fake.createUser(auth, {
          name: `Aleksandra Konstantinovna Abdyldaeva-Toktogulova ${i}`,
          email: `aleksandra.konstantinovna.abdyldaeva${i}@solar-installations-bishkek.kg`,
          password: 'secret1',
          // Every role, the longest names among them.
          userType: i % 7,
        });
      }
      const screen = await render(<AppFixtureView fixture={fixture} locale={locale} />);
      const table = screen.getByRole('table');
      await expect.element(table.getByText(/abdyldaeva9@/)).toBeInTheDocument();
      const scroller = table.element().parentElement!;
      // Every column, the row actions included, is in view without scrolling sideways.
      expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
    },
  );

  it('keeps the current rows visible under the overlay while the next page loads', async () => {
    const { fixture, screen } = await open();
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    fixture.mock.scenario = scenarios.loading();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await expect
      .element(screen.getByRole('progressbar', { name: 'Loading users' }))
      .toBeInTheDocument();
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
  });

  it("says 'No users found' with a create link when no user exists", async () => {
    const { screen } = await open({
      handlers: [http.get('*/api/v1/admin/users', () => HttpResponse.json(toPage([], 0, 1, 10)))],
    });
    await expect.element(screen.getByRole('heading', { name: 'No users found' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Create the first user' }))
      .toHaveAttribute('href', '/users/create');
  });

  it("says 'No users match your current filters' under a search, and clears it", async () => {
    const { fixture, screen } = await open({ path: '/users?q=nobody-like-this&verified=yes' });
    await expect
      .element(screen.getByRole('heading', { name: 'No users match your current filters' }))
      .toBeVisible();
    await expect.element(screen.getByRole('searchbox')).toHaveValue('nobody-like-this');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    await expect.element(screen.getByRole('searchbox')).toHaveValue('');
    expect(lastPath(fixture)).toBe('/users');
  });

  it('restores sort, filter, size and page from the URL (reload, back button)', async () => {
    const { screen } = await open({
      path: '/users?sort=email&dir=asc&type=client_residential&size=25',
    });
    await expect
      .element(screen.getByRole('columnheader', { name: 'Email', exact: true }))
      .toHaveAttribute('aria-sort', 'ascending');
    await expect
      .element(screen.getByRole('button', { name: 'Residential Client User type' }))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: '25 Rows per page' })).toBeVisible();
    await expect
      .poll(() => rowNames())
      .toEqual(['Daniyar Sadykov', 'Gulnara Mamytova', 'Ilyas Kadyrov', 'Lira Abdyldaeva']);
  });

  it('comes back to the same search and sort after saving a user', async () => {
    const { fixture, screen } = await open({ path: '/users?sort=name&dir=asc&q=gul' });
    await userEvent.click(screen.getByRole('link', { name: 'Edit Gulnara Mamytova' }));
    await expect.element(screen.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => lastPath(fixture)).toBe('/users?sort=name&dir=asc&q=gul');
    await expect
      .element(screen.getByRole('searchbox', { name: 'Search users' }))
      .toHaveValue('gul');
  });

  it("raises 'Failed to load users' and retries on demand", async () => {
    const { fixture, screen } = await open({ mock: { scenario: scenarios.groupError('users') } });
    await expect.element(toast('Failed to load users'), { timeout: 4000 }).toBeVisible();
    await expect
      .element(screen.getByRole('alert').getByText('Failed to load users', { exact: true }))
      .toBeVisible();
    fixture.mock.scenario = scenarios.normal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    await expect.element(screen.getByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Unable to connect to the server' when the server cannot be reached", async () => {
    const connection = 'Unable to connect to the server. Please check your internet connection.';
    const { fixture, screen } = await open({
      mock: { scenario: { fail: { users: { status: 0 } } } },
    });
    await expect.element(toast(connection), { timeout: 4000 }).toBeVisible();
    await expect
      .element(screen.getByRole('alert').getByText(connection, { exact: true }))
      .toBeVisible();
    expect(screen.getByText('Failed to load users', { exact: true }).elements()).toHaveLength(0);
    fixture.mock.scenario = scenarios.normal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect.element(screen.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
  });

  it('on a phone, shows each user as a card with a sort select instead of headers', async () => {
    await page.viewport(390, 844);
    const { fixture, screen } = await open();
    const cards = screen.getByRole('list', { name: 'User accounts' });
    await expect.element(cards.getByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
    expect(screen.getByRole('table').query()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Sort by/ }));
    await userEvent.click(page.getByRole('option', { name: 'Name, ascending' }));
    await expect.poll(() => lastPath(fixture)).toContain('sort=name');
    await expect.element(cards.getByRole('link', { name: 'Administrator' })).toBeVisible();
  });

  it('cuts long names and emails to one line, and shows them whole while the row has focus', async () => {
    const { screen } = await open();
    const link = screen.getByRole('link', { name: 'Maksat Ibraimov' });
    await expect.element(link).toBeVisible();
    const cell = link.element().closest('td')!;
    const value = cell.querySelector('div')!;
    expect(getComputedStyle(value).textOverflow).toBe('ellipsis');
    expect(value.title).toBe('Maksat Ibraimov');
    link.element().focus();
    expect(getComputedStyle(value).whiteSpace).toBe('normal');
  });
});
