/**
 * Route-level tests of /chat and /chat/{id} against the MSW fake (docs/product.md#ai-chat and
 * #errors-and-messages): streaming with the URL change, stop, stream errors, history, title
 * editing, end conversation, the sidebar and the portfolio.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { scenarios } from '@solar/api/mock';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { abortableChatStream } from '../../testing/chat-abortable-stream.ts';
import { DRAFT_KEY_PREFIX } from './chat-storage.ts';

const SLOW = 5000;

function clearChatStorage() {
  localStorage.removeItem(STORAGE_KEYS.activeConversationId);
  localStorage.removeItem(STORAGE_KEYS.chatSettings);
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(DRAFT_KEY_PREFIX)) sessionStorage.removeItem(key);
  }
}
beforeEach(async () => {
  clearChatStorage();
  await page.viewport(1280, 900);
});
afterEach(clearChatStorage);

/** Renders the app signed in as the demo client at `path` (a function of the seeded conversation id). */
async function openChat(
  path: string | ((seededId: string) => string) = '/chat',
  {
    onCreate,
    locale,
    ...options
  }: Omit<AppFixtureOptions, 'path'> & {
    onCreate?: (fixture: AppFixture) => void;
  } = {},
) {
  const fixture = createAppFixture({ path: '/chat', as: 'client', ...options });
  onCreate?.(fixture);
  await fixture.ready;
  const list = await fixture.client.chat.conversations().catch(() => null);
  const seededId = list?.conversations[0]?.id ?? '';
  const target = typeof path === 'function' ? path(seededId) : path;
  if (target !== '/chat') fixture.location.navigate(target, { replace: true });
  const screen = await render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
  return { fixture, screen, seededId };
}

const failing = (method: 'get' | 'put' | 'post', path: string, state: { fail: boolean }) =>
  http[method](`*/api/v1/${path}`, () =>
    state.fail
      ? HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 })
      : undefined,
  ) as HttpHandler;

const currentPath = (fixture: AppFixture) => fixture.location.history.at(-1);

/** Picks `action` from the header's more-actions menu. */
async function openMoreActions(screen: Awaited<ReturnType<typeof render>>, action: string) {
  await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
  await userEvent.click(screen.getByRole('menuitem', { name: action }));
}

