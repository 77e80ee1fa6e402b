/**
 * /dashboard against the MSW fake (docs/product.md#dashboard): the user card; the link
 * cards and navigation each role may see (user management only with canManageUsers); the
 * activity card with the user's own estimate, drafts and conversations linking to where
 * they came from, or an empty state; the settings card; staff counts by permission.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  FIXTURE_NOW,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

// A desktop window: the header shows the navigation links (a phone has a Menu button).
beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.removeItem(STORAGE_KEYS.calculatorData);
  localStorage.removeItem(STORAGE_KEYS.language);
});

async function open(as: 'admin' | 'client' | 'manager', options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path: '/dashboard', as, ...options });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { fixture, screen };
}

const cardLinks = () =>
  page
    .getByRole('region', { name: 'Get started' })
    .getByRole('link')
    .elements()
    .map((a) => [a.textContent, a.getAttribute('href')]);
const activity = () => page.getByRole('region', { name: 'Recent Activity' });
/** The number shown under a team overview figure's label. */
const figure = (label: string) =>
  [...page.getByRole('region', { name: 'Team overview' }).element().querySelectorAll('dt')].find(
    (term) => term.textContent === label,
  )?.nextElementSibling?.textContent;
const hrefOf = (name: string) =>
  activity().getByRole('link', { name, exact: true }).element().getAttribute('href');

describe('dashboard', () => {
  it("shows the client's card: avatar, name, email and role badge", async () => {
    await open('client');
    const card = page.getByRole('region', { name: 'Your account' });
    await expect.element(card.getByRole('img', { name: 'Daniyar Sadykov' })).toBeVisible();
    await expect.element(card.getByText('Welcome, Daniyar Sadykov')).toBeVisible();
    await expect.element(card.getByText('daniyar@example.com')).toBeVisible();
    await expect.element(card.getByText('Residential Client')).toBeVisible();
  });

  it('gives a client the calculator and profile cards and the activity card; no settings card, no user management', async () => {
    await open('client');
    expect(cardLinks()).toEqual([
      ['Quick Calculator', '/solar-calculator'],
      ['Full Calculator', '/solar-calculator-full'],
      ['Profile', '/profile'],
    ]);
    await expect.element(activity()).toBeVisible();
    expect(page.getByRole('region', { name: 'Settings' }).query()).toBeNull();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.element(nav.getByRole('link', { name: 'Chat' })).toBeVisible();
    expect(nav.getByRole('link', { name: 'Users' }).query()).toBeNull();
    expect(page.getByRole('heading', { name: 'Team overview' }).query()).toBeNull();
  });

  it('gives an admin the user management card and the users link', async () => {
    await open('admin');
    await expect
      .element(page.getByRole('region', { name: 'Your account' }).getByText('Administrator'))
      .toBeVisible();
    expect(cardLinks()).toContainEqual(['User Management', '/users']);
    await expect
      .element(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }))
      .toBeVisible();
  });

  it('gives a project manager (no canManageUsers) no user management', async () => {
    await open('manager');
    await expect
      .element(page.getByRole('region', { name: 'Your account' }).getByText('Project Manager'))
      .toBeVisible();
    expect(cardLinks().map(([title]) => title)).not.toContain('User Management');
  });
});

