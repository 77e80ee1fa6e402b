import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { AVATAR_DATA_URL } from '../../../.storybook/fixtures.ts';
import { Avatar } from './avatar.tsx';

const meta = {
  title: 'UI/Display/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Picture: Story = {
  args: { src: AVATAR_DATA_URL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
    );
  },
};

/** The initials an avatar draws (its ::before content, quoted as CSS gives it). */
const drawnInitials = (element: Element) => getComputedStyle(element, '::before').content;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'Ada Lovelace' });
    await expect(drawnInitials(img)).toBe('"AL"');
  },
};

/** A broken picture URL falls back to initials. */
export const BrokenPicture: Story = {
  args: { src: 'data:image/png;base64,broken' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.queryByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
        'data-initials',
        'AL',
      ),
    );
    await expect(drawnInitials(canvas.getByRole('img', { name: 'Ada Lovelace' }))).toBe('"AL"');
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="flex items-center gap-4">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Avatar key={`p-${size}`} size={size} name="Ada Lovelace" src={AVATAR_DATA_URL} />
      ))}
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Avatar key={`i-${size}`} size={size} name="Борис Пастернак" />
      ))}
      <Avatar name="Cher" />
    </div>
  ),
};