describe('chat: a new conversation streams its reply', () => {
  it('shows the reply token by token and moves the URL to /chat/{id} on the first chunk', async () => {
    const { fixture, screen } = await openChat('/chat', {
      mock: { scenario: { tokenDelayMs: 120 } },
    });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await expect.element(input).toHaveFocus();
    await expect.element(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await input.fill('Hello there');
    await userEvent.keyboard('{Enter}');

    const log = screen.getByRole('log');
    await expect.element(log.getByRole('article').first()).toMatchTextContent('Hello there');
    const reply = log.getByRole('article').nth(1);
    await expect.element(reply).toMatchTextContent('Thanks for');
    expect(reply.element().textContent).not.toContain('characters received');
    await expect.element(reply).toHaveAttribute('aria-busy', 'true');
    await expect.element(screen.getByRole('button', { name: 'Stop generating' })).toBeVisible();
    await expect.element(input).toHaveFocus();

    await expect.poll(() => currentPath(fixture)).toMatch(/^\/chat\/[\w-]+$/);
    // Replaced, not pushed: back does not return to an empty /chat.
    expect(fixture.location.history).toHaveLength(1);

    await expect.element(reply, { timeout: SLOW }).toMatchTextContent('(11 characters received)');
    await expect.element(reply).not.toHaveAttribute('aria-busy');
    // The screen stayed mounted: the user message is still there, the reply is complete.
    await expect.element(log.getByRole('article').first()).toMatchTextContent('Hello there');
    await expect.element(screen.getByRole('button', { name: 'Send message' })).toBeVisible();
    // The new conversation is in the sidebar with its generated title marked.
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Conversations' })
          .getByRole('button', { name: /Hello there \(generated title\)/ }),
      )
      .toHaveAttribute('aria-current', 'true');
    const id = currentPath(fixture)!.split('/').pop();
    expect(localStorage.getItem(STORAGE_KEYS.activeConversationId)).toBe(id);
  });

  it('adds a line with Shift+Enter and does not send blank text', async () => {
    const { screen } = await openChat();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await input.fill('   ');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.getByRole('log').getByRole('article').elements()).toHaveLength(0);

    await input.fill('First line');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}second line');
    await expect.element(input).toHaveValue('First line\nsecond line');
    expect(screen.getByRole('log').getByRole('article').elements()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await expect
      .element(screen.getByRole('log').getByRole('article').first())
      .toMatchTextContent('First line second line');
    await expect.element(input).toHaveValue('');
  });

  it('stops a reply mid-stream and keeps the partial text marked interrupted', async () => {
    let current: AppFixture | undefined;
    const { fixture, screen } = await openChat('/chat', {
      mock: { scenario: { tokenDelayMs: 250 } },
      handlers: [abortableChatStream(() => current!)],
      onCreate: (created) => (current = created),
    });
    await screen.getByRole('textbox', { name: 'Message' }).fill('Tell me about panels');
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('log').getByRole('article').nth(1);
    await expect.element(reply).toMatchTextContent('Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Stop generating' }));

    await expect.element(reply).toMatchTextContent('Response interrupted');
    expect(reply.element().textContent).not.toContain('characters received');
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    await expect.element(screen.getByRole('button', { name: 'Send message' })).toBeVisible();
    // The fake stored the partial reply as interrupted.
    const id = currentPath(fixture)!.split('/').pop()!;
    await expect
      .poll(async () => (await fixture.client.chat.history(id)).messages.at(-1)?.interrupted)
      .toBe(true);
  });

  it('follows a reply still being generated when its conversation opens (GET /chat/stream/{id})', async () => {
    const fixture = createAppFixture({
      path: '/chat',
      as: 'client',
      mock: { scenario: { tokenDelayMs: 40 } },
      handlers: [abortableChatStream(() => fixture)],
    });
    await fixture.ready;
    const id = (await fixture.client.chat.conversations()).conversations[0]!.id;
    // Another tab asks, reads the first words and is closed: the reply goes on.
    const tab = new AbortController();
    const asked = fixture.client.chat.stream(
      { message: 'Tell me about panels', conversationId: id },
      { signal: tab.signal },
    );
    for await (const chunk of asked) if (chunk.textDelta !== '') break;
    tab.abort();

    fixture.location.navigate(`/chat/${id}`, { replace: true });
    const screen = await render(<AppFixtureView fixture={fixture} />);
    const messages = screen.getByRole('region', { name: 'Messages' });
    await expect.element(messages.getByText('Tell me about panels')).toBeVisible();
    const reply = messages.getByRole('article').last();
    await expect.element(reply).toMatchTextContent(/Thanks/);
    // It ends complete, as stored, not cut short.
    await expect
      .poll(async () => (await fixture.client.chat.history(id)).messages.at(-1)?.role)
      .toBe('assistant');
    const stored = (await fixture.client.chat.history(id)).messages.at(-1)!;
    expect(stored.interrupted).toBe(false);
    await expect.element(reply).toMatchTextContent(stored.content.slice(0, 40));
    expect(reply.element().textContent).not.toContain('Response interrupted');
  });

  it('shows the partial reply as interrupted and a system error when the stream fails', async () => {
    const { screen } = await openChat('/chat', { mock: { scenario: scenarios.streamError() } });
    await screen.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await userEvent.keyboard('{Enter}');
    const log = screen.getByRole('log');
    await expect
      .element(log.getByText('Sorry, an error occurred. Please try again.'))
      .toBeVisible();
    const reply = log.getByRole('article').nth(1);
    await expect.element(reply).toMatchTextContent('Thanks for your');
    await expect.element(reply).toMatchTextContent('Response interrupted');
    // The error text is a system message, not part of the reply.
    expect(reply.element().textContent).not.toContain('Sorry');
  });

  it('shows the spec message when sending fails before the stream starts', async () => {
    const { screen } = await openChat('/chat', {
      handlers: [failing('post', 'chat/stream', { fail: true })],
    });
    await screen.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('log').getByText('Sorry, an error occurred. Please try again.'))
      .toBeVisible();
    // Only the user message: nothing arrived to mark interrupted.
    expect(screen.getByRole('log').getByRole('article').elements()).toHaveLength(1);
  });

  it('keeps a refused (429) message in the composer with when to retry, and shows no bubble', async () => {
    const { screen } = await openChat('/chat', {
      mock: {
        scenario: {
          fail: { chat: { status: 429, code: 'rate_limited', retryAfterSeconds: 150 } },
        },
      },
    });
    const input = screen.getByRole('textbox', { name: 'Message' });
    await input.fill('How many panels for 400 kWh?');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'Your message was not sent: too many messages for now. It is still in the box below; you can send it again in 3 minutes.',
      );
    await expect.element(input).toHaveValue('How many panels for 400 kWh?');
    expect(screen.getByRole('log').getByRole('article').elements()).toHaveLength(0);
  });

  it('keeps a message that could not reach the server in the composer, with Try again', async () => {
    const { fixture, screen } = await openChat('/chat', {
      mock: { scenario: { fail: { chat: { status: 0 } } } },
    });
    const input = screen.getByRole('textbox', { name: 'Message' });
    await input.fill('How many panels for 400 kWh?');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'Unable to connect to the server. Please check your internet connection. Your message was not sent. It is still in the box below.',
      );
    await expect.element(input).toHaveValue('How many panels for 400 kWh?');
    expect(screen.getByRole('log').getByRole('article').elements()).toHaveLength(0);
    expect(currentPath(fixture)).toBe('/chat');

    // The server is back: Try again sends what the box holds.
    fixture.mock.scenario = scenarios.normal();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect
      .element(screen.getByRole('log').getByRole('article').first())
      .toMatchTextContent('How many panels for 400 kWh?');
    await expect.element(input).toHaveValue('');
    expect(screen.getByRole('alert').query()).toBeNull();
  });

  it('keeps unsent text in the composer across a reload of the screen', async () => {
    const { fixture, screen } = await openChat();
    await screen.getByRole('textbox', { name: 'Message' }).fill('Half-written question');
    await screen.unmount();
    const again = await render(<AppFixtureView fixture={fixture} />);
    await expect
      .element(again.getByRole('textbox', { name: 'Message' }))
      .toHaveValue('Half-written question');
  });

  it('sends with the chosen bot type and keeps the choice in storage', async () => {
    const { screen } = await openChat();
    await userEvent.click(screen.getByRole('button', { name: /Assistant type/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Sales Specialist' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chatSettings)!)).toMatchObject({
      botType: 1,
    });
    await screen.getByRole('textbox', { name: 'Message' }).fill('I need a quote');
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('log').getByRole('article').nth(1);
    await expect.element(reply, { timeout: SLOW }).toMatchTextContent('As your sales specialist');
    await expect.element(reply).toMatchTextContent('Sales Specialist');

    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(
      screen.getByRole('menuitemcheckbox', { name: 'Show the assistant type on replies' }),
    );
    expect(reply.element().textContent).not.toContain('Sales Specialist');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.chatSettings)!)).toEqual({
      botType: 1,
      showBotType: false,
    });
  });

  it('starts from the stored bot type', async () => {
    localStorage.setItem(
      STORAGE_KEYS.chatSettings,
      JSON.stringify({ botType: 1, showBotType: true }),
    );
    const { screen } = await openChat();
    await expect
      .element(screen.getByRole('button', { name: /Assistant type/ }))
      .toMatchTextContent('Sales Specialist');
  });
});