describe('dashboard activity', () => {
  it('lists the last quick estimate, the drafts and the conversations, each linking to where it came from', async () => {
    localStorage.setItem(
      STORAGE_KEYS.calculatorData,
      JSON.stringify({
        monthlyBill: 670,
        averageKwh: 450,
        pricePerKwh: 1.49,
        address: '',
        billInputMethod: 'manual',
        timestamp: Date.parse('2026-03-12T09:00:00Z'),
      }),
    );
    let draftId = '';
    const { fixture } = await open('client', {
      afterSignIn: async (client) => {
        const draft = await client.projects.create({
          location: { address: 'Osh Bazaar, Bishkek', latitude: 42.87, longitude: 74.57 },
          isDraft: true,
        });
        draftId = draft.id;
      },
    });
    await expect.element(activity().getByText('Mar 12, 2026')).toBeVisible();
    await expect
      .element(activity().getByRole('link', { name: 'Osh Bazaar, Bishkek' }))
      .toBeVisible();
    // Saved projects stay listed past the draft stage: the title says what the list holds.
    await expect
      .element(activity().getByRole('heading', { name: 'Saved assessments', level: 3 }))
      .toBeVisible();
    await expect
      .element(activity().getByRole('link', { name: 'Solar panels for my house' }))
      .toBeVisible();
    expect(hrefOf('3.6 kW system for 450 kWh a month')).toBe('/solar-calculator');
    expect(hrefOf('Osh Bazaar, Bishkek')).toBe(`/solar-calculator-full?draft=${draftId}`);
    const [conversation] = (await fixture.client.chat.conversations({ page: 1, pageSize: 1 }))
      .conversations;
    expect(hrefOf('Solar panels for my house')).toBe(`/chat/${conversation!.id}`);
  });

  it("dates conversations as the chat's list does: a time today, a weekday this week", async () => {
    const HOUR_MS = 3_600_000;
    const summary = (id: string, title: string, ms: number) => ({
      id,
      title,
      messageCount: 2,
      lastMessageAt: new Date(ms).toISOString(),
      titleGenerated: false,
    });
    await open('client', {
      handlers: [
        http.get('*/api/v1/chat/conversations', () =>
          HttpResponse.json({
            conversations: [
              summary('c-today', 'Asked this morning', FIXTURE_NOW - HOUR_MS),
              // Saturday 2026-03-14 minus two days: Thursday.
              summary('c-thursday', 'Asked on Thursday', FIXTURE_NOW - 48 * HOUR_MS),
            ],
            page: 1,
            totalPages: 1,
          }),
        ),
      ],
    });
    const row = (title: string) => activity().getByRole('listitem').filter({ hasText: title });
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(
      FIXTURE_NOW - HOUR_MS,
    );
    await expect.element(row('Asked on Thursday')).toHaveTextContent('Asked on ThursdayThursday');
    // Intl puts a narrow no-break space before "AM", which the text matcher does not match.
    expect(row('Asked this morning').element().textContent).toBe(`Asked this morning${time}`);
  });

  it('invites the first estimate when there is no activity at all', async () => {
    await open('admin');
    await expect
      .element(activity().getByRole('heading', { name: 'Nothing here yet' }))
      .toBeVisible();
    expect(hrefOf('Estimate a system')).toBe('/solar-calculator');
  });

  it('says when the activity could not be loaded, and loads it again on retry', async () => {
    let down = true;
    await open('client', {
      handlers: [
        http.get('*/api/v1/chat/conversations', () =>
          down ? HttpResponse.json({ error: 'down' }, { status: 503 }) : undefined,
        ),
      ],
    });
    await expect
      .element(activity().getByRole('alert'))
      .toHaveTextContent('Your activity could not be loaded. Check your connection and try again.');
    down = false;
    await userEvent.click(activity().getByRole('button', { name: 'Try again' }));
    await expect
      .element(activity().getByRole('link', { name: 'Solar panels for my house' }))
      .toBeVisible();
    expect(activity().getByRole('alert').query()).toBeNull();
  });
});

describe('dashboard team overview', () => {
  it('shows an admin the number of user accounts and of unconfirmed emails, linking to the users list', async () => {
    const { fixture } = await open('admin');
    const all = await fixture.client.adminUsers.list({ pageSize: 1 });
    const unconfirmed = await fixture.client.adminUsers.list({
      pageSize: 1,
      isEmailConfirmed: false,
    });
    const team = page.getByRole('region', { name: 'Team overview' });
    await expect.poll(() => figure('User accounts')).toBe(String(all.totalCount));
    await expect.poll(() => figure('Emails not confirmed')).toBe(String(unconfirmed.totalCount));
    expect(unconfirmed.totalCount).toBeGreaterThan(0);
    await expect
      .element(team.getByRole('link', { name: 'User accounts' }))
      .toHaveAttribute('href', '/users');
    await expect
      .element(team.getByRole('link', { name: 'Emails not confirmed' }))
      .toHaveAttribute('href', '/users?verified=no');
  });

  it('shows a project manager the saved projects but not the user counts', async () => {
    const { fixture } = await open('manager', {
      afterSignIn: (client) =>
        client.projects.create({
          location: { address: 'Osh Bazaar, Bishkek', latitude: 42.87, longitude: 74.57 },
          isDraft: true,
        }),
    });
    const projects = await fixture.client.projects.list({ scope: 'all' });
    expect(projects.length).toBeGreaterThan(0);
    await expect.poll(() => figure('Saved projects')).toBe(String(projects.length));
    expect(figure('User accounts')).toBeUndefined();
    expect(
      page.getByRole('region', { name: 'Team overview' }).getByRole('link').query(),
    ).toBeNull();
  });
});
