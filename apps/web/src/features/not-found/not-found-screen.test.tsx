/**
 * The 404 page (docs/product.md#errors-and-messages): links, and in development builds the
 * developer toast test buttons, one per toast kind (tests run as a development build).
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';

describe('404 page', () => {
  it('links a signed-in user to the dashboard and to the calculator', async () => {
    const fixture = createAppFixture({ path: '/no/such/page', as: 'client' });
    await fixture.ready;
    await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(page.getByRole('link', { name: 'Go to the dashboard' }))
      .toHaveAttribute('href', '/dashboard');
    await expect
      .element(page.getByRole('link', { name: 'Try the solar calculator' }))
      .toHaveAttribute('href', '/solar-calculator');
  });

  it('renders inside the signed-in shell for a signed-in visitor, titled "Page not found · Solar"', async () => {
    await page.viewport(1280, 800);
    const fixture = createAppFixture({ path: '/no/such/page', as: 'client' });
    await fixture.ready;
    await render(<AppFixtureView fixture={fixture} />);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.element(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: /Account/ })).toBeInTheDocument();
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Page not found');
    await expect.poll(() => document.title).toBe('Page not found · Solar');
  });

  it('renders in the public frame (logo, language picker) when signed out', async () => {
    const fixture = createAppFixture({ path: '/no/such/page' });
    await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(page.getByRole('heading', { level: 1 }))
      .toHaveTextContent('Page not found');
    await expect.element(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    expect(page.getByRole('navigation', { name: 'Main' }).query()).toBeNull();
  });

  it('has a toast test button per kind in development builds', async () => {
    expect(import.meta.env.DEV).toBe(true);
    const fixture = createAppFixture({ path: '/nope' });
    await render(<AppFixtureView fixture={fixture} />);
    const tools = page.getByRole('region', { name: /Developer tools/ });
    expect(
      tools
        .getByRole('button')
        .elements()
        .map((b) => b.textContent),
    ).toEqual(['Show success toast', 'Show error toast', 'Show warning toast', 'Show info toast']);
    const toasts = page.getByRole('region', { name: /Notifications/ });
    for (const [button, title] of [
      ['Show success toast', 'Success'],
      ['Show error toast', 'Error'],
      ['Show warning toast', 'Warning'],
      ['Show info toast', 'Information'],
    ] as const) {
      await userEvent.click(tools.getByRole('button', { name: button }));
      await expect.element(toasts.getByText(title, { exact: true })).toBeVisible();
    }
    await expect.element(toasts.getByText('This is a test notification.').first()).toBeVisible();
  });
});
