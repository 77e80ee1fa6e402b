/**
 * The language the user chooses in the app is the language of their mail
 * (docs/product.md#mail; account-locale.tsx): signed in, a choice in the account menu is
 * stored on the account (`PUT /auth/me/locale`); signed out, choosing a language sends
 * nothing; when the account cannot store it, a notice says the mail stays in the old
 * language and how to retry, and the interface switches all the same.
 */
import { errorBody } from '@solar/domain/errors';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../testing/app-fixture.tsx';

beforeEach(async () => {
  await page.viewport(1280, 800);
  // Each test starts in English: the previous one's choice stays in storage.
  localStorage.clear();
});

/** The app at `path`, recording every `PUT /auth/me/locale` body it sends. */
async function open(options: AppFixtureOptions) {
  const sent: unknown[] = [];
  const record = async ({ request }: { request: Request }) => {
    sent.push(await request.clone().json());
    return undefined;
  };
  const fixture = createAppFixture({
    ...options,
    handlers: [http.put('*/api/v1/auth/me/locale', record), ...(options.handlers ?? [])],
  });
  await fixture.ready;
  await render(<AppFixtureView fixture={fixture} />);
  return { fixture, sent };
}

async function chooseInAccountMenu(language: string) {
  await userEvent.click(page.getByRole('button', { name: 'Account menu' }));
  await userEvent.click(page.getByRole('menuitemradio', { name: language }));
}

describe('the account keeps the chosen language', () => {
  it('stores a language chosen in the account menu as the mail language', async () => {
    const { fixture, sent } = await open({ path: '/dashboard', as: 'client' });
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await fixture.client.profile.get()).locale).toBe('en');
    await chooseInAccountMenu('Русский');
    await expect.poll(() => sent).toEqual([{ locale: 'ru' }]);
    await expect.poll(async () => (await fixture.client.profile.get()).locale).toBe('ru');
    await expect.poll(() => document.documentElement.lang).toBe('ru');
  });

  it('sends nothing while signed out', async () => {
    const { sent } = await open({ path: '/signin' });
    const select = page.getByRole('banner').getByRole('combobox', { name: 'Language' });
    await expect.element(select).toBeVisible();
    await userEvent.selectOptions(select, 'es');
    await expect.poll(() => document.documentElement.lang).toBe('es');
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('says when the account could not store it; the interface switches all the same', async () => {
    await open({
      path: '/dashboard',
      as: 'client',
      handlers: [
        http.put('*/api/v1/auth/me/locale', () =>
          HttpResponse.json(errorBody('service_unavailable'), { status: 503 }),
        ),
      ],
    });
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    await chooseInAccountMenu('Español');
    const notices = page.getByRole('region', { name: /Notifications|Notificaciones/ });
    await expect.element(notices.getByText('No se guardó el idioma de sus correos')).toBeVisible();
    await expect
      .element(
        notices.getByText('Los correos siguen en el idioma anterior. Elija el idioma de nuevo', {
          exact: false,
        }),
      )
      .toBeVisible();
  });
});
