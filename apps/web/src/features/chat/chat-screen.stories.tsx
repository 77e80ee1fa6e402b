/**
 * Screen stories of /chat and /chat/{id} (docs/product.md#ai-chat and #errors-and-messages) against
 * the MSW fake: a new empty chat, a conversation with history, a reply streaming, an interrupted
 * reply, the portfolio open, the conversation list failing, loading, and regenerating the last
 * reply (its menu open, the new reply streaming, both replies kept).
 */
import { STORAGE_KEYS } from '@solar/domain';
import { scenarios } from '@solar/api/mock';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

interface ChatStoryProps extends Omit<AppFixtureOptions, 'path'> {
  /** Open the demo client's stored conversation (/chat/{id}) instead of /chat. */
  openConversation?: boolean;
  /** Called once the conversation id is known (e.g. to switch handlers to failing). */
  onOpened?: () => void;
}

/** The app at /chat, or at the seeded conversation once its id is known. */
function ChatStory({ openConversation = false, onOpened, ...options }: ChatStoryProps) {
  const [fixture] = useState(() => createAppFixture({ path: '/chat', as: 'client', ...options }));
  const [ready, setReady] = useState<AppFixture | null>(null);
  useEffect(() => {
    let live = true;
    void fixture.ready.then(async () => {
      if (openConversation) {
        const list = await fixture.client.chat.conversations();
        fixture.location.navigate(`/chat/${list.conversations[0]!.id}`, { replace: true });
      }
      onOpened?.();
      if (live) setReady(fixture);
    });
    return () => {
      live = false;
    };
  }, [fixture, openConversation, onOpened]);
  return ready ? <AppFixtureView fixture={ready} /> : null;
}

const meta = {
  title: 'Screens/Chat',
  component: ChatStory,
  parameters: SCREEN_PARAMETERS,
  beforeEach: () => {
    localStorage.removeItem(STORAGE_KEYS.activeConversationId);
    localStorage.removeItem(STORAGE_KEYS.chatSettings);
  },
} satisfies Meta<typeof ChatStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A user without conversations: empty sidebar and the new-chat invitation. */
export const EmptyNewChat: Story = {
  args: { as: 'manager' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('chatScreen.emptyTitle'))).toBeVisible();
    await expect(await canvas.findByText(text('chatScreen.noConversations'))).toBeVisible();
  },
};

/** /chat/{id}: the stored messages, the editable title with its generated mark. */
export const ConversationWithHistory: Story = {
  args: { openConversation: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: /Solar panels for my house/ }),
    ).toBeVisible();
    await expect(await canvas.findByText(/We use 450 kWh per month/)).toBeVisible();
  },
};

/** A reply arriving: the first words with the caret and the stop button. */
export const Streaming: Story = {
  // Tokens after the first never arrive, so the reply stays mid-stream.
  args: { mock: { scenario: { tokenDelayMs: 2_147_000_000 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('textbox', { name: text('chatScreen.input') });
    await userEvent.type(input, 'How big a system do I need?{Enter}');
    await expect(
      await canvas.findByRole('button', { name: text('chatScreen.stop') }),
    ).toBeVisible();
    await expect(await canvas.findByText('Thanks')).toBeVisible();
  },
};

/** The stream failed mid-way: the partial reply marked interrupted and the system error. */
export const Interrupted: Story = {
  args: { mock: { scenario: scenarios.streamError() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = await canvas.findByRole('textbox', { name: text('chatScreen.input') });
    await userEvent.type(input, 'Hello{Enter}');
    await expect(await canvas.findByText(text('chat.genericError'))).toBeVisible();
    await expect(await canvas.findByText(text('chat.interrupted'))).toBeVisible();
  },
};

/** The portfolio view open beside the conversation. */
export const PortfolioOpen: Story = {
  args: { openConversation: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('chatScreen.portfolioToggle') }),
    );
    await expect(
      await canvas.findByText(`450 ${text('chatScreen.portfolio.unit.kwh')}`),
    ).toBeVisible();
  },
};

/** The conversation list failed: error with retry in the sidebar. */
export const ListError: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/chat/conversations', () =>
        HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(text('chat.conversationsLoadFailed'), {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: text('chat.retry') })).toBeVisible();
  },
};

const loading = { on: false };

/** The conversation and the list still loading. */
export const Loading: Story = {
  args: {
    openConversation: true,
    onOpened: () => {
      loading.on = true;
    },
    handlers: [
      http.get('*/api/v1/chat/*', async () => {
        if (loading.on) await delay('infinite');
        return undefined;
      }),
    ],
  },
  beforeEach: () => {
    loading.on = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('chatScreen.loadingHistory'))).toBeVisible();
  },
};

/** Opens the last reply's Regenerate menu; returns the menu. */
async function openRegenerateMenu(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const button = await canvas.findByRole('button', { name: text('chatScreen.regenerate') });
  await userEvent.click(button);
  await userEvent.unhover(button);
  return screen.findByRole('menu', { name: text('chatScreen.regenerate') });
}

/** The last reply's Regenerate menu open: replace this reply, or keep both. */
export const RegenerateMenuOpen: Story = {
  args: { openConversation: true },
  play: async ({ canvasElement }) => {
    const menu = await openRegenerateMenu(canvasElement);
    await expect(
      within(menu).getByRole('menuitem', { name: text('chatScreen.regenerateReplace') }),
    ).toBeVisible();
    await expect(
      within(menu).getByRole('menuitem', { name: text('chatScreen.regenerateKeep') }),
    ).toBeVisible();
  },
};

/** Regenerating: the earlier reply labelled, the new one arriving with the caret. */
export const Regenerating: Story = {
  // Tokens after the first never arrive, so the new reply stays mid-stream.
  args: { openConversation: true, mock: { scenario: { tokenDelayMs: 2_147_000_000 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = await openRegenerateMenu(canvasElement);
    await userEvent.click(
      within(menu).getByRole('menuitem', { name: text('chatScreen.regenerateReplace') }),
    );
    await expect(
      await canvas.findByRole('button', { name: text('chatScreen.stop') }),
    ).toBeVisible();
    await expect(await canvas.findByText(text('chatScreen.earlierReply'))).toBeVisible();
  },
};

/** Both replies kept: the earlier one labelled, Regenerate on the new last one. */
export const KeptBoth: Story = {
  args: { openConversation: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = await openRegenerateMenu(canvasElement);
    await userEvent.click(
      within(menu).getByRole('menuitem', { name: text('chatScreen.regenerateKeep') }),
    );
    await expect(await canvas.findByText(text('chatScreen.earlierReply'))).toBeVisible();
    // The new reply has finished: nothing is busy, and it offers Regenerate.
    await waitFor(() =>
      expect(canvasElement.querySelector('article[aria-busy="true"]')).toBeNull(),
    );
    const regenerate = await canvas.findByRole('button', { name: text('chatScreen.regenerate') });
    await expect(regenerate).toBeVisible();
  },
};
