import { TEXT_LIMITS, validationMessages as m } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EditableTitle, type EditableTitleProps } from './editable-title.tsx';

function Controlled(props: EditableTitleProps) {
  const [title, setTitle] = useState(props.title);
  return (
    <EditableTitle
      {...props}
      title={title}
      onSave={(next) => {
        setTitle(next);
        props.onSave(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Chat/EditableTitle',
  component: EditableTitle,
  args: {
    title: 'Flat roof in Bishkek',
    onSave: fn(),
    labels: {
      edit: 'Edit title',
      input: 'Conversation title',
      tooLong: m.titleTooLong.defaultMessage,
      generatedTitle: 'generated title',
    },
    className: 'w-[28rem]',
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof EditableTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Generated: Story = { args: { isGenerated: true } };
export const Disabled: Story = { args: { isDisabled: true } };

/** A generated title too long for the row: the title is cut, the asterisk stays visible. */
export const GeneratedLong: Story = {
  args: {
    isGenerated: true,
    title: 'Солнечные панели для частного дома в Бишкеке с плоской крышей и бойлером',
    className: 'w-[16rem]',
  },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading');
    const star = [...heading.querySelectorAll('span')].find((s) => s.textContent === ' *')!;
    const row = heading.getBoundingClientRect();
    const box = star.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(row.right + 0.5);
    await expect(box.width).toBeGreaterThan(0);
  },
};

/** Edit button, type, Enter saves the trimmed title; focus returns to the edit button. */
export const EnterSaves: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    const input = canvas.getByRole('textbox', { name: 'Conversation title' });
    await expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, '  South roof  {Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('South roof');
    await expect(canvas.getByRole('heading', { name: 'South roof' })).toBeVisible();
  },
};

/** Double-click edits; Escape cancels without saving. */
export const EscapeCancels: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.dblClick(canvas.getByRole('heading', { name: 'Flat roof in Bishkek' }));
    const input = canvas.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.type(input, ' draft{Escape}');
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(canvas.getByRole('heading', { name: 'Flat roof in Bishkek' })).toBeVisible();
  },
};

/** Leaving the field saves. */
export const BlurSaves: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    const input = canvas.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.type(input, ' (2)');
    await userEvent.tab();
    await expect(args.onSave).toHaveBeenCalledWith('Flat roof in Bishkek (2)');
  },
};

/** Empty or unchanged cancels without saving. */
export const EmptyOrUnchangedCancels: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    await userEvent.clear(canvas.getByRole('textbox'));
    await userEvent.keyboard('   {Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** 201 characters shows the error and keeps editing; exactly 200 saves. */
export const TooLong: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    const input = canvas.getByRole('textbox', { name: 'Conversation title' });
    await userEvent.clear(input);
    await userEvent.paste('x'.repeat(TEXT_LIMITS.titleMax + 1));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(m.titleTooLong.defaultMessage);
    await userEvent.keyboard('{Backspace}{Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('x'.repeat(TEXT_LIMITS.titleMax));
  },
};

/** The error state as designers see it. */
export const TooLongError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Edit title' }));
    await userEvent.paste(' '.padEnd(TEXT_LIMITS.titleMax, 'y'));
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByText(m.titleTooLong.defaultMessage)).toBeVisible();
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex w-[28rem] flex-col gap-4">
      <EditableTitle {...args} level={2} />
      <EditableTitle {...args} level={2} isGenerated title="Battery storage options" />
      <EditableTitle {...args} level={2} isDisabled title="Saving…" />
    </div>
  ),
};
