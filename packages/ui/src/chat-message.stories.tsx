import { chatMessages as c } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatMessage, loadChatMarkdown } from './chat-message.tsx';

const markdownReply = [
  'A **4.4 kW** system would cover most of your use. Here is why:',
  '',
  '1. You use about 300 kWh a month.',
  '2. Bishkek gets about 4.5 sun hours a day.',
  '',
  '- 11 panels of 0.4 kW',
  '- about `22 m²` of roof',
  '',
  'Read more in [our guide](https://example.com/guide).',
].join('\n');

const meta = {
  title: 'UI/Chat/ChatMessage',
  component: ChatMessage,
  args: {
    author: 'assistant',
    content: markdownReply,
    authorLabel: 'Assistant',
    botLabel: c.botConsultant.defaultMessage,
    time: '10:30',
    className: 'w-[36rem]',
  },
  // The app loads the markdown renderer with the first reply; the stories show it loaded.
  loaders: [async () => ({ markdown: await loadChatMarkdown() })],
} satisfies Meta<typeof ChatMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Assistant: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The markdown renderer loads with the first assistant message.
    await expect((await canvas.findByText('4.4 kW')).tagName).toBe('STRONG');
    await expect(canvas.getByRole('link', { name: 'our guide' })).toHaveAttribute(
      'rel',
      expect.stringContaining('noopener'),
    );
    await expect(canvas.getByText(c.botConsultant.defaultMessage)).toBeVisible();
  },
};

export const SalesSpecialist: Story = {
  args: {
    botLabel: c.botSales.defaultMessage,
    content: 'I can prepare a **quote** for you today.',
  },
};

export const User: Story = {
  args: {
    author: 'user',
    authorLabel: 'You',
    botLabel: undefined,
    content: 'My bill is about 450 som a month.\nThe roof is flat, around 40 m².',
  },
};

/** A reply still arriving: blinking caret, aria-busy. */
export const Streaming: Story = {
  args: { content: 'A 4.4 kW system would', isStreaming: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('article')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelector('[data-slot=caret]')).not.toBeNull();
  },
};

/**
 * A reply cut short (stopped, or an error) is marked; a formatting mark left open mid-way
 * still renders as formatting, never as raw `**`.
 */
export const Interrupted: Story = {
  args: {
    content: 'A **4.4 kW** system would cover **most of your',
    interruptedLabel: c.interrupted.defaultMessage,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect((await canvas.findByText('most of your')).tagName).toBe('STRONG');
    await expect(canvasElement.querySelector('article')?.textContent).not.toContain('**');
  },
};

/**
 * A finished reply offers Copy (named "Copy reply"); a copy shows a check mark and "Copied"
 * for two seconds, announced politely.
 */
export const Copyable: Story = {
  args: { onCopy: fn(), copyLabel: 'Copy reply', copiedLabel: 'Copied' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy reply' }));
    await expect(args.onCopy).toHaveBeenCalledOnce();
    await expect(status).toHaveTextContent('Copied');
    await expect(canvas.getByRole('button', { name: 'Copy reply' })).toBeVisible();
    await waitFor(() => expect(status).toHaveTextContent(''), { timeout: 3000 });
  },
};

/** A copy that failed (the clipboard refused) shows no "Copied". */
export const CopyRefused: Story = {
  args: {
    onCopy: fn(() => Promise.reject(new Error('denied'))),
    copyLabel: 'Copy reply',
    copiedLabel: 'Copied',
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Copy reply' }));
    await expect(args.onCopy).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** No Copy while the reply is still arriving, nor on the user's own messages. */
export const CopyOnlyWhenFinished: Story = {
  render: (args) => (
    <div className="flex w-[36rem] flex-col gap-4">
      <ChatMessage {...args} author="user" authorLabel="You" content="Hello" />
      <ChatMessage {...args} content="A 4.4 kW system would" isStreaming />
    </div>
  ),
  args: { onCopy: fn(), copyLabel: 'Copy reply', copiedLabel: 'Copied' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Copy reply' })).toBeNull();
  },
};

/** An earlier reply kept beside a regenerated one, offering Copy and Regenerate. */
export const EarlierWithRegenerate: Story = {
  args: {
    earlierLabel: 'Earlier reply',
    onCopy: fn(),
    copyLabel: 'Copy reply',
    regenerate: {
      label: 'Regenerate',
      replaceLabel: 'Replace this reply',
      keepLabel: 'Keep both',
      onRegenerate: fn(),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Earlier reply')).toBeVisible();
    // The menu opens from the keyboard and reports the choice.
    canvas.getByRole('button', { name: 'Regenerate' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu', { name: 'Regenerate' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Keep both' }));
    await expect(args.regenerate!.onRegenerate).toHaveBeenCalledOnce();
    await expect(args.regenerate!.onRegenerate).toHaveBeenCalledWith('keep');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
  },
};

export const SystemNotice: Story = {
  args: { author: 'system', authorLabel: 'System', content: c.conversationNotFound.defaultMessage },
};

export const SystemError: Story = {
  args: {
    author: 'system',
    authorLabel: 'System',
    tone: 'error',
    content: c.genericError.defaultMessage,
  },
};

/** Raw HTML and script URLs are not rendered. */
/** GitHub-flavoured markdown from a real model: a table (scrolls inside the bubble) and strikethrough. */
export const Table: Story = {
  args: {
    content: [
      'Here is the estimate for a **4.4 kW** system in Bishkek:',
      '',
      '| Month | Production, kWh | Savings, som |',
      '| --- | ---: | ---: |',
      '| January | 310 | 462 |',
      '| July | 690 | 1,028 |',
      '| Year | 6,090 | 9,074 |',
      '',
      'Payback ~~6 years~~ about 4.5 years.',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    await expect(within(table).getByRole('cell', { name: '9,074' })).toBeVisible();
    await expect(canvas.getByText('6 years').tagName).toBe('DEL');
  },
};

export const UnsafeMarkdown: Story = {
  args: {
    content:
      'Hello <img src=x onerror="alert(1)"> <b>bold?</b>\n\n[click](javascript:alert(1)) and <script>alert(1)</script>',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('img, script, b')).toBeNull();
    const link = canvas.getByText('click').closest('a');
    await expect(link?.getAttribute('href') ?? '').not.toContain('javascript');
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="flex w-[36rem] flex-col gap-4">
      <ChatMessage
        author="user"
        authorLabel="You"
        content="How big a system do I need?"
        time="10:29"
      />
      <ChatMessage
        author="assistant"
        authorLabel="Assistant"
        botLabel={c.botConsultant.defaultMessage}
        content={markdownReply}
        time="10:30"
        onCopy={() => undefined}
        copyLabel="Copy reply"
        copiedLabel="Copied"
      />
      <ChatMessage
        author="assistant"
        authorLabel="Assistant"
        botLabel={c.botSales.defaultMessage}
        content="Shall I send a quote?"
        isStreaming
      />
      <ChatMessage
        author="assistant"
        authorLabel="Assistant"
        content="The payback is"
        interruptedLabel={c.interrupted.defaultMessage}
      />
      <ChatMessage
        author="system"
        authorLabel="System"
        tone="error"
        content={c.genericError.defaultMessage}
      />
    </div>
  ),
};
