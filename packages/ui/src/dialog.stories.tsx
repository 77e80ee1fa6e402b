import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button.tsx';
import { ConfirmDialog, Dialog } from './dialog.tsx';
import { TextField } from './text-field.tsx';

const meta = {
  title: 'UI/Overlays/Dialog',
  component: Dialog,
  args: {
    title: 'Rename conversation',
    description: 'Titles can be up to 200 characters.',
    closeLabel: 'Close',
    onOpenChange: fn(),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  args: {
    defaultOpen: true,
    children: <TextField label="Title" defaultValue="Roof on the south side" />,
    footer: (
      <>
        <Button variant="secondary">Cancel</Button>
        <Button>Save</Button>
      </>
    ),
  },
};

/** The trigger opens it, focus moves inside, Escape closes and focus returns. */
export const OpenAndClose: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  args: { trigger: <Button>Rename</Button>, children: <p className="text-sm">Body text.</p> },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Rename' });
    await userEvent.click(trigger);
    const dialog = await page.findByRole('dialog', { name: 'Rename conversation' });
    await expect(dialog).toHaveAccessibleDescription('Titles can be up to 200 characters.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Confirm: StoryObj<typeof ConfirmDialog> = {
  render: (args) => <ConfirmDialog {...args} />,
  args: {
    defaultOpen: true,
    title: 'End this conversation?',
    description: 'You can still read it, but not send new messages.',
    confirmLabel: 'End conversation',
    cancelLabel: 'Cancel',
    closeLabel: 'Close',
    onConfirm: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('alertdialog', { name: 'End this conversation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End conversation' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const ConfirmDanger: StoryObj<typeof ConfirmDialog> = {
  ...Confirm,
  args: {
    ...Confirm.args,
    tone: 'danger',
    title: 'Deactivate this user?',
    description: 'They will not be able to sign in.',
    confirmLabel: 'Deactivate',
  },
  play: undefined,
};

export const ConfirmPending: StoryObj<typeof ConfirmDialog> = {
  ...Confirm,
  args: { ...Confirm.args, isPending: true },
  play: async ({ args, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'End conversation' }), {
      pointerEventsCheck: 0,
    });
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Cancel closes without confirming. */
export const ConfirmCancel: StoryObj<typeof ConfirmDialog> = {
  ...Confirm,
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  args: {
    ...Confirm.args,
    defaultOpen: false,
    trigger: <Button variant="danger">End</Button>,
    onOpenChange: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'End' }));
    const dialog = await page.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};
