/**
 * Route-level tests of regenerating the last reply (docs/product.md#ai-chat) against the
 * MSW fake: Regenerate only on the last reply, "Replace this reply" leaves one reply, "Keep
 * both" shows both with the earlier one labelled, and a failure keeps the earlier reply and
 * says what to do.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

function clearChatStorage() {
  localStorage.removeItem(STORAGE_KEYS.activeConversationId);
  localStorage.removeItem(STORAGE_KEYS.chatSettings);
}
beforeEach(async () => {
  clearChatStorage();
  await page.viewport(1280, 900);
});
afterEach(clearChatStorage);

/** Signs in as the demo client and opens the seeded conversation (one exchange). */
async function openSeeded(options: Omit<AppFixtureOptions, 'path' | 'as'> = {}) {
  const fixture = createAppFixture({ path: '/chat', as: 'client', ...options });
  await fixture.ready;
  const seeded = (await fixture.client.chat.conversations()).conversations[0]!;
  fixture.location.navigate(`/chat/${seeded.id}`, { replace: true });
  const screen = await render(<AppFixtureView fixture={fixture} />);
  const messages = screen.getByRole('region', { name: 'Messages' });
  await expect.element(messages.getByRole('article').nth(1)).toMatchTextContent(/Thanks/);
  const before = (await fixture.client.chat.history(seeded.id)).messages;
  return { fixture, screen, messages, seeded, before };
}

/** Opens the Regenerate menu with the keyboard and picks `choice`. */
async function regenerateWith(
  screen: Awaited<ReturnType<typeof render>>,
  choice: 'Replace this reply' | 'Keep both',
) {
  const button = screen.getByRole('button', { name: 'Regenerate' });
  button.element().focus();
  await userEvent.keyboard('{Enter}');
  const menu = screen.getByRole('menu', { name: 'Regenerate' });
  await expect.element(menu.getByRole('menuitem', { name: 'Replace this reply' })).toBeVisible();
  await userEvent.click(menu.getByRole('menuitem', { name: choice }));
}

describe('chat: regenerate the last reply', () => {
  it('offers Regenerate on the last reply only, and "Replace this reply" leaves one reply', async () => {
    const { fixture, screen, messages, seeded, before } = await openSeeded({
      mock: { scenario: { tokenDelayMs: 40 } },
    });
    expect(screen.getByRole('button', { name: 'Regenerate' }).elements()).toHaveLength(1);
    await regenerateWith(screen, 'Replace this reply');

    // While the new reply streams, no second Regenerate is offered.
    const streaming = screen.getByRole('log').getByRole('article').first();
    await expect.element(streaming).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Regenerate' }).elements()).toHaveLength(0);

    await expect.element(streaming, { timeout: 5000 }).not.toHaveAttribute('aria-busy');
    await expect.poll(() => messages.getByRole('article').elements().length).toBe(2);
    expect(screen.getByText('Earlier reply').elements()).toHaveLength(0);
    const after = (await fixture.client.chat.history(seeded.id)).messages;
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after[1]!.id).not.toBe(before[1]!.id);
    await expect.element(screen.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  });

  it('"Keep both" shows both replies in order, the earlier one labelled', async () => {
    const { fixture, screen, messages, seeded, before } = await openSeeded();
    await regenerateWith(screen, 'Keep both');
    const replies = messages.getByRole('article');
    await expect.poll(() => replies.elements().length).toBe(3);
    await expect
      .element(screen.getByRole('log').getByRole('article').first())
      .not.toHaveAttribute('aria-busy');
    await expect.element(replies.nth(1)).toMatchTextContent(/Earlier reply/);
    expect(replies.nth(2).element().textContent).not.toContain('Earlier reply');
    // Regenerate moves to the new last reply.
    expect(replies.nth(1).getByRole('button', { name: 'Regenerate' }).elements()).toHaveLength(0);
    await expect.element(replies.nth(2).getByRole('button', { name: 'Regenerate' })).toBeVisible();
    const after = (await fixture.client.chat.history(seeded.id)).messages;
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(after[1]!.id).toBe(before[1]!.id);
  });

  it('keeps the earlier reply and says what to do when regenerating fails', async () => {
    const failing = http.post('*/api/v1/chat/stream', () =>
      HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }),
    ) as HttpHandler;
    const { fixture, screen, messages, seeded, before } = await openSeeded({
      handlers: [failing],
    });
    await regenerateWith(screen, 'Replace this reply');
    await expect
      .element(
        screen.getByText(
          'The reply could not be regenerated. Your earlier reply is kept; please try again.',
        ),
      )
      .toBeVisible();
    expect(messages.getByRole('article').elements()).toHaveLength(2);
    await expect.element(messages.getByRole('article').nth(1)).toMatchTextContent(/Thanks/);
    // The earlier reply can be regenerated again.
    await expect.element(screen.getByRole('button', { name: 'Regenerate' })).toBeVisible();
    expect((await fixture.client.chat.history(seeded.id)).messages).toEqual(before);
  });
});
