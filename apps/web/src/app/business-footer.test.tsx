/**
 * The business footer (docs/product.md#business-identity) on the public frame and the
 * account pages: the contentinfo landmark with the name and the configured contacts as
 * `GET /config` reports them, only the name when nothing else is configured, in the
 * interface language.
 */
import { queryKeys } from '@solar/api/react';
import { ROUTES } from '@solar/domain';
import type { BusinessInfo } from '@solar/domain/contract';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../testing/app-fixture.tsx';
import { CONFIG_QUERY_KEY } from './public-frame.tsx';

async function open(path: string, business?: Partial<BusinessInfo>, locale?: 'es' | 'ru') {
  const fixture = createAppFixture({
    path,
    ...(business ? { mock: { business } } : {}),
    ...(locale ? { locale } : {}),
  });
  await fixture.ready;
  return render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
}

const FULL = {
  name: 'Solar Kyrgyzstan LLC',
  address: 'Chui Avenue 120, Bishkek',
  phone: '+996 312 123 456',
  email: 'hello@solar.kg',
  website: 'https://solar.kg/',
  legal: '© 2026 Solar Kyrgyzstan LLC',
};

describe('the business footer', () => {
  it('reads the same cache entry as useConfig', () => {
    expect(CONFIG_QUERY_KEY).toEqual(queryKeys.config());
  });

  it('closes the quick calculator with the name and every configured contact', async () => {
    await page.viewport(1280, 800);
    const screen = await open(ROUTES.quickCalculator, FULL);
    const footer = screen.getByRole('contentinfo', { name: 'About Solar Kyrgyzstan LLC' });
    await expect.element(footer.getByText('Chui Avenue 120, Bishkek')).toBeVisible();
    await expect
      .element(footer.getByRole('link', { name: '+996 312 123 456' }))
      .toHaveAttribute('href', 'tel:+996312123456');
    await expect
      .element(footer.getByRole('link', { name: 'hello@solar.kg' }))
      .toHaveAttribute('href', 'mailto:hello@solar.kg');
    await expect.element(footer.getByRole('link', { name: 'solar.kg' })).toBeVisible();
    await expect.element(footer.getByText('© 2026 Solar Kyrgyzstan LLC')).toBeVisible();
  });

  it('shows only the name on the sign-in page when nothing else is configured', async () => {
    const screen = await open(ROUTES.signIn);
    const footer = screen.getByRole('contentinfo', { name: 'About Solar' });
    await expect.element(footer).toBeVisible();
    expect(footer.getByRole('link').elements()).toHaveLength(0);
  });

  it('labels the contacts in the interface language', async () => {
    const screen = await open(ROUTES.signIn, FULL, 'es');
    const footer = screen.getByRole('contentinfo', { name: 'Acerca de Solar Kyrgyzstan LLC' });
    await expect.element(footer.getByText('Teléfono:', { exact: false })).toBeVisible();
    await expect.element(footer.getByText('Sitio web:', { exact: false })).toBeVisible();
  });
});
