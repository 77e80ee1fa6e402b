/**
 * The users list's bulk actions and export on the MSW fake, signed in as
 * the administrator, 25 a page (the administrator's own row is on the first page).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AppFixture } from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/Users/Bulk and export',
  component: AppFixture,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/users?size=25', as: 'admin' },
} satisfies Meta<typeof AppFixture>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ticks the row of `name` by its drawn box. */
async function select(canvas: ReturnType<typeof within>, name: string) {
  const box = await canvas.findByRole('checkbox', { name: text('users.bulk.select', { name }) });
  await userEvent.click(box.closest('label')!);
}

/** Two rows selected, one of them the administrator's own: the bar and its note. */
export const BulkSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvas, 'Maksat Ibraimov');
    await select(canvas, 'Administrator');
    const bar = canvas.getByRole('region', { name: text('users.bulk.label') });
    await expect(bar).toHaveTextContent(text('users.bulk.selected', { count: 2 }));
    await expect(bar).toHaveTextContent(text('users.bulk.selfSkipped'));
  },
};

/** The header's "Select all on this page" while some rows are selected: mixed (a dash). */
export const SomeOnPageSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvas, 'Maksat Ibraimov');
    await select(canvas, 'Kanat Zhumabaev');
    const all = canvas.getByRole('checkbox', { name: text('users.bulk.selectPage') });
    await expect(all).toBePartiallyChecked();
    await userEvent.unhover(all.closest('label')!);
  },
};

/** Every row of the page selected from the header checkbox: all ticked, the bar counts them. */
export const AllOnPageSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Maksat Ibraimov' });
    const all = canvas.getByRole('checkbox', { name: text('users.bulk.selectPage') });
    await userEvent.click(all.closest('label')!);
    await expect(all).toBeChecked();
    await expect(
      canvas.getByRole('checkbox', {
        name: text('users.bulk.select', { name: 'Maksat Ibraimov' }),
      }),
    ).toBeChecked();
    await userEvent.unhover(all.closest('label')!);
  },
};

/** Deactivate asks first, naming the count (the administrator is left out). */
export const BulkConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvas, 'Maksat Ibraimov');
    await select(canvas, 'Kanat Zhumabaev');
    await select(canvas, 'Administrator');
    await userEvent.click(canvas.getByRole('button', { name: text('users.bulk.deactivate') }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      await body.findByRole('alertdialog', {
        name: text('users.bulk.deactivateTitle', { count: 2 }),
      }),
    ).toBeVisible();
  },
};

/** Export CSV while its first page is on its way: the button shows the progress. */
export const Exporting: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/admin/users', async ({ request }) => {
        if (new URL(request.url).searchParams.get('pageSize') !== '100') return undefined;
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Maksat Ibraimov' });
    await userEvent.click(canvas.getByRole('button', { name: text('users.export.button') }));
    const busy = await canvas.findByRole('button', {
      name: text('users.export.progress', { loaded: 0, total: 0 }),
    });
    await expect(busy).toBeDisabled();
  },
};
