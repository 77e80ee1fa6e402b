/**
 * The app for the account screens' stories: like `<AppFixture>`, with a start path that may
 * be computed from the fixture (e.g. the link of a reset mail the fake sent).
 */
import { useState } from 'react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from './app-fixture.tsx';
import { createGoogleUserFixture } from './auth-fixtures.ts';

export interface AccountAppProps extends Omit<AppFixtureOptions, 'path'> {
  /** The start path, or a function of the fixture. */
  path: string | ((fixture: AppFixture) => string);
  /** Sign in as the demo client marked as a Google account (for the profile notice). */
  googleUser?: boolean;
}

/** The app at `path` on the fake (frozen clock). */
export function AccountApp({ path, googleUser, ...options }: AccountAppProps) {
  const [fixture] = useState(() => {
    const created = googleUser ? createGoogleUserFixture('/') : createAppFixture(options);
    created.location.navigate(typeof path === 'function' ? path(created) : path, {
      replace: true,
    });
    return created;
  });
  return <AppFixtureView fixture={fixture} />;
}

/** The path of the newest mail link of the fixture's fake outbox (reset or verify). */
export function lastMailPath(fixture: AppFixture): string {
  const mail = fixture.mock.fake.outbox.at(-1);
  if (!mail) throw new Error('no mail in the outbox');
  const link = new URL(mail.link);
  return `${link.pathname}${link.search}`;
}
