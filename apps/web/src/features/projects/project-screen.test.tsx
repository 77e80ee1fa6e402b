/**
 * /projects/{id} in Chromium against the API client's fake (a project seeded at each
 * status, fake.seed.project): the actions
 * each role is offered (exactly the pipeline's, decided by domain pipeline.ts), the
 * schedule and inspection forms' validation and server errors, the cancel confirmation,
 * a 409 `invalid_transition` toast, photos, and the owner line for staff only.
 */
import { PIPELINE_ACTIONS, type ProjectStatus, type RoleKey } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture, type AppFixture } from '../../testing/app-fixture.tsx';
import { productionHandler } from '../../testing/full-calculator-fakes.ts';

/** The seeded project every test opens (the demo client's, Chuy Avenue 120, Bishkek). */
const PROJECT_ID = 'p-bishkek-1';

/** Seed accounts by role (password Password1; the admin's is Admin123!). */
const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  admin: { email: 'admin@solar.local', password: 'Admin123!' },
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  installer: { email: 'bakyt@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

async function open(role: RoleKey, status: ProjectStatus) {
  const fixture = createAppFixture({
    path: `/projects/${PROJECT_ID}`,
    handlers: [productionHandler()],
  });
  fixture.mock.fake.seed.project({ id: PROJECT_ID, status });
  await fixture.client.auth.signIn(ACCOUNTS[role]!);
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect
    .element(screen.getByRole('heading', { level: 1, name: 'Chuy Avenue 120, Bishkek' }))
    .toBeVisible();
  return { fixture, screen };
}

/** The project's status as the fake holds it now. */
async function statusOf(fixture: AppFixture): Promise<ProjectStatus> {
  return (await fixture.client.projects.pipeline(PROJECT_ID)).status;
}

/** A valid 1 x 1 PNG (the fake checks the file's bytes, as the server does). */
const PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

const LABELS = {
  requestQuote: 'Request a site visit',
  scheduleInspection: 'Schedule inspection',
  recordInspection: 'Record inspection',
  acceptProposal: 'Accept proposal',
  scheduleInstallation: 'Schedule installation',
  markInstalled: 'Mark installed',
  cancel: 'Cancel project',
} as const;

/** The action buttons and form headings on the page. */
function offered(): string[] {
  return PIPELINE_ACTIONS.filter(
    (action) =>
      page.getByRole('button', { name: LABELS[action], exact: true }).elements().length > 0 ||
      page.getByRole('form', { name: LABELS[action] }).elements().length > 0,
  );
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('project page actions by role', () => {
  it.each([
    ['client_residential', 'draft', ['requestQuote', 'cancel']],
    ['client_residential', 'inspected', ['acceptProposal', 'cancel']],
    ['client_residential', 'installation_scheduled', ['cancel']],
    ['roof_inspector', 'quote_requested', ['scheduleInspection']],
    ['roof_inspector', 'inspection_scheduled', ['scheduleInspection', 'recordInspection']],
    [
      'project_manager',
      'proposal_accepted',
      ['acceptProposal', 'scheduleInstallation', 'cancel'].filter((a) => a !== 'acceptProposal'),
    ],
    ['installer', 'installation_scheduled', ['markInstalled']],
    ['installer', 'installed', []],
  ] as const)('%s on a %s project is offered %j', async (role, status, actions) => {
    const { screen } = await open(role, status);
    await expect.element(screen.getByRole('heading', { name: 'Next steps' })).toBeVisible();
    expect(offered()).toEqual(actions);
    if (actions.length === 0) {
      await expect.element(screen.getByText(/This project is closed/)).toBeVisible();
    }
  });

  it('shows the owner to staff and not to the client', async () => {
    const staff = await open('project_manager', 'quote_requested');
    await expect.element(staff.screen.getByText(/Owner: Daniyar Sadykov/)).toBeVisible();
    staff.screen.unmount();
    const client = await open('client_residential', 'quote_requested');
    expect(client.screen.getByText(/Owner:/).elements()).toHaveLength(0);
  });

  it('marks the current step and shows a cancelled project distinctly', async () => {
    const { screen } = await open('client_residential', 'cancelled');
    const steps = screen.getByRole('list', { name: 'Project progress' });
    const current = steps
      .getByRole('listitem')
      .elements()
      .filter((li) => li.hasAttribute('aria-current'));
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Cancelled');
  });
});

describe('a project the caller may not see', () => {
  it('reads "Project not found" (404 like an unknown id) with the way back', async () => {
    const fixture = createAppFixture({ path: '/projects/someone-elses' });
    fixture.mock.fake.seed.project({ id: 'someone-elses', owner: 'ilyas@example.com' });
    await fixture.client.auth.signIn(ACCOUNTS.client_residential!);
    const screen = await render(<AppFixtureView fixture={fixture} />);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Project not found');
    await expect
      .element(screen.getByRole('link', { name: 'All projects' }))
      .toHaveAttribute('href', '/projects');
    expect(screen.getByRole('button', { name: 'Try again' }).elements()).toHaveLength(0);
  });
});

describe('project page transitions and forms', () => {
  it('requests a site visit: the status moves on and the toast says so', async () => {
    const { screen, fixture } = await open('client_residential', 'draft');
    await userEvent.click(screen.getByRole('button', { name: 'Request a site visit' }));
    await expect
      .element(toast('Site visit requested. We will contact you to agree a date.'))
      .toBeVisible();
    await expect
      .element(screen.getByText('Site visit requested', { exact: true }).first())
      .toBeVisible();
    expect(fixture.requests).toContain(`POST /projects/${PROJECT_ID}/transitions`);
    expect(await statusOf(fixture)).toBe('quote_requested');
  });

  it('cancels only after the confirmation', async () => {
    const { screen, fixture } = await open('client_residential', 'draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel project' }));
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this project?' });
    await expect.element(dialog).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep project' }));
    await expect.element(dialog).not.toBeInTheDocument();
    expect(fixture.requests).not.toContain(`POST /projects/${PROJECT_ID}/transitions`);
    expect(await statusOf(fixture)).toBe('draft');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel project' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel project' }));
    await expect.element(toast('Project cancelled')).toBeVisible();
    expect(await statusOf(fixture)).toBe('cancelled');
  });

  it('says when someone else moved the project first (409)', async () => {
    const { screen, fixture } = await open('client_residential', 'draft');
    // Another tab requests the visit after this page has read the draft.
    await fixture.otherTab().projects.transition(PROJECT_ID, { action: 'requestQuote' });
    await userEvent.click(screen.getByRole('button', { name: 'Request a site visit' }));
    await expect
      .element(toast('This project has moved on since you opened it. Refresh to see its status.'))
      .toBeVisible();
  });

  it('needs a date to schedule the inspection, then saves it', async () => {
    const { screen, fixture } = await open('roof_inspector', 'quote_requested');
    const form = screen.getByRole('form', { name: 'Schedule inspection' });
    await userEvent.click(form.getByRole('button', { name: 'Save date' }));
    await expect.element(form.getByText('Please choose a date')).toBeVisible();
    await expect.element(form.getByLabelText(/^Date/)).toHaveFocus();
    await userEvent.fill(form.getByLabelText(/^Date/), '2026-03-20');
    await userEvent.click(form.getByRole('button', { name: 'Save date' }));
    await expect.element(toast('Inspection date saved')).toBeVisible();
    expect(await statusOf(fixture)).toBe('inspection_scheduled');
  });

  it('checks the roof findings before recording them', async () => {
    const { screen, fixture } = await open('roof_inspector', 'inspection_scheduled');
    const form = screen.getByRole('form', { name: 'Record inspection' });
    await userEvent.click(form.getByRole('button', { name: 'Save findings' }));
    await expect.element(form.getByText('Please choose the roof type')).toBeVisible();
    await expect
      .element(form.getByText('Roof area must be a number from 1 to 100,000 m²'))
      .toBeVisible();
    await userEvent.click(form.getByRole('button', { name: /Roof type/ }));
    await userEvent.click(page.getByRole('option', { name: 'Flat' }));
    await userEvent.fill(form.getByRole('textbox', { name: 'Roof area (m²)' }), '0');
    await userEvent.click(form.getByRole('button', { name: 'Save findings' }));
    await expect
      .element(form.getByText('Roof area must be a number from 1 to 100,000 m²'))
      .toBeVisible();
    await userEvent.fill(form.getByRole('textbox', { name: 'Roof area (m²)' }), '72');
    await userEvent.click(form.getByRole('button', { name: 'Save findings' }));
    await expect.element(toast('Inspection findings saved')).toBeVisible();
    expect(await statusOf(fixture)).toBe('inspected');
  });

  it('shows roof photos and lets the inspector add one, refusing a non-image', async () => {
    const { screen } = await open('roof_inspector', 'inspected');
    await expect.element(screen.getByRole('img', { name: 'Roof photo 1' })).toBeVisible();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(input, text);
    await expect
      .element(screen.getByText('Please upload a valid image file (JPEG, PNG, or WebP)'))
      .toBeVisible();
    const png = new File([PIXEL_PNG], 'roof.png', { type: 'image/png' });
    await userEvent.upload(input, png);
    await userEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    await expect.element(toast('Photo added')).toBeVisible();
    await expect.element(screen.getByRole('img', { name: 'Roof photo 2' })).toBeVisible();
  });
});
