/**
 * The session follows the account as the server knows it (docs/product.md#accounts-and-sessions
 * and #roles-and-permissions): `GET /auth/me` on arrival, when the window regains focus (a
 * tab shown again or the window's `focus`) and after a 403 answer. A role an admin took away
 * takes the Users link with it, and no admin call is made with it on arrival; a deactivated
 * account is signed out with the reason.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture, type AppFixture } from '../testing/app-fixture.tsx';

/** The fake's record of the signed-in user. */
function me(fixture: AppFixture) {
  const id = fixture.client.session.getSnapshot().user?.id;
  const user = [...fixture.mock.fake.users.values()].find((u) => u.id === id);
  if (!user) throw new Error('no signed-in fake user');
  return user;
}

const mainNav = () => page.getByRole('navigation', { name: 'Main' });

describe('the session follows the account', () => {
  // A desktop window: the header shows the navigation links (a phone has a Menu button).
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it('drops the Users link of an admin demoted meanwhile, when the window regains focus', async () => {
    const fixture = createAppFixture({ path: '/dashboard', as: 'admin' });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).toBeVisible();

    me(fixture).userType = 1; // another admin made this one a Project Manager
    // What the browser fires when the user comes back to the tab. A focus while the
    // arrival read is still in flight joins that read (answered before the demotion), so
    // the user comes back until the link goes: only a focus read can take it away.
    await expect
      .poll(() => {
        window.dispatchEvent(new Event('visibilitychange'));
        return mainNav().getByRole('link', { name: 'Users' }).query();
      })
      .toBeNull();
    expect(fixture.client.session.getSnapshot().user?.role).toBe('project_manager');
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it("drops the Users link of a demoted admin when the window's focus event fires", async () => {
    const fixture = createAppFixture({ path: '/dashboard', as: 'admin' });
    await fixture.ready;
    await render(<AppFixtureView fixture={fixture} />);
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).toBeVisible();

    me(fixture).userType = 1;
    // Coming back from another window: the window gets `focus`, the tab stays visible.
    await expect
      .poll(() => {
        window.dispatchEvent(new Event('focus'));
        return mainNav().getByRole('link', { name: 'Users' }).query();
      })
      .toBeNull();
    expect(fixture.client.session.getSnapshot().user?.role).toBe('project_manager');
  });

  it('asks the server for the account again after a 403 answer', async () => {
    const fixture = createAppFixture({ path: '/dashboard', as: 'admin' });
    await fixture.ready;
    await render(<AppFixtureView fixture={fixture} />);
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).toBeVisible();
    await expect.poll(() => fixture.client.session.getSnapshot().user?.role).toBe('admin');

    me(fixture).userType = 1;
    await expect(fixture.client.adminUsers.list({ pageNumber: 1, pageSize: 1 })).rejects.toThrow();
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(fixture.client.session.getSnapshot().user?.role).toBe('project_manager');
  });

  it('makes no admin call with a role the server no longer grants on arrival', async () => {
    const adminCalls: string[] = [];
    const record = http.all('*/api/v1/admin/*', ({ request }) => {
      adminCalls.push(request.url);
      return undefined;
    });
    const fixture = createAppFixture({ path: '/dashboard', as: 'admin', handlers: [record] });
    await fixture.ready;
    me(fixture).userType = 1; // demoted while the browser kept the admin role
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect
      .poll(() => fixture.client.session.getSnapshot().user?.role)
      .toBe('project_manager');
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(adminCalls).toEqual([]);
    expect(page.getByText('Authorization Error').query()).toBeNull();
  });

  it('opens a permission-gated screen only after the server confirmed the role', async () => {
    const adminCalls: string[] = [];
    const record = http.all('*/api/v1/admin/*', ({ request }) => {
      adminCalls.push(request.url);
      return undefined;
    });
    const fixture = createAppFixture({ path: '/users', as: 'admin', handlers: [record] });
    await fixture.ready;
    me(fixture).userType = 1;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.poll(() => fixture.location.history.at(-1)).toBe('/dashboard');
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(fixture.location.history).not.toContain('/users');
    expect(adminCalls).toEqual([]);
    expect(page.getByText('Authorization Error').query()).toBeNull();
  });

  it('takes the role from the server on arrival', async () => {
    const fixture = createAppFixture({ path: '/dashboard', as: 'admin' });
    await fixture.ready;
    me(fixture).userType = 1;
    await render(<AppFixtureView fixture={fixture} />);
    await expect
      .poll(() => fixture.client.session.getSnapshot().user?.role)
      .toBe('project_manager');
    await expect.element(mainNav().getByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('signs a deactivated account out with the reason', async () => {
    const fixture = createAppFixture({ path: '/profile', as: 'client' });
    await fixture.ready;
    me(fixture).isActive = false;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.poll(() => fixture.location.history.at(-1)).toMatch(/^\/signin/);
    await expect
      .element(
        page
          .getByRole('region', { name: /Notifications/ })
          .getByText('Your account is inactive. Please contact an administrator.'),
      )
      .toBeVisible();
    expect(fixture.client.session.getSnapshot().user).toBeNull();
    await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
  });
});
