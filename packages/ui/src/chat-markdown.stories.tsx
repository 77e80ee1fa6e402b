/**
 * SafeMarkdown: the assistant's markdown as ChatMessage renders it (loaded with the first
 * assistant message). Stories show what a model writes: lists, tables, links, code, and
 * what is refused (raw HTML, images, unsafe links).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import PartialMarkdown from './chat-markdown-partial.tsx';
import SafeMarkdown from './chat-markdown.tsx';

const meta = {
  title: 'UI/Chat/SafeMarkdown',
  component: SafeMarkdown,
  decorators: [
    (Story) => (
      <div className="max-w-xl rounded-card bg-surface-sunken p-4 text-sm leading-relaxed text-fg [&_ol]:list-decimal [&_ol]:pl-5 [&_table]:border-collapse [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2 [&_ul]:list-disc [&_ul]:pl-5">
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SafeMarkdown>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Lists, emphasis, inline code and a link, as a consultant's answer reads. */
export const Answer: Story = {
  args: {
    children: [
      'For **450 kWh** a month you need about *3.2 kW* of panels:',
      '',
      '1. Check the roof faces south (azimuth `180`).',
      '2. Keep shade off the panels between 10:00 and 16:00.',
      '',
      'See [PVGIS](https://re.jrc.ec.europa.eu/pvg_tools/en/) for your site.',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'PVGIS' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  },
};

/** A table (GitHub-flavoured) with five-digit som amounts; a wide one scrolls in its box. */
export const Table: Story = {
  args: {
    children: [
      '| Система | Мощность | Стоимость |',
      '| --- | --- | --- |',
      '| Малая | 3,2 kW | 412 920 сом |',
      '| Средняя | 5,0 kW | 645 000 сом |',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(table.parentElement).toHaveClass('overflow-x-auto');
  },
};

/** Strikethrough, a task list and a bare URL (GitHub-flavoured), as a checklist reply reads. */
export const Checklist: Story = {
  args: {
    children: [
      'Before the installer comes:',
      '',
      '- [x] Roof measured',
      '- [ ] Permit from the ~~city~~ district office',
      '',
      'The form is at https://example.com/permit.',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [done, open] = canvas.getAllByRole('checkbox');
    await expect(done).toBeChecked();
    await expect(done).toBeDisabled();
    await expect(open).not.toBeChecked();
    await expect(canvasElement.querySelector('del')).toHaveTextContent('city');
    const link = canvas.getByRole('link', { name: 'https://example.com/permit' });
    await expect(link).toHaveAttribute('href', 'https://example.com/permit');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  },
};

/** Raw HTML shows as text, an image shows as its alt text, a javascript: link loses its target. */
export const Refused: Story = {
  args: {
    children: [
      '<script>alert(1)</script><b>raw html</b>',
      '',
      '![roof photo](https://example.com/roof.png)',
      '',
      '[click me](javascript:alert(1))',
    ].join('\n'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('script, b, img')).toBeNull();
    await expect(canvas.getByText(/<b>raw html<\/b>/)).toBeVisible();
    await expect(canvas.getByText('roof photo')).toBeVisible();
    await expect(canvas.getByText('click me').closest('a')).toBeNull();
  },
};

/**
 * A reply cut mid-way (streaming or stopped), through PartialMarkdown: the open `**` still
 * renders as bold.
 */
export const Partial: Story = {
  args: { children: 'Your payback is about **6 years' },
  render: (args) => <PartialMarkdown {...args} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('strong')).toHaveTextContent('6 years');
  },
};
