/**
 * The product's mark and wordmark. The panel follows the text colour and the sun stays
 * amber, so the logo reads on the light and the dark surface alike.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Logo, LogoMark } from './logo.tsx';

const meta = {
  title: 'UI/Display/Logo',
  component: Logo,
  args: { name: 'Solar' },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header size: a 28 px mark beside the wordmark. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Solar')).toBeVisible();
    // The mark is decorative: only the wordmark is announced.
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** The mark alone at app-icon sizes. */
export const MarkSizes: Story = {
  render: () => (
    <div className="flex items-end gap-4 text-fg">
      <LogoMark className="size-4" />
      <LogoMark className="size-8" />
      <LogoMark className="size-16" />
    </div>
  ),
};
