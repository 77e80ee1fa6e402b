/**
 * The saved views control (docs/product.md#saved-views) on the users list, on the MSW fake,
 * signed in as the administrator: none saved, some saved (the URL matches one), the save
 * dialog, and a save refused at the limit.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ApiClient } from '@solar/api';
import { AppFixture } from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/Users/Saved views',
  component: AppFixture,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/users', as: 'admin' },
} satisfies Meta<typeof AppFixture>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three views of the users list, saved before the screen opens. */
const threeViews = async (client: ApiClient) => {
  for (const [name, query] of [
    ['Unverified', 'verified=false'],
    ['Administrators', 'role=admin'],
    ['Newest 50', 'size=50'],
  ]) {
    await client.savedViews.save({ list: 'users', name: name!, query: query! });
  }
};

/** Opens the save dialog and returns it. */
async function openSaveDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('link', { name: 'Maksat Ibraimov' });
  const button = canvas.getByRole('button', { name: text('savedViews.save') });
  // No unhover: the open dialog makes the page behind it inert (pointer-events: none).
  await userEvent.click(button);
  const body = within(canvasElement.ownerDocument.body);
  return body.findByRole('dialog', { name: text('savedViews.saveTitle') });
}

/** Nothing saved yet: the select is disabled and says so. */
export const NoneSaved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByRole('button', {
      name: new RegExp(text('savedViews.label')),
    });
    await waitFor(() => expect(select).toHaveTextContent(text('savedViews.empty')));
  },
};

/** Three views saved; the URL is one of them, so it shows and can be deleted. */
export const SomeSaved: Story = {
  args: { path: '/users?role=admin', afterSignIn: threeViews },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', {
        name: text('savedViews.delete', { name: 'Administrators' }),
      }),
    ).toBeVisible();
  },
};

/** "Save this view…": the dialog asking a name. */
export const SaveDialog: Story = {
  args: { path: '/users?verified=false' },
  play: async ({ canvasElement }) => {
    const dialog = await openSaveDialog(canvasElement);
    // By keyboard: the page behind the open dialog takes no pointer.
    within(dialog)
      .getByRole('textbox', { name: text('savedViews.name') })
      .focus();
    await userEvent.keyboard('Unverified');
  },
};

/** A save refused at the limit of 20 views: the dialog says why. */
export const SaveError: Story = {
  args: {
    path: '/users?verified=false',
    handlers: [
      http.post('*/api/v1/saved-views', () =>
        HttpResponse.json(
          {
            message: 'You can keep at most 20 saved views per list; delete one first',
            code: 'conflict',
          },
          { status: 409 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await openSaveDialog(canvasElement));
    dialog.getByRole('textbox', { name: text('savedViews.name') }).focus();
    await userEvent.keyboard('More{Enter}');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(text('savedViews.limit'));
  },
};
