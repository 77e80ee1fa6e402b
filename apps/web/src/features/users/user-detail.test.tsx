/**
 * /users/create, /users/{id} and /users/{id}/edit against the MSW fake
 * (docs/product.md#user-administration, #roles-and-permissions and #errors-and-messages):
 * validation messages, 409 on the email field, success toasts and the return to /users, the
 * language of the user's mail picked at creation and changed on edit, the view with and without the
 * CRM link, the server's refusal of self-deactivation, and a failed detail load.
 */
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

async function open(options: AppFixtureOptions & { path: string }) {
  const fixture = createAppFixture({ as: 'admin', ...options });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

/** The fake's record of a user by email. */
function userByEmail(fixture: AppFixture, email: string) {
  const user = [...fixture.mock.fake.users.values()].find((u) => u.email === email);
  if (!user) throw new Error(`no fake user ${email}`);
  return user;
}

/** A fixture whose start path needs a user id of the fake. */
async function openFor(
  email: string,
  path: (id: string) => string,
  setup?: (f: AppFixture) => void,
  { locale, ...options }: Omit<AppFixtureOptions, 'path' | 'as'> = {},
) {
  const fixture = createAppFixture({ as: 'admin', ...options });
  await fixture.ready;
  setup?.(fixture);
  fixture.location.navigate(path(userByEmail(fixture, email).id), { replace: true });
  const screen = await render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
  return { fixture, screen };
}

const lastPath = (fixture: AppFixture) => fixture.location.history.at(-1);

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('create user', () => {
  it('starts with Residential Client and email confirmed off', async () => {
    const { screen } = await open({ path: '/users/create' });
    await expect
      .element(screen.getByRole('heading', { name: 'Create user', level: 1 }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('button', { name: 'Residential Client User type' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('checkbox', { name: 'Email confirmed' }))
      .not.toBeChecked();
    await expect
      .element(screen.getByRole('button', { name: 'English Language of mail' }))
      .toHaveAccessibleDescription(
        'Mail to this user (links, notices, project updates) is written in this language.',
      );
  });

  it('shows each field rule under its field and focuses the first invalid one', async () => {
    const { screen } = await open({ path: '/users/create' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    const password = screen.getByLabelText('Password', { exact: true });
    const confirm = screen.getByLabelText('Confirm password', { exact: true });
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await expect.element(name).toHaveAccessibleDescription('Name is required');
    await expect.element(email).toHaveAccessibleDescription('Email is required');
    await expect
      .element(password)
      .toHaveAccessibleDescription('At least 6 characters. Password is required');
    await expect.element(confirm).toHaveAccessibleDescription('Please confirm your password');
    await expect.element(name).toHaveFocus();

    await name.fill('Nur');
    await expect.element(name).toHaveAccessibleDescription('');
    await email.fill('not-an-email');
    await password.fill('12345');
    await confirm.fill('12346');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await expect.element(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect
      .element(password)
      .toHaveAccessibleDescription('At least 6 characters. Password must be at least 6 characters');
    await expect.element(confirm).toHaveAccessibleDescription('Passwords do not match');
    await expect.element(email).toHaveFocus();
  });

  it('puts a taken email (409) on the email field', async () => {
    const { fixture, screen } = await open({ path: '/users/create' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await screen.getByRole('textbox', { name: 'Name' }).fill('Second Daniyar');
    await email.fill('daniyar@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('secret1');
    await screen.getByLabelText('Confirm password', { exact: true }).fill('secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await expect
      .element(email)
      .toHaveAccessibleDescription('An account with this email already exists.');
    await expect.element(email).toHaveFocus();
    expect(lastPath(fixture)).toBe('/users/create');
  });

  it("creates the user, says 'User created successfully' and returns to /users", async () => {
    const { fixture, screen } = await open({ path: '/users/create' });
    await screen.getByRole('textbox', { name: 'Name' }).fill('Nurlan Installer');
    await screen.getByRole('textbox', { name: 'Email' }).fill('nurlan@example.com');
    await screen.getByLabelText('Password', { exact: true }).fill('secret1');
    await screen.getByLabelText('Confirm password', { exact: true }).fill('secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Residential Client User type' }));
    await userEvent.click(page.getByRole('option', { name: 'Installer' }));
    await userEvent.click(screen.getByText('Email confirmed'));
    await expect.element(screen.getByRole('checkbox', { name: 'Email confirmed' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'English Language of mail' }));
    await userEvent.click(page.getByRole('option', { name: 'Русский' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await expect.element(toast('User created successfully')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(lastPath(fixture)).toBe('/users');
    const created = userByEmail(fixture, 'nurlan@example.com');
    expect(created).toMatchObject({
      name: 'Nurlan Installer',
      userType: 2,
      emailConfirmed: true,
      password: 'secret1',
      locale: 'ru',
    });
    await expect.element(screen.getByRole('link', { name: 'Nurlan Installer' })).toBeVisible();
  });
});

describe('view user', () => {
  it('shows a spinner while the user loads', async () => {
    const { screen } = await open({
      path: '/users/some-id',
      handlers: [
        http.get('*/api/v1/admin/users/:id', async () => {
          await delay('infinite');
        }),
      ],
    });
    await expect
      .element(screen.getByRole('progressbar', { name: 'Loading user' }))
      .toBeInTheDocument();
  });

  it('shows the account without a CRM link', async () => {
    const { screen } = await openFor('daniyar@example.com', (id) => `/users/${id}`);
    await expect
      .element(screen.getByRole('heading', { name: 'Daniyar Sadykov', level: 1 }))
      .toBeVisible();
    await expect.element(screen.getByText('daniyar@example.com')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Daniyar Sadykov' })).toBeVisible();
    await expect.element(screen.getByText('Residential Client', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('Active', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('Verified', { exact: true })).toBeVisible();
    // Created 48 days before the frozen now (2026-03-14 10:30 UTC); never signed in.
    await expect.element(screen.getByText(/Jan 25, 2026/)).toBeVisible();
    await expect.element(screen.getByText('Never', { exact: true })).toBeVisible();
    await expect.element(screen.getByText('Not linked')).toBeVisible();
    await expect
      .element(screen.getByText(/the link is made when this person first requests a site visit/))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Edit user' }))
      .toHaveAttribute('href', expect.stringMatching(/^\/users\/[^/]+\/edit$/));
  });

  it('says the CRM link is not configured on a server without one, not that the person is unlinked', async () => {
    const { screen } = await openFor('daniyar@example.com', (id) => `/users/${id}`, undefined, {
      mock: { crmConfigured: false },
    });
    await expect
      .element(screen.getByText(/The CRM link is not configured on this server/))
      .toBeVisible();
    await expect.element(screen.getByText('Not linked')).not.toBeInTheDocument();
  });

  it('links the CRM person record in a new tab when the user has one', async () => {
    const { screen } = await openFor(
      'aigerim@example.com',
      (id) => `/users/${id}`,
      (fixture) => {
        userByEmail(fixture, 'aigerim@example.com').pipedrivePersonId = 4242;
      },
    );
    const link = screen.getByRole('link', { name: /Open person 4242 in the CRM/ });
    await expect.element(link).toHaveAttribute('href', 'https://app.pipedrive.com/person/4242');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect.element(screen.getByText('Not linked')).not.toBeInTheDocument();
  });

  it("raises 'Failed to load user details' for an unknown user and returns to /users", async () => {
    const { fixture, screen } = await open({ path: '/users/no-such-user' });
    await expect.element(toast('Failed to load user details')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(lastPath(fixture)).toBe('/users');
  });
});

describe('edit user', () => {
  it("saves the changes, says 'User updated successfully' and returns to /users", async () => {
    const { fixture, screen } = await openFor('daniyar@example.com', (id) => `/users/${id}/edit`);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await expect.element(name).toHaveValue('Daniyar Sadykov');
    await expect
      .element(screen.getByRole('textbox', { name: 'Email' }))
      .toHaveValue('daniyar@example.com');
    await expect.element(screen.getByRole('checkbox', { name: 'Email confirmed' })).toBeChecked();
    await expect.element(screen.getByRole('checkbox', { name: 'Active account' })).toBeChecked();
    await name.fill('Daniyar Sadykov Jr');
    await userEvent.click(screen.getByRole('button', { name: 'Residential Client User type' }));
    await userEvent.click(page.getByRole('option', { name: 'Commercial Client' }));
    await userEvent.click(screen.getByText('Active account'));
    await userEvent.click(screen.getByRole('button', { name: 'English Language of mail' }));
    await userEvent.click(page.getByRole('option', { name: 'Español' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect.element(toast('User updated successfully')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(lastPath(fixture)).toBe('/users');
    expect(userByEmail(fixture, 'daniyar@example.com')).toMatchObject({
      name: 'Daniyar Sadykov Jr',
      userType: 5,
      isActive: false,
      emailConfirmed: true,
      locale: 'es',
    });
  });

  it('requires a name and a valid email', async () => {
    const { screen } = await openFor('daniyar@example.com', (id) => `/users/${id}/edit`);
    const name = screen.getByRole('textbox', { name: 'Name' });
    const email = screen.getByRole('textbox', { name: 'Email' });
    await expect.element(name).toHaveValue('Daniyar Sadykov');
    await name.clear();
    await email.fill('daniyar@');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect.element(name).toHaveAccessibleDescription('Name is required');
    await expect.element(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect.element(name).toHaveFocus();
  });

  it('puts a taken email (409) on the email field', async () => {
    const { fixture, screen } = await openFor('daniyar@example.com', (id) => `/users/${id}/edit`);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await expect.element(email).toHaveValue('daniyar@example.com');
    await email.fill('aigerim@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect
      .element(email)
      .toHaveAccessibleDescription('An account with this email already exists.');
    expect(lastPath(fixture)).toMatch(/\/edit$/);
  });

  it("locks the user type and Active on the admin's own account, saying why", async () => {
    const reason = 'You cannot deactivate or change the role of your own account.';
    const { fixture, screen } = await openFor('admin@solar.local', (id) => `/users/${id}/edit`);
    const active = screen.getByRole('checkbox', { name: 'Active account' });
    await expect.element(active).toBeChecked();
    await expect.element(active).toBeDisabled();
    await expect.element(active).toHaveAccessibleDescription(reason);
    const userType = screen.getByRole('button', { name: /User type/ });
    await expect.element(userType).toBeDisabled();
    await expect.element(userType).toHaveAccessibleDescription(reason);
    // The rest of the account can still be edited.
    await screen.getByRole('textbox', { name: 'Name' }).fill('Site Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await expect.poll(() => lastPath(fixture)).toBe('/users');
    expect(userByEmail(fixture, 'admin@solar.local')).toMatchObject({
      name: 'Site Admin',
      isActive: true,
    });
  });

  it("shows a 409 refusal (last admin) in the user's language, inline and in the toast", async () => {
    const { fixture, screen } = await openFor(
      'daniyar@example.com',
      (id) => `/users/${id}/edit`,
      undefined,
      {
        locale: 'ru',
        handlers: [
          http.put('*/api/v1/admin/users/:id', () =>
            HttpResponse.json(
              { code: 'last_admin', message: 'At least one active administrator must remain.' },
              { status: 409 },
            ),
          ),
        ],
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    const alert = screen.getByRole('alert');
    await expect
      .element(alert.getByText('Должен остаться хотя бы один активный администратор.'))
      .toBeVisible();
    await expect.element(alert).toHaveFocus();
    expect(lastPath(fixture)).toMatch(/\/edit$/);
  });

  it("raises 'Failed to load user details' for an unknown user and returns to /users", async () => {
    const { fixture, screen } = await open({ path: '/users/no-such-user/edit' });
    await expect.element(toast('Failed to load user details')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    expect(lastPath(fixture)).toBe('/users');
  });
});
