/**
 * /projects/{id}/proposal in Chromium against the API client's fake (the demo client's
 * project seeded with fake.seed.project) and the production fake: the
 * figures of domain proposalFigures for the saved system, the PDF asked for in the
 * interface language, "Request a site visit" only while the caller may, and the states
 * without a configuration or without a production estimate.
 */
import type { FakeProjectSeed } from '@solar/api/mock';
import type { BusinessInfo } from '@solar/domain/contract';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import {
  productionHandler,
  type ProductionFakeOptions,
} from '../../testing/full-calculator-fakes.ts';

/** The demo client's project the proposal is of: a 5 kW system at Chuy Avenue 120, Bishkek. */
const PROJECT_ID = 'p-bishkek-1';

async function open(
  seed: Omit<FakeProjectSeed, 'id'> = {},
  locale?: 'en' | 'ru',
  business?: Partial<BusinessInfo>,
  production?: ProductionFakeOptions,
) {
  const fixture = createAppFixture({
    path: `/projects/${PROJECT_ID}/proposal`,
    as: 'client',
    handlers: [productionHandler(production)],
    ...(locale ? { locale } : {}),
    ...(business ? { mock: { business } } : {}),
  });
  fixture.mock.fake.seed.project({ id: PROJECT_ID, ...seed });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
  return { fixture, screen };
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('proposal page', () => {
  it('shows the system, its money, production and validity', async () => {
    const { screen } = await open({ status: 'draft' });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Solar proposal' }))
      .toBeVisible();
    await expect
      .element(screen.getByText('Valid until Apr 13, 2026', { exact: false }))
      .toBeVisible();
    // 5 kW x 11,100 som; 5 kW x 1300 kWh (the production fake) at 1.49 som/kWh.
    await expect.element(screen.getByText('55,500\u00a0som')).toBeVisible();
    await expect.element(screen.getByText('6,500 kWh')).toBeVisible();
    await expect.element(screen.getByText('9,685\u00a0som')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: /Production by month/ })).toBeVisible();
    await expect
      .element(screen.getByRole('heading', { name: 'Assumptions and sources' }))
      .toBeVisible();
    await expect.element(screen.getByText(/PVGIS \(European Commission/)).toBeVisible();
  });

  it('names the business issuing it, with its contacts, and the page footer does too', async () => {
    const { screen } = await open({ status: 'draft' }, undefined, {
      name: 'Solar Kyrgyzstan LLC',
      phone: '+996 312 123 456',
      email: 'hello@solar.kg',
    });
    const issuer = screen.getByRole('region', { name: 'Issued by' });
    await expect.element(issuer.getByText('Solar Kyrgyzstan LLC')).toBeVisible();
    await expect
      .element(issuer.getByRole('link', { name: '+996 312 123 456' }))
      .toHaveAttribute('href', 'tel:+996312123456');
    await expect
      .element(issuer.getByRole('link', { name: 'hello@solar.kg' }))
      .toHaveAttribute('href', 'mailto:hello@solar.kg');
    const footer = screen.getByRole('contentinfo', { name: 'About Solar Kyrgyzstan LLC' });
    await expect.element(footer.getByRole('link', { name: 'hello@solar.kg' })).toBeVisible();
  });

  it('downloads the PDF in the interface language', async () => {
    const { screen, fixture } = await open({ status: 'draft' }, 'ru');
    await userEvent.click(await screen.getByRole('button', { name: 'Скачать PDF' }));
    await expect
      .poll(() => fixture.requests)
      .toContain(`GET /projects/${PROJECT_ID}/proposal.pdf?locale=ru`);
  });

  it('requests a site visit from a draft, then no longer offers it', async () => {
    const { screen, fixture } = await open({ status: 'draft' });
    await userEvent.click(screen.getByRole('button', { name: 'Request a site visit' }));
    await expect
      .element(toast('Site visit requested. We will contact you to agree a date.'))
      .toBeVisible();
    expect((await fixture.client.projects.pipeline(PROJECT_ID)).status).toBe('quote_requested');
    await expect
      .element(screen.getByRole('button', { name: 'Request a site visit' }))
      .not.toBeInTheDocument();
  });

  it('shows the address and the coordinates once each', async () => {
    const { screen } = await open({ status: 'draft' });
    const location = screen.getByRole('region', { name: 'Location' });
    await expect.poll(() => location.element().textContent).toContain('Chuy Avenue 120, Bishkek');
    expect(location.element().textContent?.match(/42\.8746/g)).toHaveLength(1);
  });

  it('shows a place saved by its coordinates alone with them once', async () => {
    const { screen } = await open({ status: 'draft', address: '42.87460, 74.61220' });
    const location = screen.getByRole('region', { name: 'Location' });
    await expect.poll(() => location.element().textContent).toContain('42.8746, 74.6122');
    expect(location.element().textContent?.match(/42\.8746/g)).toHaveLength(1);
  });

  it('asks to finish the configuration when there is none', async () => {
    const { screen } = await open({ configuration: null });
    await expect.element(screen.getByText('No system configured yet')).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Open the calculator' }))
      .toHaveAttribute('href', `/solar-calculator-full?draft=${PROJECT_ID}`);
  });

  it('offers a retry when the production cannot be estimated', async () => {
    const { screen } = await open({}, undefined, undefined, { status: 500 });
    await expect
      .element(screen.getByText('Could not estimate the production. Try again.'))
      .toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
