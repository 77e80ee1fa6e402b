/**
 * The configuration the server writes into the page (served-config.ts): read from its
 * script element, and used by the app from the first render, so a first visit of a public
 * page asks nothing for its footer or its external sign-in button; without it (development
 * server, Storybook) the app asks `GET /config` as before.
 */
import { CONFIG_ELEMENT_ID, ROUTES } from '@solar/domain';
import type { ConfigResponse } from '@solar/domain/contract';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../testing/app-fixture.tsx';
import { FAKE_GOOGLE_PROVIDER } from '../testing/auth-fixtures.ts';
import { readServedConfig } from './served-config.ts';

const SERVED: ConfigResponse = {
  googleClientId: 'served-client',
  oidcProvider: FAKE_GOOGLE_PROVIDER,
  aiProvider: 'fake',
  addressSuggestions: false,
  version: '1.0.0',
  business: {
    name: 'Served Solar </script> Co',
    address: null,
    phone: null,
    email: null,
    website: null,
    legal: null,
    logoUrl: null,
  },
};

/** Puts the server's script element into this page with `text`. */
function serve(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById(CONFIG_ELEMENT_ID)?.remove());

describe('readServedConfig', () => {
  it('reads the JSON the server wrote, with `<` escaped as \\u003c', () => {
    serve(JSON.stringify(SERVED).replace(/</g, '\\u003c'));
    expect(readServedConfig()).toEqual(SERVED);
  });

  it('is undefined when the page carries none, or text that is not JSON', () => {
    expect(readServedConfig()).toBeUndefined();
    serve('{not json');
    expect(readServedConfig()).toBeUndefined();
  });
});

describe('a page served with its configuration', () => {
  it('shows the footer and the provider button without asking GET /config', async () => {
    serve(JSON.stringify(SERVED));
    const asked: string[] = [];
    const record = http.get('*/api/v1/config', ({ request }) => {
      asked.push(request.url);
      return undefined;
    });
    const fixture = createAppFixture({ path: ROUTES.signIn, handlers: [record] });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(screen.getByRole('contentinfo', { name: 'About Served Solar </script> Co' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Continue with Google' }))
      .toBeVisible();
    expect(asked).toEqual([]);
  });

  it('asks GET /config when the page carries none', async () => {
    const asked: string[] = [];
    const record = http.get('*/api/v1/config', ({ request }) => {
      asked.push(request.url);
      return undefined;
    });
    const fixture = createAppFixture({ path: ROUTES.signIn, handlers: [record] });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('contentinfo', { name: 'About Solar' })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
  });
});
