import { CHAT_INPUT_MAX_HEIGHT_PX } from '@solar/domain/constants';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ChatComposer, type ChatComposerProps } from './chat-composer.tsx';

/** Owns the text like the chat screen: sending clears it. */
function Controlled(props: ChatComposerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <ChatComposer
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
      onSend={(text) => {
        props.onSend(text);
        setValue('');
      }}
    />
  );
}

const meta = {
  title: 'UI/Chat/ChatComposer',
  component: ChatComposer,
  args: {
    value: '',
    onChange: fn(),
    onSend: fn(),
    onStop: fn(),
    labels: {
      input: 'Message',
      placeholder: 'Ask about solar for your home…',
      send: 'Send',
      stop: 'Stop generating',
    },
    className: 'w-[36rem]',
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ChatComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Blank or whitespace-only text cannot be sent. */
export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Shift+Enter adds a newline; Enter sends the whole text. */
export const EnterSendsShiftEnterNewline: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'My bill is 450 som{Shift>}{Enter}{/Shift}Flat roof');
    await expect(box).toHaveValue('My bill is 450 som\nFlat roof');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('My bill is 450 som\nFlat roof');
    await expect(box).toHaveValue('');
  },
};

/** The send button sends too. */
export const SendButton: Story = {
  args: { value: 'How many panels?' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(args.onSend).toHaveBeenCalledWith('How many panels?');
  },
};

/** The box grows with its text up to 200 px, then scrolls. */
export const GrowsTo200px: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Message',
    });
    const start = box.getBoundingClientRect().height;
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two{Shift>}{Enter}{/Shift}three');
    const grown = box.getBoundingClientRect().height;
    await expect(grown).toBeGreaterThan(start);
    await userEvent.type(
      box,
      '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}end',
    );
    await expect(box.getBoundingClientRect().height).toBeLessThanOrEqual(CHAT_INPUT_MAX_HEIGHT_PX);
    await expect(box.getBoundingClientRect().height).toBeGreaterThan(CHAT_INPUT_MAX_HEIGHT_PX - 4);
    await expect(box.style.overflowY).toBe('auto');
  },
};

export const Filled: Story = {
  args: { value: 'How much would a system for a 40 m² flat roof cost?' },
};

/** While a reply streams: stop replaces send, and Enter does not send. */
export const Streaming: Story = {
  args: { isStreaming: true, value: 'Next question' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox'), '{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Stop generating' }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="flex w-[36rem] flex-col gap-4">
      <ChatComposer {...args} value="" />
      <ChatComposer {...args} value="A question with text" />
      <ChatComposer {...args} value="Waiting for the reply" isStreaming />
      <ChatComposer {...args} value="" isDisabled />
    </div>
  ),
};
