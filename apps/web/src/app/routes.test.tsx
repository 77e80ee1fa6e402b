import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../testing/app-fixture.tsx';

describe('routes and guards against the fake', () => {
  it('sends a signed-out visitor of /dashboard to /signin, then back after sign-in', async () => {
    const fixture = createAppFixture({ path: '/dashboard' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/signin?from=%2Fdashboard');

    await screen.getByLabelText('Email').fill('daniyar@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.element(screen.getByText('Welcome, Daniyar Sadykov')).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/dashboard');
  });

  it('shows the spec message for wrong credentials', async () => {
    const fixture = createAppFixture({ path: '/signin' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await screen.getByLabelText('Email').fill('daniyar@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Login failed. Please check your credentials.');
  });

  it('sends a signed-in user without canManageUsers from /users to /dashboard', async () => {
    const fixture = createAppFixture({ path: '/users', as: 'client' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/dashboard');
  });

  it('keeps a signed-in visitor away from /signin', async () => {
    const fixture = createAppFixture({ path: '/signin', as: 'admin' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it('sends a signed-in visitor of /signin?from= to the remembered path', async () => {
    const fixture = createAppFixture({ path: '/signin?from=%2Fprofile', as: 'client' });
    await render(<AppFixtureView fixture={fixture} />);
    await expect.poll(() => fixture.location.history.at(-1)).toBe('/profile');
  });

  it('signs a non-admin in from /signin?from=/users and lands on /dashboard', async () => {
    const fixture = createAppFixture({ path: '/users' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await screen.getByLabelText('Email').fill('daniyar@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => fixture.location.history.at(-1)).toBe('/dashboard');
  });

  it("signs out to /signin and drops the previous user's cached answers", async () => {
    const fixture = createAppFixture({ path: '/profile', as: 'manager' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(screen.getByRole('heading', { name: 'Aigerim Bekova', level: 2 }))
      .toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
    expect(fixture.client.session.getSnapshot().user).toBeNull();

    await screen.getByLabelText('Email').fill('daniyar@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect.element(screen.getByText('Welcome, Daniyar Sadykov')).toBeVisible();
    fixture.location.navigate('/profile');
    await expect
      .element(screen.getByRole('heading', { name: 'Daniyar Sadykov', level: 2 }))
      .toBeVisible();
    expect(screen.container.textContent).not.toContain('Aigerim Bekova');
  });

  it('shows the 404 page with a sign-in link for an unknown path', async () => {
    const fixture = createAppFixture({ path: '/nope' });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  });

  it('names the page in the browser tab, in the interface language', async () => {
    const users = createAppFixture({ path: '/users', as: 'admin' });
    const screen = await render(<AppFixtureView fixture={users} />);
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(document.title).toBe('Users · Solar');
    await screen.unmount();

    const signIn = createAppFixture({ path: '/signin' });
    await render(<AppFixtureView fixture={signIn} locale="ru" />);
    await expect.poll(() => document.title).toBe('Вход · Solar');

    signIn.location.navigate('/no-such-page');
    await expect.poll(() => document.title).toBe('Страница не найдена · Solar');
  });
});
