/**
 * /dashboard against the MSW fake (spec section 2): the user card and the cards and
 * navigation each role may see (user management only with canManageUsers).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';

async function open(as: 'admin' | 'client' | 'manager') {
  const fixture = createAppFixture({ path: '/dashboard', as });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { fixture, screen };
}

const cardLinks = () =>
  page
    .getByRole('region', { name: 'Get started' })
    .getByRole('link')
    .elements()
    .map((a) => [a.textContent, a.getAttribute('href')]);
const cardTitles = () =>
  page
    .getByRole('region', { name: 'Get started' })
    .getByRole('heading', { level: 3 })
    .elements()
    .map((h) => h.textContent);

describe('dashboard (spec section 2)', () => {
  it("shows the client's card: avatar, name, email and role badge", async () => {
    await open('client');
    const card = page.getByRole('region', { name: 'Your account' });
    await expect.element(card.getByRole('img', { name: 'Daniyar Sadykov' })).toBeVisible();
    await expect.element(card.getByText('Welcome, Daniyar Sadykov')).toBeVisible();
    await expect.element(card.getByText('daniyar@example.com')).toBeVisible();
    await expect.element(card.getByText('Residential Client')).toBeVisible();
  });

  it('gives a client the calculator and profile cards but no user management', async () => {
    await open('client');
    expect(cardLinks()).toEqual([
      ['Quick Calculator', '/solar-calculator'],
      ['Full Calculator', '/solar-calculator-full'],
      ['Profile', '/profile'],
    ]);
    expect(cardTitles()).toEqual([
      'Quick Calculator',
      'Full Calculator',
      'Profile',
      'Recent Activity',
      'Settings',
    ]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.element(nav.getByRole('link', { name: 'Chat' })).toBeVisible();
    expect(nav.getByRole('link', { name: 'Users' }).query()).toBeNull();
  });

  it('gives an admin the user management card and the users link', async () => {
    await open('admin');
    await expect
      .element(page.getByRole('region', { name: 'Your account' }).getByText('Administrator'))
      .toBeVisible();
    expect(cardLinks()).toContainEqual(['User Management', '/users']);
    expect(cardTitles()).toEqual([
      'Quick Calculator',
      'Full Calculator',
      'Profile',
      'User Management',
      'Recent Activity',
      'Settings',
    ]);
    await expect
      .element(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }))
      .toBeVisible();
  });

  it('gives a project manager (no canManageUsers) no user management', async () => {
    await open('manager');
    await expect
      .element(page.getByRole('region', { name: 'Your account' }).getByText('Project Manager'))
      .toBeVisible();
    expect(cardTitles()).not.toContain('User Management');
  });
});
