/**
 * Project assignment end to end against the real server
 * (docs/product.md#project-assignment): a project manager assigns a roof inspector and an
 * installer to a client's project on its page; the inspector finds it in their dashboard's
 * work queue, reads who is assigned, schedules and records the inspection; the client
 * accepts the proposal; the manager schedules the installation; the installer finds it in
 * their queue and marks it installed; the administrator then reads every one of these
 * changes, newest first and with who made it, in the audit log (docs/product.md#audit-log).
 * `AUDITED` collects the audit actions the flow wrote, in order.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

const PASSWORD = 'Assign123';
const stamp = Date.now().toString(36);
/** The people of the flow: userType codes of docs/product.md#roles-and-permissions. */
const PEOPLE = {
  client: { name: `Asel Client ${stamp}`, email: `a-client.${stamp}@example.com`, userType: 4 },
  manager: { name: `Max Manager ${stamp}`, email: `a-manager.${stamp}@example.com`, userType: 1 },
  inspector: {
    name: `Ina Inspector ${stamp}`,
    email: `a-inspector.${stamp}@example.com`,
    userType: 3,
  },
  installer: {
    name: `Ivan Installer ${stamp}`,
    email: `a-installer.${stamp}@example.com`,
    userType: 2,
  },
} as const;
type Person = keyof typeof PEOPLE;

const ADDRESS = `Manas Avenue ${stamp}, Bishkek`;
const CONFIGURATION = {
  systemSizeKw: 5,
  panelCount: 12,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'pitched',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
};

/** The calendar day `days` after today (UTC, as the server's date rule), `YYYY-MM-DD`. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Signs `person` in through the sign-in page, landing on `from`. */
async function signIn(browser: Browser, person: Person, from: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/signin?from=${encodeURIComponent(from)}`);
  await page.getByLabel('Email').fill(PEOPLE[person].email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${from}$`));
  return page;
}

/** How the audit log shows each action of the flow, and who took it. */
const AUDIT_ROWS: Record<string, { label: string; by: Person }> = {
  'project.requestQuote': { label: 'Quote requested', by: 'client' },
  'project.assign': { label: 'Staff assigned', by: 'manager' },
  'project.scheduleInspection': { label: 'Inspection scheduled', by: 'inspector' },
  'project.recordInspection': { label: 'Inspection recorded', by: 'inspector' },
  'project.acceptProposal': { label: 'Proposal accepted', by: 'client' },
  'project.scheduleInstallation': { label: 'Installation scheduled', by: 'manager' },
  'project.markInstalled': { label: 'Marked installed', by: 'installer' },
};

/** The current step of a project page's progress list. */
const currentStep = (page: Page) =>
  page.getByRole('list', { name: 'Project progress' }).locator('[aria-current="step"]');

/** The project's row in the dashboard's "Your work" queue. */
const queued = (page: Page) =>
  page.getByRole('list', { name: 'Your work' }).getByRole('link', { name: ADDRESS });

/** The "Assignees" section of a project page. */
const assigneesOf = (page: Page) => page.getByRole('region', { name: 'Assignees' });

