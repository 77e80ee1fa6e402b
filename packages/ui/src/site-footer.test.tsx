import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { SiteFooter, telHref } from './site-footer.tsx';

const labels = { footer: 'Business details', phone: 'Phone', email: 'Email', website: 'Website' };

describe('SiteFooter', () => {
  it('is the contentinfo landmark with tel:, mailto: and website links', async () => {
    await page.viewport(1280, 800);
    const screen = await render(
      <SiteFooter
        name="Solar Kyrgyzstan LLC"
        address="Chui Avenue 120, Bishkek"
        phone="+996 (312) 12-34-56"
        email="hello@solar.kg"
        website="https://solar.kg/"
        legal="© 2026 Solar Kyrgyzstan LLC"
        labels={labels}
      />,
    );
    await expect
      .element(screen.getByRole('contentinfo', { name: 'Business details' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: '+996 (312) 12-34-56' }))
      .toHaveAttribute('href', 'tel:+996312123456');
    await expect
      .element(screen.getByRole('link', { name: 'hello@solar.kg' }))
      .toHaveAttribute('href', 'mailto:hello@solar.kg');
    await expect
      .element(screen.getByRole('link', { name: 'solar.kg' }))
      .toHaveAttribute('href', 'https://solar.kg/');
    await expect.element(screen.getByText('Chui Avenue 120, Bishkek')).toBeVisible();
    await expect.element(screen.getByText('© 2026 Solar Kyrgyzstan LLC')).toBeVisible();
  });

  it('shows only the name when nothing else is configured', async () => {
    const screen = await render(<SiteFooter name="Solar" labels={labels} />);
    await expect.element(screen.getByText('Solar')).toBeVisible();
    expect(screen.container.querySelectorAll('a, address')).toHaveLength(0);
    expect(screen.getByText(/Phone|Email|Website/).elements()).toHaveLength(0);
  });

  it('wraps a long Russian address inside 390 px', async () => {
    await page.viewport(390, 800);
    const screen = await render(
      <SiteFooter
        name="ОсОО «Солнечная энергия Кыргызстана»"
        address="Кыргызская Республика, г. Бишкек, Первомайский район, проспект Чуй, дом 120, бизнес-центр «Ала-Тоо», офис 415"
        email="otdel.prodazh.i.obsluzhivaniya@solnechnaya-energiya.kg"
        labels={labels}
      />,
    );
    const footer = screen.getByRole('contentinfo').element();
    expect(footer.scrollWidth).toBeLessThanOrEqual(footer.clientWidth);
    expect(footer.getBoundingClientRect().width).toBeLessThanOrEqual(390);
  });

  it('writes a tel: URI with the + and the digits only', () => {
    expect(telHref('+996 (312) 12-34-56')).toBe('tel:+996312123456');
    expect(telHref('0312 12.34.56')).toBe('tel:0312123456');
  });
});
