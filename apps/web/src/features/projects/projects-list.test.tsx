/**
 * /projects in Chromium against the pipeline fake: rows linking to the
 * project page, the owner column for staff only, the list state (search, status, sort,
 * page) kept in the URL and read back from it, and the empty state's way to a first
 * assessment.
 */
import type { RoleKey } from '@solar/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { projectHandlers, type ProjectsFakeOptions } from '../../testing/project-fakes.ts';

async function open(
  as: AppFixtureOptions['as'],
  options: ProjectsFakeOptions & { role: RoleKey; path?: string },
) {
  const fake = projectHandlers(options);
  const fixture = createAppFixture({
    path: options.path ?? '/projects',
    as,
    handlers: fake.handlers,
  });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  return { fake, fixture, screen };
}

const lastPath = (fixture: { location: { history: string[] } }) => fixture.location.history.at(-1);
const lastList = (seen: string[]) =>
  seen.filter((s) => s.startsWith('GET /projects/pipeline')).at(-1);

describe('projects list', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('lists a page of projects, each linking to its page, with the owner for staff', async () => {
    const { screen } = await open('manager', { role: 'project_manager' });
    await expect
      .element(screen.getByRole('link', { name: 'Chuy Avenue 120, Bishkek' }))
      .toHaveAttribute('href', '/projects/p-bishkek-1');
    expect(screen.getByRole('row').elements()).toHaveLength(11);
    await expect.element(screen.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    await expect.element(screen.getByText('1–10 of 12')).toBeVisible();
  });

  it('hides the owner column from a client', async () => {
    const { screen } = await open('client', { role: 'client_residential' });
    await expect
      .element(screen.getByRole('link', { name: 'Chuy Avenue 120, Bishkek' }))
      .toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Owner' }).elements()).toHaveLength(0);
  });

  it('keeps search, status, sort and page in the URL', async () => {
    const { screen, fixture, fake } = await open('manager', { role: 'project_manager' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await expect.poll(() => lastPath(fixture)).toBe('/projects?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'All statuses Status' }));
    await userEvent.click(page.getByRole('option', { name: 'Inspected' }));
    await expect.poll(() => lastPath(fixture)).toBe('/projects?status=inspected');
    await userEvent.fill(screen.getByRole('searchbox', { name: 'Search' }), 'manas');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => lastPath(fixture)).toBe('/projects?q=manas&status=inspected');
    await expect
      .poll(() => lastList(fake.seen))
      .toBe(
        'GET /projects/pipeline?pageNumber=1&pageSize=10&sortBy=updatedAt&descending=true&searchTerm=manas&status=inspected',
      );
  });

  it('reads the list state from the URL it is opened with', async () => {
    const { screen, fake } = await open('manager', {
      role: 'project_manager',
      path: '/projects?sort=address&dir=asc&status=draft&size=25',
    });
    await expect
      .element(screen.getByRole('columnheader', { name: 'Address' }))
      .toHaveAttribute('aria-sort', 'ascending');
    expect(lastList(fake.seen)).toBe(
      'GET /projects/pipeline?pageNumber=1&pageSize=25&sortBy=address&descending=false&status=draft',
    );
  });

  it('invites a first assessment when there is no project', async () => {
    const { screen } = await open('client', { role: 'client_residential', items: [] });
    await expect.element(screen.getByText('No projects yet')).toBeVisible();
    const links = screen.getByRole('link', { name: 'Start an assessment' }).elements();
    expect(links.at(-1)?.getAttribute('href')).toBe('/solar-calculator-full');
  });
});