describe('chat: history', () => {
  it('loads /chat/{id} with its messages, title and status', async () => {
    const { screen } = await openChat((id) => `/chat/${id}`);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: /Solar panels for my house/ }))
      .toBeVisible();
    await expect.element(screen.getByText('Status: Active')).toBeVisible();
    const messages = screen.getByRole('region', { name: 'Messages' }).getByRole('article');
    await expect.element(messages.first()).toMatchTextContent('We use 450 kWh per month');
    await expect.element(messages.nth(1)).toMatchTextContent('Solar Consultant');
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Conversations' })
          .getByRole('button', { name: /Solar panels for my house/ }),
      )
      .toHaveAttribute('aria-current', 'true');
  });

  it('continues a loaded conversation without repeating its history', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    const region = screen.getByRole('region', { name: 'Messages' });
    await expect.element(region.getByRole('article').first()).toBeVisible();
    await screen.getByRole('textbox', { name: 'Message' }).fill('And in winter?');
    await userEvent.keyboard('{Enter}');
    const reply = screen.getByRole('log').getByRole('article').nth(1);
    await expect.element(reply, { timeout: SLOW }).toMatchTextContent('characters received');
    // History refetched after the reply: still 2 stored + 2 new messages on screen.
    await expect.poll(() => region.getByRole('article').elements().length).toBe(4);
    expect(currentPath(fixture)).toBe(`/chat/${seededId}`);
  });

  it('sends an unknown conversation (404) to /chat with the warning', async () => {
    const { fixture, screen } = await openChat('/chat/00000000-0000-4000-8000-00000000ffff');
    await expect
      .element(screen.getByText('Conversation not found. A new conversation has been started.'))
      .toBeVisible();
    await expect.poll(() => currentPath(fixture)).toBe('/chat');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.activeConversationId)).toBeNull();
  });

  it('shows the history error with retry for other failures', async () => {
    const state = { fail: true };
    const { screen } = await openChat((id) => `/chat/${id}`, {
      handlers: [failing('get', 'chat/history/:id', state)],
    });
    await expect
      .element(screen.getByText('Error loading conversation history'), { timeout: SLOW })
      .toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    state.fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect
      .element(screen.getByRole('region', { name: 'Messages' }).getByRole('article').first())
      .toMatchTextContent('We use 450 kWh per month');
  });

  it('resumes the stored active conversation when /chat opens', async () => {
    const first = createAppFixture({ as: 'client' });
    await first.ready;
    const id = (await first.client.chat.conversations()).conversations[0]!.id;
    localStorage.setItem(STORAGE_KEYS.activeConversationId, id);
    const { fixture, screen } = await openChat('/chat');
    await expect.poll(() => currentPath(fixture)).toBe(`/chat/${id}`);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: /Solar panels for my house/ }))
      .toBeVisible();
  });

  it('new chat clears the screen and returns to /chat', async () => {
    const { fixture, screen } = await openChat((id) => `/chat/${id}`);
    await expect
      .element(screen.getByRole('region', { name: 'Messages' }).getByRole('article').first())
      .toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await expect.poll(() => currentPath(fixture)).toBe('/chat');
    await expect.element(screen.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
    await expect.element(screen.getByText('Ask the solar assistant')).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.activeConversationId)).toBeNull();
  });

  it('clear chat asks first, then starts a new conversation (the old one stays listed)', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    const region = screen.getByRole('region', { name: 'Messages' });
    await expect.element(region.getByRole('article').first()).toBeVisible();
    await openMoreActions(screen, 'Clear chat');
    const question = screen.getByRole('alertdialog', { name: 'Clear this chat?' });
    await expect.element(question).toBeVisible();
    await userEvent.click(question.getByRole('button', { name: 'Cancel' }));
    await expect.element(question).not.toBeInTheDocument();
    expect(currentPath(fixture)).toBe(`/chat/${seededId}`);

    await openMoreActions(screen, 'Clear chat');
    await userEvent.click(
      screen.getByRole('alertdialog').getByRole('button', { name: 'Clear chat' }),
    );
    await expect.poll(() => currentPath(fixture)).toBe('/chat');
    await expect.element(screen.getByText('Ask the solar assistant')).toBeVisible();
    expect(region.getByRole('article').elements()).toHaveLength(0);
    expect(localStorage.getItem(STORAGE_KEYS.activeConversationId)).toBeNull();
    // The next message starts a new conversation: the model does not get the old history.
    await screen.getByRole('textbox', { name: 'Message' }).fill('Fresh start');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => currentPath(fixture), { timeout: SLOW }).toMatch(/^\/chat\/[\w-]+$/);
    expect(currentPath(fixture)).not.toBe(`/chat/${seededId}`);
    await expect
      .element(
        screen
          .getByRole('navigation', { name: 'Conversations' })
          .getByRole('button', { name: /Solar panels/ }),
      )
      .toBeVisible();
  });
});

