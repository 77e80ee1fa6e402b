/**
 * Route-level tests of the chat's reply conveniences against the MSW fake:
 * Copy on a reply (the clipboard stubbed), and a new conversation listed in the sidebar as
 * soon as its first chunk gives it an id.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
afterEach(() => {
  clearChatStorage();
  vi.restoreAllMocks();
});

/** Signs in as the demo client and opens the seeded conversation (`seeded`) or /chat. */
async function openChat(
  target: 'seeded' | 'new',
  { locale, ...options }: Omit<AppFixtureOptions, 'path' | 'as'> = {},
) {
  const fixture = createAppFixture({ path: '/chat', as: 'client', ...options });
  await fixture.ready;
  const seeded = (await fixture.client.chat.conversations()).conversations[0]!;
  if (target === 'seeded') fixture.location.navigate(`/chat/${seeded.id}`, { replace: true });
  const screen = await render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
  return { fixture, screen, seeded };
}

describe('chat: copy a reply', () => {
  it('copies the stored reply and confirms it politely', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { fixture, screen, seeded } = await openChat('seeded');
    const reply = screen.getByRole('region', { name: 'Messages' }).getByRole('article').nth(1);
    await expect.element(reply).toMatchTextContent(/Thanks/);
    // The user's own message has no Copy.
    expect(screen.getByRole('button', { name: 'Copy reply' }).elements()).toHaveLength(1);

    await userEvent.click(reply.getByRole('button', { name: 'Copy reply' }));
    const stored = (await fixture.client.chat.history(seeded.id)).messages.at(-1)!;
    expect(writeText).toHaveBeenCalledExactlyOnceWith(stored.content);
    await expect.element(reply.getByRole('status')).toHaveTextContent('Copied');
    // The confirmation goes after a moment; the button keeps its name throughout.
    await expect.element(reply.getByRole('status'), { timeout: 4000 }).toHaveTextContent('');
    await expect.element(reply.getByRole('button', { name: 'Copy reply' })).toBeVisible();
  });

  it('says so when the clipboard refuses, without a "Copied"', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    const { screen } = await openChat('seeded', { locale: 'ru' });
    const reply = screen.getByRole('region', { name: 'Сообщения' }).getByRole('article').nth(1);
    await userEvent.click(reply.getByRole('button', { name: 'Копировать ответ' }));
    await expect
      .element(screen.getByText('Не удалось скопировать ответ. Выделите текст и скопируйте его.'))
      .toBeVisible();
    expect(reply.getByRole('status').element().textContent).toBe('');
  });

  it('offers Copy on a new reply only once it is complete', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { screen } = await openChat('new', { mock: { scenario: { tokenDelayMs: 60 } } });
    await screen.getByRole('textbox', { name: 'Message' }).fill('Hello there');
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('log').getByRole('article').nth(1);
    await expect.element(reply).toHaveAttribute('aria-busy', 'true');
    expect(reply.getByRole('button', { name: 'Copy reply' }).elements()).toHaveLength(0);

    await expect.element(reply, { timeout: 5000 }).not.toHaveAttribute('aria-busy');
    await userEvent.click(reply.getByRole('button', { name: 'Copy reply' }));
    expect(writeText).toHaveBeenCalledOnce();
    expect(writeText.mock.calls[0]![0]).toMatch(/^Thanks for/);
    expect(writeText.mock.calls[0]![0]).toContain('(11 characters received)');
  });
});

describe('chat: a new conversation in the sidebar', () => {
  it('is listed as soon as its first chunk gives it an id, before the reply completes', async () => {
    const { fixture, screen } = await openChat('new', {
      mock: { scenario: { tokenDelayMs: 250 } },
    });
    const sidebar = screen.getByRole('navigation', { name: 'Conversations' });
    await expect.element(sidebar.getByRole('button', { name: /Solar panels/ })).toBeVisible();
    await screen.getByRole('textbox', { name: 'Message' }).fill('Panels for a flat roof');
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('log').getByRole('article').nth(1);
    await expect.element(reply).toMatchTextContent('Thanks');

    const listed = sidebar.getByRole('button', { name: /Panels for a flat roof/ });
    await expect.element(listed).toHaveAttribute('aria-current', 'true');
    // Still arriving: listed from the first chunk, not from the end of the reply.
    await expect.element(reply).toHaveAttribute('aria-busy', 'true');
    expect(reply.element().textContent).not.toContain('characters received');
    expect(fixture.location.history.at(-1)).toMatch(/^\/chat\/[\w-]+$/);
  });
});
