import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoadError } from './load-error.tsx';

const meta = {
  title: 'UI/Feedback/LoadError',
  component: LoadError,
  args: {
    message: 'Failed to load users. Check your connection and try again.',
    retryLabel: 'Try again',
    onRetry: fn(),
    className: 'w-[40rem]',
  },
} satisfies Meta<typeof LoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A list that failed to load: the message is announced and Try again loads it again. */
export const WithRetry: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(args.message);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Nothing to retry (a project that does not exist): the message alone. */
export const MessageOnly: Story = {
  args: { message: 'Project not found', onRetry: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** On a phone the button wraps under a long Russian message. */
export const Phone: Story = {
  args: {
    message: 'Не удалось загрузить пользователей. Проверьте подключение и попробуйте снова.',
    retryLabel: 'Повторить',
    className: 'w-[358px]',
  },
};
