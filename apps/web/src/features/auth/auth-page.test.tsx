/**
 * The account pages' frame: the language selector in the header beside
 * the logo; from 1024 px the product's value (headline, three benefits) beside the form
 * card; on a phone the form alone.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';

async function open(path: string, heading: string) {
  const fixture = createAppFixture({ path });
  await render(<AppFixtureView fixture={fixture} />);
  await expect.element(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const headline = () => page.getByRole('heading', { name: 'Plan your solar system in minutes' });

describe('auth page frame', () => {
  it('puts the value block left of the form card at 1280 px, with three benefits', async () => {
    await page.viewport(1280, 800);
    await open('/signup', 'Create your Solar account');
    await expect.element(headline()).toBeVisible();
    const value = page.getByRole('region', { name: 'Plan your solar system in minutes' });
    expect(value.getByRole('listitem').elements()).toHaveLength(3);
    await expect
      .element(value.getByRole('heading', { name: 'An assistant that remembers your data' }))
      .toBeVisible();
    const valueBox = value.element().getBoundingClientRect();
    const cardBox = page.getByRole('heading', { level: 1 }).element().getBoundingClientRect();
    expect(valueBox.right).toBeLessThanOrEqual(cardBox.left);
  });

  it('shows the form alone on a phone, with the language selector in the header', async () => {
    await page.viewport(390, 844);
    await open('/signin', 'Sign in to Solar');
    expect(headline().query()).toBeNull();
    const header = page.getByRole('banner');
    await expect.element(header.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect.element(header.getByRole('link', { name: /Solar/ })).toBeVisible();
  });
});
