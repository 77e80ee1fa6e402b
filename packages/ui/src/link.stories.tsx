import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ButtonLink, Link } from './link.tsx';

const meta = {
  title: 'UI/Navigation/Link',
  component: Link,
  args: { href: '#terms', children: 'Terms of service' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p className="text-sm">
      I agree to the <Link {...args} />.
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Terms of service' }),
    ).toHaveAttribute('href', '#terms');
  },
};

export const AsButton: Story = {
  render: () => <ButtonLink href="#create">Create user</ButtonLink>,
};

export const Catalog: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Link href="#a">Text link</Link>
      <ButtonLink href="#b">Primary</ButtonLink>
      <ButtonLink href="#c" variant="secondary">
        Secondary
      </ButtonLink>
      <ButtonLink href="#d" variant="ghost">
        Ghost
      </ButtonLink>
      <ButtonLink href="#e" variant="secondary" size="sm">
        Small
      </ButtonLink>
    </div>
  ),
};
