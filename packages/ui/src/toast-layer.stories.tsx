/**
 * ToastLayer: the Radix toasts and their region as ToastProvider (toast.tsx) renders them
 * once the first toast is raised. Shown here directly, every kind open at once, so each
 * look can be reviewed without timing; use `useToast` in product code, never this layer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import ToastLayer, { type ToastEntry } from './toast-layer.tsx';

const toasts: ToastEntry[] = [
  { id: '1', open: true, kind: 'success', title: 'User created successfully', duration: Infinity },
  {
    id: '2',
    open: true,
    kind: 'error',
    title: 'Authorization Error',
    description: 'You are not authorized to do that',
    duration: Infinity,
  },
  {
    id: '3',
    open: true,
    kind: 'warning',
    title: 'Warning',
    description: 'Failed to load resource. Please refresh the page.',
    duration: Infinity,
  },
  { id: '4', open: true, kind: 'info', title: 'Conversation not found', duration: Infinity },
  { id: '5', open: true, kind: 'default', title: 'Profile saved', duration: Infinity },
];

const meta = {
  title: 'UI/Feedback/ToastLayer',
  component: ToastLayer,
  args: {
    toasts,
    dismiss: fn(),
    regionLabel: 'Notifications ({hotkey})',
    closeLabel: 'Close',
    toastLabel: 'Notification',
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="min-h-[40rem]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ToastLayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every kind, open: colour bar, icon, title, description and close button. */
export const AllKinds: Story = {
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement.ownerDocument.body).getByRole('region', {
      name: /Notifications/,
    });
    await expect(within(region).getAllByRole('listitem')).toHaveLength(toasts.length);
    await userEvent.click(within(region).getAllByRole('button', { name: 'Close' })[0]!);
    await expect(args.dismiss).toHaveBeenCalledWith('1');
  },
};

/** Long Russian text wraps inside the toast instead of widening it. */
export const LongRussian: Story = {
  args: {
    toasts: [
      {
        id: 'ru',
        open: true,
        kind: 'error',
        title: 'Ошибка авторизации',
        description:
          'Недостаточно прав для выполнения этого действия. Обратитесь к администратору системы.',
        duration: Infinity,
      },
    ],
  },
};
