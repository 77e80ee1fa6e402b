/**
 * The user administration screens (docs/product.md#user-administration) in each of their states,
 * signed in as the fake's administrator, on the MSW fake with the frozen clock.
 */
import { scenarios } from '@solar/api/mock';
import { toPage } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text, textPattern } from '../../testing/story-text.ts';

/** The app at `path` as the admin; `setup` may change the fake's data first. */
function UsersApp({
  path,
  setup,
  ...options
}: AppFixtureOptions & { path: string; setup?: (fixture: AppFixture) => void }) {
  const [fixture] = useState(() => {
    const created = createAppFixture({ as: 'admin', ...options });
    setup?.(created);
    const id = (email: string) =>
      [...created.mock.fake.users.values()].find((u) => u.email === email)?.id ?? 'unknown';
    created.location.navigate(
      path.replace(/\{(\S+?@\S+?)\}/g, (_, email: string) => id(email)),
      { replace: true },
    );
    return created;
  });
  return <AppFixtureView fixture={fixture} />;
}

const meta = {
  title: 'Screens/Users',
  component: UsersApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/users' },
} satisfies Meta<typeof UsersApp>;
export default meta;
type Story = StoryObj<typeof meta>;

const listRequest = '*/api/v1/admin/users';

/** The first page of 13 users, newest first. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Maksat Ibraimov' })).toBeVisible();
  },
};

/** The first page is on its way: the overlay over an empty table. */
export const ListLoading: Story = {
  args: {
    handlers: [
      http.get(listRequest, async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** Sorted by name, ascending, after two clicks on the header. */
export const ListSorted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('link', { name: 'Maksat Ibraimov' });
    const sort = canvas.getByRole('button', { name: text('users.list.column.name') });
    await userEvent.click(sort);
    await userEvent.click(sort);
    await expect(
      canvas.getByRole('columnheader', { name: text('users.list.column.name') }),
    ).toHaveAttribute('aria-sort', 'ascending');
    await canvas.findByRole('link', { name: 'Administrator' });
  },
};

/** Residential clients with an unverified email, 25 per page (state from the URL). */
export const ListFiltered: Story = {
  args: { path: '/users?type=client_residential&verified=no&size=25' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Lira Abdyldaeva' })).toBeVisible();
  },
};

/** Many users: the pager shows five page buttons around page 6. */
export const ListManyPages: Story = {
  args: {
    path: '/users?page=6',
    setup: (fixture) => {
      void fixture.ready.then(() => {
        const auth = `Bearer ${fixture.client.session.getSnapshot().accessToken}`;
        for (let i = 0; i < 60; i += 1) {
          fixture.mock.fake.createUser(auth, {
            name: `Customer ${String(i).padStart(2, '0')}`,
            email: `customer${i}@example.com`,
            password: 'secret1',
          });
        }
      });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('users.list.page', { page: 8 }) }),
    ).toBeVisible();
  },
};

/** Nothing exists yet: 'No users found' with a create link. */
export const ListEmpty: Story = {
  args: { handlers: [http.get(listRequest, () => HttpResponse.json(toPage([], 0, 1, 10)))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('users.emptyNone') }),
    ).toBeVisible();
  },
};

/** A search that matches nobody. */
export const ListNoMatch: Story = {
  args: { path: '/users?q=nobody' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: text('users.emptyFiltered') }),
    ).toBeVisible();
  },
};

/** The list failed: toast and inline retry. */
export const ListError: Story = {
  args: { mock: { scenario: scenarios.groupError('users') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('users.list.retry') }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

/** The empty create form. */
export const Create: Story = {
  args: { path: '/users/create' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('textbox', { name: text('users.form.name') }),
    ).toBeVisible();
  },
};

/** Create submitted empty: every field's rule. */
export const CreateRequiredErrors: Story = {
  args: { path: '/users/create' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('users.list.create') }));
    await expect(await canvas.findByText(text('validation.nameRequired'))).toBeVisible();
  },
};

/** Create with a bad email, a short password and a mismatched confirmation. */
export const CreateFormatErrors: Story = {
  args: { path: '/users/create' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: text('users.form.name') }),
      'Nurlan',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('users.form.email') }),
      'nurlan@',
    );
    await userEvent.type(
      canvas.getByLabelText(text('users.form.password'), { exact: true }),
      '12345',
    );
    await userEvent.type(
      canvas.getByLabelText(text('users.form.confirmPassword'), { exact: true }),
      '1234',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('users.list.create') }));
    await expect(await canvas.findByText(text('validation.passwordsMismatch'))).toBeVisible();
  },
};

/** Create with an email that is taken (409). */
export const CreateEmailTaken: Story = {
  args: { path: '/users/create' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: text('users.form.name') }),
      'Daniyar Two',
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: text('users.form.email') }),
      'daniyar@example.com',
    );
    await userEvent.type(
      canvas.getByLabelText(text('users.form.password'), { exact: true }),
      'secret1',
    );
    await userEvent.type(
      canvas.getByLabelText(text('users.form.confirmPassword'), { exact: true }),
      'secret1',
    );
    const create = canvas.getByRole('button', { name: text('users.list.create') });
    await userEvent.click(create);
    await expect(await canvas.findByText(text('api.emailTaken'))).toBeVisible();
    // End in a settled state for the screenshot: pointer away, request finished.
    await userEvent.unhover(create);
    await waitFor(() => expect(create).not.toHaveAttribute('data-pending'));
  },
};

/** A user without a CRM record. */
export const View: Story = {
  args: { path: '/users/{daniyar@example.com}' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Daniyar Sadykov' })).toBeVisible();
  },
};

/** A user linked to a CRM person. */
export const ViewWithCrmLink: Story = {
  args: {
    path: '/users/{aigerim@example.com}',
    setup: (fixture) => {
      const aigerim = [...fixture.mock.fake.users.values()].find(
        (u) => u.email === 'aigerim@example.com',
      );
      if (aigerim) aigerim.pipedrivePersonId = 4242;
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: textPattern('users.view.crmLink', { id: '4242' }) }),
    ).toBeVisible();
  },
};

/** A server without a CRM link: the page says so instead of "Not linked". */
export const ViewCrmNotConfigured: Story = {
  args: { path: '/users/{daniyar@example.com}', mock: { crmConfigured: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('users.view.crmNotConfigured'))).toBeVisible();
  },
};

/** The user is on its way. */
export const ViewLoading: Story = {
  args: {
    path: '/users/{daniyar@example.com}',
    handlers: [
      http.get('*/api/v1/admin/users/:id', async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** The edit form, filled from the user. */
export const Edit: Story = {
  args: { path: '/users/{daniyar@example.com}/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Daniyar Sadykov')).toBeVisible();
  },
};

/** Edit with the name cleared. */
export const EditRequiredErrors: Story = {
  args: { path: '/users/{daniyar@example.com}/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByDisplayValue('Daniyar Sadykov'));
    await userEvent.click(canvas.getByRole('button', { name: text('users.edit.submit') }));
    await expect(await canvas.findByText(text('validation.nameRequired'))).toBeVisible();
  },
};

/** The admin edits their own account: user type and Active are locked, with the reason. */
export const EditOwnAccount: Story = {
  args: { path: '/users/{admin@solar.local}/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByDisplayValue('admin@solar.local');
    const active = canvas.getByRole('checkbox', { name: text('users.form.active') });
    await expect(active).toBeDisabled();
    await expect(active).toHaveAccessibleDescription(text('api.ownAccount'));
  },
};
