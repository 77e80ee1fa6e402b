/**
 * The page footer with the business's name and contacts: every state the configuration
 * allows (all lines, the name only, a long Russian address wrapping at 390 px, a logo image).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SiteFooter } from './site-footer.tsx';

const labels = { footer: 'Business details', phone: 'Phone', email: 'Email', website: 'Website' };

/** A 56 x 28 logo image: an amber block with initials (a data URL). */
const LOGO =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="56" height="28"><rect width="56" height="28" rx="6" fill="#b45309"/><text x="28" y="19" font-family="sans-serif" font-size="13" fill="#fff" text-anchor="middle">SK</text></svg>',
  );

const meta = {
  title: 'UI/Layout/SiteFooter',
  component: SiteFooter,
  parameters: { layout: 'fullscreen' },
  args: {
    name: 'Solar Kyrgyzstan LLC',
    address: 'Chui Avenue 120, office 4, Bishkek 720040, Kyrgyzstan',
    phone: '+996 312 123 456',
    email: 'hello@solar.kg',
    website: 'https://solar.kg/',
    legal: '© 2026 Solar Kyrgyzstan LLC · Registration no. 123456-3301-OOO',
    labels,
  },
} satisfies Meta<typeof SiteFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every line configured: name, address, phone, email, website and legal line. */
export const FullDetails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const footer = canvas.getByRole('contentinfo', { name: 'Business details' });
    await expect(footer).toBeVisible();
    await expect(canvas.getByRole('link', { name: '+996 312 123 456' })).toHaveAttribute(
      'href',
      'tel:+996312123456',
    );
    await expect(canvas.getByRole('link', { name: 'hello@solar.kg' })).toHaveAttribute(
      'href',
      'mailto:hello@solar.kg',
    );
    await expect(canvas.getByRole('link', { name: 'solar.kg' })).toHaveAttribute(
      'href',
      'https://solar.kg/',
    );
  },
};

/** No contact settings: the name alone, nothing invented. */
export const NameOnly: Story = {
  args: {
    name: 'Solar',
    address: undefined,
    phone: undefined,
    email: undefined,
    website: undefined,
    legal: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Solar')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** A long Russian address and labels at 390 px: every line wraps inside the screen. */
export const LongRussianAddress: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: {
    name: 'ОсОО «Солнечная энергия Кыргызстана»',
    address:
      'Кыргызская Республика, г. Бишкек, Первомайский район, проспект Чуй, дом 120, бизнес-центр «Ала-Тоо», офис 415',
    phone: '+996 (312) 12-34-56',
    email: 'otdel.prodazh@solnechnaya-energiya.kg',
    website: 'https://solnechnaya-energiya.kg/',
    legal: '© 2026 ОсОО «Солнечная энергия Кыргызстана» · ИНН 01234567891011 · ОКПО 12345678',
    labels: { footer: 'Сведения о компании', phone: 'Телефон', email: 'Почта', website: 'Сайт' },
  },
  play: async ({ canvasElement }) => {
    const footer = within(canvasElement).getByRole('contentinfo');
    await expect(footer.scrollWidth).toBeLessThanOrEqual(footer.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** A configured logo image instead of the product's mark. */
export const WithLogo: Story = {
  args: { logoSrc: LOGO },
  play: async ({ canvasElement }) => {
    // The image is decorative: the name beside it says who it is.
    await expect(canvasElement.querySelector('img')).toHaveAttribute('alt', '');
  },
};