describe('chat: title', () => {
  const heading = (screen: Awaited<ReturnType<typeof openChat>>['screen']) =>
    screen.getByRole('heading', { level: 1 });

  it('saves with Enter (trimmed) and drops the generated mark', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    await expect.element(heading(screen)).toMatchTextContent('Solar panels for my house *');
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await expect.element(input).toHaveFocus();
    await input.fill('  Roof in Osh  ');
    await userEvent.keyboard('{Enter}');
    await expect.element(heading(screen)).toMatchTextContent(/^Roof in Osh$/);
    await expect
      .poll(async () => (await fixture.client.chat.history(seededId)).title)
      .toBe('Roof in Osh');
    await expect.element(heading(screen)).toMatchTextContent(/^Roof in Osh$/);
  });

  it('cancels with Escape and saves on blur; double-click edits', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    await userEvent.dblClick(heading(screen));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await input.fill('Not this');
    await userEvent.keyboard('{Escape}');
    await expect.element(heading(screen)).toMatchTextContent('Solar panels for my house');
    expect((await fixture.client.chat.history(seededId)).title).toBe('Solar panels for my house');

    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    await input.fill('Blurred title');
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await expect.element(heading(screen)).toMatchTextContent('Blurred title');
    await expect
      .poll(async () => (await fixture.client.chat.history(seededId)).title)
      .toBe('Blurred title');
  });

  it('refuses more than 200 characters and keeps editing', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await input.fill('x'.repeat(201));
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Title cannot exceed 200 characters')).toBeVisible();
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    expect((await fixture.client.chat.history(seededId)).title).toBe('Solar panels for my house');
  });

  it('shows the failure toast when saving fails', async () => {
    const { screen } = await openChat((id) => `/chat/${id}`, {
      handlers: [failing('put', 'chat/conversations/:id/title', { fail: true })],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit title' }));
    await screen.getByRole('textbox', { name: 'Conversation title' }).fill('New name');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('Failed to update title')).toBeVisible();
    await expect.element(heading(screen)).toMatchTextContent('Solar panels for my house');
  });
});

