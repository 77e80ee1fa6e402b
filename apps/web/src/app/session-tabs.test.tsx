/**
 * One session across tabs (docs/product.md "Accounts and sessions", decision 035): a
 * sign-out in another tab of the browser signs this one out at once and takes it to
 * /signin; the next account signed in there never sees the answers of the previous one.
 */
import { createSessionStore } from '@solar/api';
import { STORAGE_KEYS } from '@solar/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture, FIXTURE_ACCOUNTS } from '../testing/app-fixture.tsx';

/** The signed-in client's conversation in the chat sidebar. */
const conversation = () =>
  page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /Solar panels for my house/ });

describe('one session across tabs', () => {
  // A desktop window: the chat shows its conversation list beside the messages.
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });

  it("another tab's sign-out signs this tab out and takes it to /signin", async () => {
    const fixture = createAppFixture({ path: '/chat', as: 'client' });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} locale="en" />);
    await expect.element(conversation()).toBeVisible();

    await fixture.otherTab().auth.signOut();

    await expect.poll(() => fixture.location.history.at(-1)).toMatch(/^\/signin/);
    await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Account menu' }).query()).toBeNull();
  });

  it('the account signed in next in another tab never sees the previous one’s answers', async () => {
    // Once the second account is in, its conversation list stays unanswered until released:
    // meanwhile the screen may show only what this account is allowed to see.
    let switched = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = http.get('*/api/v1/chat/conversations', async () => {
      if (switched) await held;
      return undefined;
    });
    const fixture = createAppFixture({ path: '/chat', as: 'client', handlers: [hold] });
    await fixture.ready;
    const screen = await render(<AppFixtureView fixture={fixture} locale="en" />);
    await expect.element(conversation()).toBeVisible();

    const other = fixture.otherTab();
    await other.auth.signOut();
    await expect.poll(() => fixture.location.history.at(-1)).toMatch(/^\/signin/);
    switched = true;
    await other.auth.signIn(FIXTURE_ACCOUNTS.manager);

    await expect.poll(() => fixture.location.history.at(-1)).toBe('/chat');
    await expect.element(screen.getByRole('button', { name: 'Account menu' })).toBeVisible();
    expect(conversation().query()).toBeNull();
    release();
    await expect.element(screen.getByText('No conversations yet. Start a new chat.')).toBeVisible();
    expect(conversation().query()).toBeNull();
  });

  describe("the browser's storage event", () => {
    // Other test files share this origin's storage: touch only the key written here.
    afterEach(() => localStorage.removeItem(STORAGE_KEYS.authToken));

    it("brings a store over localStorage up to date with another tab's write", () => {
      const store = createSessionStore(localStorage);
      let notified = 0;
      store.subscribe(() => (notified += 1));
      // What another tab's refresh leaves in the shared storage, then the event the
      // browser fires in this tab (HTML Living Standard, "the storage event").
      localStorage.setItem(STORAGE_KEYS.authToken, 'from-the-other-tab');
      window.dispatchEvent(
        new StorageEvent('storage', { key: STORAGE_KEYS.authToken, storageArea: localStorage }),
      );
      expect(store.getSnapshot().accessToken).toBe('from-the-other-tab');
      expect(notified).toBe(1);
      // A key that is not the session's: nothing to do.
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'theme', storageArea: localStorage }),
      );
      expect(notified).toBe(1);
    });
  });
});
