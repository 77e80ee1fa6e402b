/**
 * /projects in Chromium against the API client's fake (its demo seed's pipeline and a
 * few more projects, fake.seed.project): rows linking to the
 * project page, the owner column for staff only, the list state (search, status, sort,
 * page) kept in the URL and read back from it, and the empty state's way to a first
 * assessment.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

/**
 * Twelve projects with the demo seed's seven: the demo client's newest one at Chuy Avenue
 * 120 (`p-bishkek-1`) and four of two other clients.
 */
function seedTwelve(fixture: AppFixture) {
  const { seed } = fixture.mock.fake;
  seed.project({ id: 'p-bishkek-1', daysAgo: 1 });
  const others = ['Manas Avenue 17', 'Toktogul Street 24', 'Kiev Street 31', 'Ibraimov 38'];
  others.forEach((street, index) =>
    seed.project({
      owner: index % 2 ? 'lira@example.com' : 'ilyas@example.com',
      address: `${street}, Bishkek`,
      status: (['draft', 'quote_requested', 'inspection_scheduled', 'inspected'] as const)[index],
      daysAgo: 10 + index,
    }),
  );
}

async function open(as: AppFixtureOptions['as'], path = '/projects') {
  const fixture = createAppFixture({ path, as });
  seedTwelve(fixture);
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  return { fixture, screen };
}

const lastPath = (fixture: { location: { history: string[] } }) => fixture.location.history.at(-1);
const lastList = (requests: string[]) =>
  requests.filter((s) => s.startsWith('GET /projects/pipeline')).at(-1);

describe('projects list', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('lists a page of projects, each linking to its page, with the owner for staff', async () => {
    const { screen } = await open('manager');
    await expect
      .element(screen.getByRole('link', { name: 'Chuy Avenue 120, Bishkek' }))
      .toHaveAttribute('href', '/projects/p-bishkek-1');
    expect(screen.getByRole('row').elements()).toHaveLength(11);
    await expect.element(screen.getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    await expect.element(screen.getByText('1–10 of 12')).toBeVisible();
  });

  it('hides the owner column from a client', async () => {
    const { screen } = await open('client');
    await expect
      .element(screen.getByRole('link', { name: 'Chuy Avenue 120, Bishkek' }))
      .toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Owner' }).elements()).toHaveLength(0);
  });

  it('keeps search, status, sort and page in the URL', async () => {
    const { screen, fixture } = await open('manager');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await expect.poll(() => lastPath(fixture)).toBe('/projects?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'All statuses Status' }));
    await userEvent.click(page.getByRole('option', { name: 'Inspected' }));
    await expect.poll(() => lastPath(fixture)).toBe('/projects?status=inspected');
    await userEvent.fill(screen.getByRole('searchbox', { name: 'Search' }), 'manas');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => lastPath(fixture)).toBe('/projects?q=manas&status=inspected');
    await expect
      .poll(() => lastList(fixture.requests))
      .toBe(
        'GET /projects/pipeline?pageNumber=1&pageSize=10&sortBy=updatedAt&descending=true&searchTerm=manas&status=inspected',
      );
  });

  it('reads the list state from the URL it is opened with', async () => {
    const { screen, fixture } = await open(
      'manager',
      '/projects?sort=address&dir=asc&status=draft&size=25',
    );
    await expect
      .element(screen.getByRole('columnheader', { name: 'Address' }))
      .toHaveAttribute('aria-sort', 'ascending');
    expect(lastList(fixture.requests)).toBe(
      'GET /projects/pipeline?pageNumber=1&pageSize=25&sortBy=address&descending=false&status=draft',
    );
  });

  it('invites a first assessment when there is no project', async () => {
    // Gulnara Mamytova, a client of the demo seed without a project.
    const fixture = createAppFixture({
      path: '/projects',
      afterSignIn: (client) =>
        client.auth.signIn({ email: 'gulnara@example.com', password: 'Password1' }),
    });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByText('No projects yet')).toBeVisible();
    const links = screen.getByRole('link', { name: 'Start an assessment' }).elements();
    expect(links.at(-1)?.getAttribute('href')).toBe('/solar-calculator-full');
  });
});
