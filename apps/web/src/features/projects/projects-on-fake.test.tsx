/**
 * The project screens on the API client's fake backend (its demo seed's pipeline: the demo
 * client's projects at every stage, one of another client, and the seed's inspector,
 * manager and installer), in Chromium: who sees which projects, and a
 * project moved by the roles in turn, each seeing only the actions the fake's pipeline
 * (domain pipeline.ts) gives them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import { productionHandler } from '../../testing/full-calculator-fakes.ts';

const PEOPLE = {
  client: { email: 'daniyar@example.com', password: 'Password1' },
  inspector: { email: 'chynara@example.com', password: 'Password1' },
  manager: { email: 'aigerim@example.com', password: 'Password1' },
  installer: { email: 'bakyt@example.com', password: 'Password1' },
} as const;

/** The app at `path` on a fresh fake, signed in as `who`. */
async function open(who: keyof typeof PEOPLE, path = '/projects') {
  const fixture = createAppFixture({
    path,
    handlers: [productionHandler()],
    afterSignIn: (client) => client.auth.signIn(PEOPLE[who]),
  });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

/** The addresses listed, top to bottom. */
async function listed(): Promise<string[]> {
  await expect.element(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  return Array.from(document.querySelectorAll('tbody tr td:first-child a')).map(
    (a) => a.textContent ?? '',
  );
}

describe('projects on the fake backend', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('a client sees their own projects; an inspector the inspection queue of everyone', async () => {
    const client = await open('client');
    await expect
      .element(client.screen.getByRole('link', { name: /Toktogul Street 120/ }))
      .toBeVisible();
    expect((await listed()).sort()).toEqual(
      [
        'Ala-Archa cottage 7, Chui Region',
        'Chui Avenue 155, Bishkek',
        'Issyk-Kul guest house, Cholpon-Ata',
        'Kurmanjan Datka Street 25, Osh',
        'Manas Avenue 40, Bishkek',
        'Toktogul Street 120, Bishkek',
      ].sort(),
    );
    client.screen.unmount();
    const inspector = await open('inspector');
    await expect.element(inspector.screen.getByRole('link', { name: /Jibek Jolu/ })).toBeVisible();
    expect((await listed()).sort()).toEqual(
      [
        'Ala-Archa cottage 7, Chui Region',
        'Jibek Jolu Avenue 300, Bishkek',
        'Kurmanjan Datka Street 25, Osh',
        'Manas Avenue 40, Bishkek',
        // Inspected by them before the project moved on: they keep it.
        'Issyk-Kul guest house, Cholpon-Ata',
        'Chui Avenue 155, Bishkek',
      ].sort(),
    );
  });

  it('an inspector schedules the inspection of a requested site visit', async () => {
    const { screen } = await open('inspector');
    await userEvent.click(screen.getByRole('link', { name: 'Manas Avenue 40, Bishkek' }));
    const form = screen.getByRole('form', { name: 'Schedule inspection' });
    await expect.element(form).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel project' }).elements()).toHaveLength(0);
    await userEvent.fill(form.getByLabelText(/^Date/), '2026-03-20');
    await userEvent.click(form.getByRole('button', { name: 'Save date' }));
    await expect.element(screen.getByRole('form', { name: 'Record inspection' })).toBeVisible();
    await expect
      .element(screen.getByRole('list', { name: 'Project progress' }).getByRole('listitem').nth(2))
      .toHaveAttribute('aria-current', 'step');
  });

  it('the client requests a site visit from the proposal of a draft', async () => {
    const { screen } = await open('client');
    await userEvent.click(screen.getByRole('link', { name: 'Toktogul Street 120, Bishkek' }));
    await userEvent.click(screen.getByRole('link', { name: 'View proposal' }));
    await userEvent.click(await screen.getByRole('button', { name: 'Request a site visit' }));
    await expect
      .element(screen.getByRole('button', { name: 'Request a site visit' }))
      .not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Project status' }));
    await expect
      .element(screen.getByRole('list', { name: 'Project progress' }).getByRole('listitem').nth(1))
      .toHaveAttribute('aria-current', 'step');
  });

  it('the manager schedules the installation and the installer marks it installed', async () => {
    const manager = await open('manager', '/projects?q=issyk');
    await userEvent.click(manager.screen.getByRole('link', { name: /Issyk-Kul/ }));
    // Already scheduled in the seed: the manager may move the date.
    const form = manager.screen.getByRole('form', { name: 'Schedule installation' });
    await userEvent.fill(form.getByLabelText(/^Date/), '2026-04-02');
    await userEvent.click(form.getByRole('button', { name: 'Save date' }));
    await expect.element(manager.screen.getByText('Apr 2, 2026')).toBeVisible();
    manager.screen.unmount();
    const installer = await open('installer', '/projects?q=issyk');
    await userEvent.click(installer.screen.getByRole('link', { name: /Issyk-Kul/ }));
    await userEvent.click(installer.screen.getByRole('button', { name: 'Mark installed' }));
    await expect.element(installer.screen.getByText(/This project is closed/)).toBeVisible();
  });
});
