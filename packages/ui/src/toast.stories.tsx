import { TOAST_DURATION_MS, TOAST_FADE_OUT_MS } from '@solar/domain/constants';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button.tsx';
import { ToastProvider, useToast, type ToastInput } from './toast.tsx';

const samples: ToastInput[] = [
  { kind: 'success', title: 'User created successfully' },
  { kind: 'error', title: 'Authorization Error', description: 'You are not authorized to do that' },
  {
    kind: 'warning',
    title: 'Warning',
    description: 'Failed to load resource. Please refresh the page.',
  },
  {
    kind: 'info',
    title: 'Conversation not found',
    description: 'A new conversation has been started.',
  },
];

/** Shows the given toasts once, kept open (duration Infinity) for review and screenshots. */
function ShowOnMount({ toasts }: { toasts: ToastInput[] }) {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    for (const t of toasts) toast.show({ duration: Infinity, ...t });
  }, [toast, toasts]);
  return null;
}

/** Buttons that raise a toast of each kind with its real duration. */
function Trigger() {
  const toast = useToast();
  return (
    <div className="flex flex-wrap gap-2">
      {samples.map((t) => (
        <Button key={t.kind} variant="secondary" onPress={() => toast.show(t)}>
          {`Show ${t.kind}`}
        </Button>
      ))}
    </div>
  );
}

const meta = {
  title: 'UI/Feedback/Toast',
  component: ToastProvider,
  args: { closeLabel: 'Close', children: null },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits until every toast of `toasts` is on screen (the layer loads with the first toast). */
const showsAll =
  (toasts: ToastInput[]): Story['play'] =>
  async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    // Each toast fades in: wait until it is fully shown.
    for (const t of toasts) {
      await waitFor(() => expect(page.getByText(t.title)).toBeVisible(), { timeout: 5000 });
    }
  };

const kindStory = (toast: ToastInput): Story => ({
  render: (args) => (
    <ToastProvider {...args}>
      <ShowOnMount toasts={[toast]} />
    </ToastProvider>
  ),
  play: showsAll([toast]),
});

export const Success = kindStory(samples[0]!);
export const ErrorToast: Story = { ...kindStory(samples[1]!), name: 'Error' };
export const Warning = kindStory(samples[2]!);
export const Info = kindStory(samples[3]!);

/** Every kind stacked in the region. */
export const Catalog: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <ShowOnMount toasts={samples} />
    </ToastProvider>
  ),
  play: showsAll(samples),
};

/**
 * A success toast stays for 4 s (TOAST_DURATION_MS.success), then fades out and is
 * removed 300 ms later. The region is a labelled landmark.
 */
export const AutoDismiss: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  render: (args) => (
    <ToastProvider {...args}>
      <div className="p-6">
        <Trigger />
      </div>
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'Show success' }));
    const toast = await page.findByText('User created successfully');
    await waitFor(() => expect(toast).toBeVisible());
    // The toast layer loads with the first toast, and its region is a labelled landmark.
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    // It goes by itself (the durations are proven on a fake clock in toast.test.tsx).
    await waitFor(() => expect(page.queryByText('User created successfully')).toBeNull(), {
      timeout: TOAST_DURATION_MS.success + TOAST_FADE_OUT_MS + 2000,
    });
  },
};

/** The close button dismisses a toast at once (it fades out, then is removed). */
export const CloseButton: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  render: AutoDismiss.render,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'Show error' }));
    await page.findByText('Authorization Error');
    await userEvent.click(page.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page.queryByText('Authorization Error')).toBeNull());
  },
};