test('a manager assigns a project, the inspector and installer find and finish it, the admin reads it in the audit log', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  /** The audit actions the flow writes, in order (read back by an audit-log step). */
  const AUDITED: string[] = [];
  let projectId = '';

  await test.step('the admin makes the accounts; the client saves a project and asks for a visit', async () => {
    const admin = await request.post('/api/v1/auth/email/signin', { data: E2E_ADMIN });
    const adminToken = ((await admin.json()) as { token: string }).token;
    for (const person of Object.values(PEOPLE)) {
      const created = await request.post('/api/v1/admin/users', {
        headers: { authorization: `Bearer ${adminToken}` },
        data: { ...person, password: PASSWORD, emailConfirmed: true },
      });
      expect(created.status()).toBe(201);
    }
    const signedIn = await request.post('/api/v1/auth/email/signin', {
      data: { email: PEOPLE.client.email, password: PASSWORD },
    });
    const headers = {
      authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}`,
    };
    const saved = await request.post('/api/v1/projects', {
      headers,
      data: {
        location: { address: ADDRESS, latitude: 42.8746, longitude: 74.5698 },
        configuration: CONFIGURATION,
        isDraft: false,
      },
    });
    expect(saved.status()).toBe(201);
    projectId = ((await saved.json()) as { id: string }).id;
    const quoted = await request.post(`/api/v1/projects/${projectId}/transitions`, {
      headers,
      data: { action: 'requestQuote' },
    });
    expect(quoted.status()).toBe(200);
    AUDITED.push('project.requestQuote');
  });

  const manager = await signIn(browser, 'manager', '/projects');
  await test.step('the manager assigns a roof inspector and an installer', async () => {
    await manager.goto(`/projects/${projectId}`);
    const section = assigneesOf(manager);
    await expect(section.getByRole('button', { name: /Roof inspector/ })).toContainText('None');
    await section.getByRole('button', { name: /Roof inspector/ }).click();
    await manager.getByRole('option', { name: PEOPLE.inspector.name }).click();
    await section.getByRole('button', { name: /Installer/ }).click();
    await manager.getByRole('option', { name: PEOPLE.installer.name }).click();
    await section.getByRole('button', { name: 'Save assignees' }).click();
    await expect(manager.getByText('Assignees saved', { exact: true })).toBeVisible();
    AUDITED.push('project.assign');
    await manager.reload();
    await expect(
      assigneesOf(manager).getByRole('button', { name: /Roof inspector/ }),
    ).toContainText(PEOPLE.inspector.name);
    await expect(assigneesOf(manager).getByRole('button', { name: /Installer/ })).toContainText(
      PEOPLE.installer.name,
    );
  });

  await test.step('the inspector finds it in their work queue and records the inspection', async () => {
    const inspector = await signIn(browser, 'inspector', '/dashboard');
    await queued(inspector).click();
    await expect(currentStep(inspector)).toContainText('Site visit requested');
    await expect(assigneesOf(inspector)).toContainText(PEOPLE.inspector.name);
    await expect(assigneesOf(inspector)).toContainText(PEOPLE.installer.name);
    await expect(assigneesOf(inspector).getByRole('button')).toHaveCount(0);
    const schedule = inspector.getByRole('form', { name: 'Schedule inspection' });
    await schedule.getByLabel(/^Date/).fill(inDays(7));
    await schedule.getByRole('button', { name: 'Save date' }).click();
    await expect(currentStep(inspector)).toContainText('Inspection scheduled');
    AUDITED.push('project.scheduleInspection');
    const record = inspector.getByRole('form', { name: 'Record inspection' });
    await record.getByRole('button', { name: /Roof type/ }).click();
    await inspector.getByRole('option', { name: 'Pitched' }).click();
    await record.getByRole('textbox', { name: /Roof area/ }).fill('72');
    await record.getByRole('button', { name: 'Save findings' }).click();
    await expect(currentStep(inspector)).toContainText('Inspected');
    AUDITED.push('project.recordInspection');
  });

  await test.step('the client accepts the proposal', async () => {
    const client = await signIn(browser, 'client', '/projects');
    await client.goto(`/projects/${projectId}`);
    await client.getByRole('button', { name: 'Accept proposal' }).click();
    await expect(currentStep(client)).toContainText('Proposal accepted');
    AUDITED.push('project.acceptProposal');
  });

  await test.step('the manager schedules the installation', async () => {
    await manager.reload();
    const install = manager.getByRole('form', { name: 'Schedule installation' });
    await install.getByLabel(/^Date/).fill(inDays(30));
    await install.getByRole('button', { name: 'Save date' }).click();
    await expect(currentStep(manager)).toContainText('Installation scheduled');
    AUDITED.push('project.scheduleInstallation');
  });

  await test.step('the installer finds it in their work queue and marks it installed', async () => {
    const installer = await signIn(browser, 'installer', '/dashboard');
    await queued(installer).click();
    await expect(assigneesOf(installer)).toContainText(PEOPLE.installer.name);
    await installer.getByRole('button', { name: 'Mark installed' }).click();
    await expect(currentStep(installer)).toContainText('Installed');
    AUDITED.push('project.markInstalled');
  });

  expect(AUDITED).toHaveLength(7);

  await test.step("the admin reads the project's changes in the audit log, newest first", async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    const path = `/audit-log?type=project&target=${projectId}`;
    await admin.goto(`/signin?from=${encodeURIComponent(path)}`);
    await admin.getByLabel('Email').fill(E2E_ADMIN.email);
    await admin.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const rows = admin
      .getByRole('table')
      .getByRole('row')
      .filter({ hasNot: admin.getByRole('columnheader') });
    await expect(rows).toHaveCount(AUDITED.length);
    const newestFirst = [...AUDITED].reverse();
    for (const [index, action] of newestFirst.entries()) {
      const { label, by } = AUDIT_ROWS[action]!;
      await expect(rows.nth(index)).toContainText(label);
      await expect(rows.nth(index)).toContainText(PEOPLE[by].name);
    }
    await context.close();
  });
});
