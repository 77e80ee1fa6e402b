/**
 * The dashboard's work queue against the MSW fake's demo seed (docs/product.md#dashboard),
 * on the fixture clock (2026-03-14): the roof inspector's visits to record and to schedule,
 * soonest first with the overdue marked; the project manager's counts by status, each
 * linking to the filtered project list, and the overdue projects; a client's next steps.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.removeItem(STORAGE_KEYS.language);
});

async function open(
  as: 'client' | 'manager' | 'inspector' | 'installer',
  options: AppFixtureOptions = {},
) {
  const fixture = createAppFixture({ path: '/dashboard', as, ...options });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return fixture;
}

/** The address links of a list, in order. */
const addresses = (name: string) =>
  page
    .getByRole('list', { name })
    .getByRole('link')
    .elements()
    .map((link) => link.textContent);

describe('work queue', () => {
  it('gives the roof inspector the visits to record by date, then those to schedule, oldest request first', async () => {
    await open('inspector');
    const queue = page.getByRole('region', { name: 'Your work' });
    await expect.element(queue.getByRole('list', { name: 'Your work' })).toBeVisible();
    expect(addresses('Your work')).toEqual([
      'Ala-Archa cottage 7, Chui Region',
      'Manas Avenue 40, Bishkek',
      'Jibek Jolu Avenue 300, Bishkek',
    ]);
    await expect
      .element(queue.getByText('3 projects are waiting for you', { exact: false }))
      .toBeVisible();
    // The visit was due on 3 March: it is marked overdue in words.
    const rows = queue.getByRole('listitem');
    await expect.element(rows.nth(0).getByText('Overdue')).toBeVisible();
    await expect
      .element(rows.nth(0).getByText('Record the inspection', { exact: false }))
      .toBeVisible();
    await expect
      .element(rows.nth(1).getByText('Schedule the site visit', { exact: false }))
      .toBeVisible();
    expect(rows.nth(1).getByText('Overdue').query()).toBeNull();
  });

  it("gives the installer the installations due and never the client's cards as their work", async () => {
    await open('installer');
    await expect.element(page.getByRole('list', { name: 'Your work' })).toBeVisible();
    expect(addresses('Your work')).toEqual(['Issyk-Kul guest house, Cholpon-Ata']);
  });

  it('says "Nothing to do today" with the project list to open when nothing waits', async () => {
    await open('inspector', {
      handlers: [
        http.get('*/api/v1/projects/pipeline', () =>
          HttpResponse.json({
            items: [],
            pageNumber: 1,
            pageSize: 100,
            totalCount: 0,
            totalPages: 0,
            hasPreviousPage: false,
            hasNextPage: false,
          }),
        ),
      ],
    });
    const queue = page.getByRole('region', { name: 'Your work' });
    await expect.element(queue.getByRole('heading', { name: 'Nothing to do today' })).toBeVisible();
    await expect
      .element(queue.getByRole('link', { name: 'Open the project list' }))
      .toHaveAttribute('href', '/projects');
  });

  it('gives the project manager counts by status linking to the filtered list, and the overdue', async () => {
    const fixture = await open('manager');
    const queue = page.getByRole('region', { name: 'Waiting on staff' });
    const requested = queue.getByRole('link', { name: 'Site visit requested: 2 projects' });
    await expect.element(requested).toHaveAttribute('href', '/projects?status=quote_requested');
    await expect
      .element(queue.getByRole('link', { name: 'Inspection scheduled: 1 project' }))
      .toHaveAttribute('href', '/projects?status=inspection_scheduled');
    await expect
      .element(queue.getByRole('link', { name: 'Proposal accepted: no projects' }))
      .toBeVisible();
    await expect
      .element(queue.getByText('4 projects are waiting on staff.', { exact: false }))
      .toBeVisible();
    await expect.element(queue.getByRole('heading', { name: 'Overdue (2)' })).toBeVisible();
    expect(addresses('Overdue (2)')).toEqual([
      'Issyk-Kul guest house, Cholpon-Ata',
      'Ala-Archa cottage 7, Chui Region',
    ]);
    await userEvent.click(requested);
    expect(fixture.location.history.at(-1)).toBe('/projects?status=quote_requested');
    await expect.element(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  });

  it('shows the manager a retry when the list fails', async () => {
    await open('manager', {
      handlers: [
        http.get('*/api/v1/projects/pipeline', () =>
          HttpResponse.json({ error: 'down' }, { status: 503 }),
        ),
      ],
    });
    await expect
      .element(
        page
          .getByRole('region', { name: 'Waiting on staff' })
          .getByRole('button', { name: 'Try again' }),
      )
      .toBeVisible();
  });

  it("tells a client each project's next step", async () => {
    await open('client');
    const queue = page.getByRole('region', { name: 'Your projects' });
    await expect.element(queue.getByText('Waiting for a site visit to be scheduled')).toBeVisible();
    await expect
      .element(queue.getByText('Your proposal is ready: review and accept it'))
      .toBeVisible();
    expect(queue.getByText('Chui Avenue 155, Bishkek').query()).toBeNull();
  });

  it.each(['manager', 'inspector'] as const)(
    "fits a 390 px phone in Russian (the %s's queue)",
    async (as) => {
      await page.viewport(390, 844);
      const fixture = createAppFixture({ path: '/dashboard', as, locale: 'ru' });
      await fixture.ready;
      const screen = await render(<AppFixtureView fixture={fixture} locale="ru" />);
      const title = as === 'manager' ? 'Ждут сотрудников' : 'Ваши задачи';
      await expect
        .element(screen.getByRole('region', { name: title }).getByRole('link').first())
        .toBeVisible();
      const width = document.documentElement.clientWidth;
      const wide = Array.from(document.querySelectorAll<HTMLElement>('main *'))
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40) ?? ''}`);
      expect(wide).toEqual([]);
    },
  );

  it('reaches the counts with the keyboard, each with a visible focus ring', async () => {
    await open('manager');
    const first = page.getByRole('link', { name: 'Site visit requested: 2 projects' });
    await expect.element(first).toBeVisible();
    (first.element() as HTMLElement).focus();
    await userEvent.keyboard('{Tab}');
    const next = page.getByRole('link', { name: 'Inspection scheduled: 1 project' });
    await expect.element(next).toHaveFocus();
    await expect.element(next).toHaveAttribute('data-focus-visible');
  });
});
