/**
 * The library's line icons. Decorative by design: the control that holds an icon carries the
 * accessible name (an icon-only button gets `aria-label`). Sizes follow the text: `size-4`
 * beside `text-sm`, `size-5` or `size-6` on their own.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from './button.tsx';
import * as icons from './icons.tsx';

const ICONS = Object.entries(icons).filter(([name]) => name.endsWith('Icon'));

const meta = {
  title: 'UI/Display/Icons',
  component: icons.SunIcon,
  parameters: {
    docs: {
      description: {
        component: [
          'The line icons of the library: 24 × 24 viewBox, stroke 2 units wide in `currentColor`, `size-4` (16 px) unless `className` sets a size; other SVG props go to the `<svg>`. Decorative (`aria-hidden`): the control that holds one carries the accessible name.',
          '**Use when** an icon helps recognise a control or a state next to its text, or in an icon-only button with an `aria-label`.',
          "**Don't use when** the icon alone would carry meaning with no text or accessible name, or for the brand (use `Logo`). The props table shows `SunIcon`; every icon takes the same props.",
        ].join('\n\n'),
      },
    },
  },
} satisfies Meta<typeof icons.SunIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every icon with its name, at 24 px, in the text colour. */
export const Gallery: Story = {
  render: () => (
    <ul className="grid grid-cols-3 gap-3 text-sm text-fg sm:grid-cols-4">
      {ICONS.map(([name, Icon]) => (
        <li key={name} className="flex items-center gap-2">
          <Icon className="size-6" />
          <code className="font-mono text-xs">{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const svgs = canvasElement.querySelectorAll('svg[aria-hidden="true"]');
    await expect(svgs).toHaveLength(ICONS.length);
  },
};

/** In an icon-only button the button's label is the name; the icon stays hidden. */
export const InIconButton: Story = {
  render: () => (
    <Button variant="secondary" aria-label="Search">
      <icons.SearchIcon />
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Search' })).toBeVisible();
  },
};