describe('chat: end conversation', () => {
  it('asks first, then ends the conversation and returns to /chat', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`);
    await openMoreActions(screen, 'End conversation');
    const question = screen.getByRole('alertdialog', { name: 'End this conversation?' });
    await userEvent.click(question.getByRole('button', { name: 'Cancel' }));
    expect((await fixture.client.chat.history(seededId)).status).toBe('active');
    await openMoreActions(screen, 'End conversation');
    await userEvent.click(
      screen.getByRole('alertdialog').getByRole('button', { name: 'End conversation' }),
    );
    await expect.poll(() => currentPath(fixture)).toBe('/chat');
    expect((await fixture.client.chat.history(seededId)).status).toBe('ended');
    expect(localStorage.getItem(STORAGE_KEYS.activeConversationId)).toBeNull();

    // Reopened, it reads as ended and takes no new message.
    await userEvent.click(
      screen
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /Solar panels/ }),
    );
    await expect.element(screen.getByText('Status: Ended')).toBeVisible();
    await expect.element(screen.getByText('This conversation has ended.')).toBeVisible();
    await expect.element(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('shows the failure toast when ending fails', async () => {
    const { fixture, screen, seededId } = await openChat((id) => `/chat/${id}`, {
      handlers: [failing('post', 'chat/end/:id', { fail: true })],
    });
    await openMoreActions(screen, 'End conversation');
    await userEvent.click(
      screen.getByRole('alertdialog').getByRole('button', { name: 'End conversation' }),
    );
    await expect.element(screen.getByText('Failed to end conversation')).toBeVisible();
    expect(currentPath(fixture)).toBe(`/chat/${seededId}`);
  });
});

describe('chat: toasts and the composer', () => {
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  it.each([
    [390, 800],
    [1280, 900],
  ])('a toast never covers the message box or Send at %i px', async (width, height) => {
    await page.viewport(width, height);
    const { screen } = await openChat((id) => `/chat/${id}`, {
      handlers: [failing('post', 'chat/end/:id', { fail: true })],
    });
    await openMoreActions(screen, 'End conversation');
    await userEvent.click(
      screen.getByRole('alertdialog').getByRole('button', { name: 'End conversation' }),
    );
    const toast = screen.getByText('Failed to end conversation');
    await expect.element(toast).toBeVisible();
    const toastBox = toast.element().closest('li')!.getBoundingClientRect();
    for (const control of [
      screen.getByRole('textbox', { name: 'Message' }),
      screen.getByRole('button', { name: 'Send message' }),
    ]) {
      expect(overlaps(toastBox, control.element().getBoundingClientRect())).toBe(false);
    }
  });
});

describe('chat: sidebar', () => {
  it('loads more conversations, 20 per page, with date labels', async () => {
    const fixture = createAppFixture({ path: '/chat', as: 'client' });
    await fixture.ready;
    const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
    for (let i = 1; i <= 21; i += 1) {
      fixture.mock.fake.chatStream(auth, { message: `Topic ${i}`, conversationId: null });
    }
    const screen = await render(<AppFixtureView fixture={fixture} />);
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await expect.element(list.getByRole('button', { name: /Topic 21/ })).toBeVisible();
    expect(list.getByRole('listitem').elements()).toHaveLength(20);
    // Today's activity shows the time.
    await expect.element(list.getByRole('listitem').first()).toMatchTextContent(/\d{1,2}:\d{2}/);

    await userEvent.click(list.getByRole('button', { name: 'Load more' }));
    await expect
      .element(list.getByRole('button', { name: /Solar panels for my house/ }))
      .toBeVisible();
    expect(list.getByRole('listitem').elements()).toHaveLength(22);
    expect(list.getByRole('button', { name: 'Load more' }).elements()).toHaveLength(0);
  });

  it('shows the list error with retry', async () => {
    const state = { fail: true };
    const { screen } = await openChat('/chat', {
      handlers: [failing('get', 'chat/conversations', state)],
    });
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await expect
      .element(list.getByText('Failed to load conversations'), { timeout: SLOW })
      .toBeVisible();
    state.fail = false;
    await userEvent.click(list.getByRole('button', { name: 'Retry' }));
    await expect.element(list.getByRole('button', { name: /Solar panels/ })).toBeVisible();
  });

  it('shows the empty list for a user without conversations', async () => {
    const { screen } = await openChat('/chat', { as: 'manager' });
    await expect.element(screen.getByText('No conversations yet. Start a new chat.')).toBeVisible();
  });
});

describe('chat: portfolio', () => {
  it('shows the collected facts when opened', async () => {
    const { screen } = await openChat();
    const toggle = screen.getByRole('button', { name: 'Portfolio' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('heading', { name: 'Solar portfolio' })).toBeVisible();
    await expect.element(screen.getByText('450 kWh')).toBeVisible();
    await expect.element(screen.getByText('Bishkek')).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.getByRole('heading', { name: 'Solar portfolio' }).elements()).toHaveLength(0);
  });

  it('shows the empty message, then the facts of a reply that carried them', async () => {
    const { screen } = await openChat('/chat', { as: 'manager' });
    await userEvent.click(screen.getByRole('button', { name: 'Portfolio' }));
    await expect.element(screen.getByText(/No solar data collected yet/)).toBeVisible();
    await screen.getByRole('textbox', { name: 'Message' }).fill('We use 320 kWh per month');
    await userEvent.keyboard('{Enter}');
    await expect.element(screen.getByText('320 kWh'), { timeout: SLOW }).toBeVisible();
  });

  it('reads a plainly said place and shows roof type and units in Russian', async () => {
    const { screen } = await openChat('/chat', { as: 'manager', locale: 'ru' });
    await userEvent.click(screen.getByRole('button', { name: 'Портфолио' }));
    await screen
      .getByRole('textbox', { name: 'Сообщение' })
      .fill('Плоская крыша 60 м2 в Оше, расход 400 кВт·ч в месяц');
    await userEvent.keyboard('{Enter}');
    const value = (text: string) => screen.getByRole('definition').filter({ hasText: text });
    await expect.element(value('400 кВт·ч'), { timeout: SLOW }).toBeVisible();
    await expect.element(value('Плоская')).toBeVisible();
    await expect.element(value('60 м²')).toBeVisible();
    await expect.element(value('Оше')).toBeVisible();
    const values = screen
      .getByRole('definition')
      .elements()
      .map((dd) => dd.textContent);
    expect(values.join(' ')).not.toMatch(/flat|kWh/);
  });

  it('shows the error with retry', async () => {
    const state = { fail: true };
    const { screen } = await openChat('/chat', {
      handlers: [failing('get', 'chat/portfolio', state)],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Portfolio' }));
    await expect
      .element(screen.getByText('Failed to load portfolio'), { timeout: SLOW })
      .toBeVisible();
    state.fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expect.element(screen.getByText('450 kWh')).toBeVisible();
  });
});

describe('chat: small screens', () => {
  it('keeps the sidebar behind a toggle', async () => {
    await page.viewport(375, 800);
    const { screen } = await openChat();
    const toggle = screen.getByRole('button', { name: 'Conversations' });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect
      .element(screen.getByRole('navigation', { name: 'Conversations' }))
      .not.toBeInTheDocument();
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await userEvent.click(list.getByRole('button', { name: /Solar panels/ }));
    // Picking a conversation closes the sidebar again.
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: /Solar panels for my house/ }))
      .toBeVisible();
  });
});
