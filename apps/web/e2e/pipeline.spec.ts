/**
 * From estimate to installed system against the real server: a
 * client saves an assessment, opens its proposal and the PDF in Russian and requests a site
 * visit; a roof inspector schedules and records the inspection; the client accepts the
 * proposal; a project manager schedules the installation; an installer marks it installed;
 * the client sees each status. The server's CRM link talks to a local Pipedrive fake
 * (PIPEDRIVE_BASE_URL in playwright.config.ts): the client's person and a deal exist and the
 * deal follows the stages to won. Production comes from the local PVGIS fake.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  FAKE_STAGES,
  startPipedriveFake,
  type PipedriveFake,
} from '../../server/test/pipedrive-fake.ts';
import { E2E_ADMIN, E2E_PIPEDRIVE_PORT, E2E_PIPEDRIVE_TOKEN } from '../playwright.config.ts';
import { startUpstreamFakes } from './fakes/upstream-fakes.ts';

let upstream: Awaited<ReturnType<typeof startUpstreamFakes>>;
let pipedrive: PipedriveFake;
test.beforeAll(async () => {
  upstream = await startUpstreamFakes();
  pipedrive = await startPipedriveFake(E2E_PIPEDRIVE_TOKEN, E2E_PIPEDRIVE_PORT);
});
test.afterAll(async () => {
  await pipedrive?.close();
  await upstream?.close();
});

const PASSWORD = 'Pipeline123';
const stamp = Date.now().toString(36);
/** The people of the flow: userType codes of docs/product.md#roles-and-permissions. */
const PEOPLE = {
  client: { name: 'Айгүл Токтогулова', email: `client.${stamp}@example.com`, userType: 4 },
  inspector: { name: 'Roof Inspector', email: `inspector.${stamp}@example.com`, userType: 3 },
  manager: { name: 'Project Manager', email: `manager.${stamp}@example.com`, userType: 1 },
  installer: { name: 'Installer', email: `installer.${stamp}@example.com`, userType: 2 },
} as const;
type Person = keyof typeof PEOPLE;

const ADDRESS = 'Chui Avenue 1, Bishkek, Kyrgyzstan';
const configuration = {
  systemSizeKw: 4,
  panelCount: 10,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'flat',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
};

/** Signs `person` in through the sign-in page, in Russian for the client. */
async function signIn(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/signin?from=%2Fprojects');
  if (person === 'client') {
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await page.getByLabel('Эл. почта').fill(PEOPLE[person].email);
    await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
  } else {
    await page.getByLabel('Email').fill(PEOPLE[person].email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/projects$/);
  return page;
}

/** Opens the flow's project from the projects list. */
async function openProject(page: Page) {
  await page.getByRole('link', { name: ADDRESS }).first().click();
  await expect(page.getByRole('list', { name: /Project progress|Ход проекта/ })).toBeVisible();
}

/** The current step of the progress list. */
const currentStep = (page: Page) =>
  page.getByRole('list', { name: /Project progress|Ход проекта/ }).locator('[aria-current="step"]');

test('a saved assessment becomes a proposal, a site visit, an inspection and an installed system', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The admin makes the four accounts; the client saves an assessment through the API
  // (the full calculator's own flow is full-calculator.spec.ts).
  const admin = await request.post('/api/v1/auth/email/signin', { data: E2E_ADMIN });
  const adminToken = ((await admin.json()) as { token: string }).token;
  for (const person of Object.values(PEOPLE)) {
    const created = await request.post('/api/v1/admin/users', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { ...person, password: PASSWORD, emailConfirmed: true },
    });
    expect(created.status()).toBe(201);
  }
  const clientSignIn = await request.post('/api/v1/auth/email/signin', {
    data: { email: PEOPLE.client.email, password: PASSWORD },
  });
  const clientToken = ((await clientSignIn.json()) as { token: string }).token;
  const saved = await request.post('/api/v1/projects', {
    headers: { authorization: `Bearer ${clientToken}` },
    data: {
      location: { address: ADDRESS, latitude: 42.8746, longitude: 74.5698 },
      configuration,
      isDraft: false,
    },
  });
  expect(saved.status()).toBe(201);
  const projectId = ((await saved.json()) as { id: string }).id;

  // The client, in Russian: the proposal, its PDF, then the site-visit request.
  const client = await signIn(browser, 'client');
  await client.goto(`/projects/${projectId}/proposal`);
  await expect(
    client.getByRole('heading', { name: 'Предложение по солнечной станции', level: 1 }),
  ).toBeVisible();
  await expect(client.getByText(ADDRESS).first()).toBeVisible();
  const [download] = await Promise.all([
    client.waitForEvent('download'),
    client.getByRole('button', { name: 'Скачать PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^solar-proposal-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(upstream.hits.pvgis.some((q) => q.includes('peakpower=4'))).toBe(true);
  await client.getByRole('button', { name: 'Запросить выезд специалиста' }).click();
  await expect(client.getByRole('button', { name: 'Запросить выезд специалиста' })).toHaveCount(0);
  await client.goto(`/projects/${projectId}`);
  await expect(currentStep(client)).toContainText('Запрошен выезд');

  // The roof inspector schedules and records the inspection.
  const inspector = await signIn(browser, 'inspector');
  await openProject(inspector);
  const schedule = inspector.getByRole('form', { name: 'Schedule inspection' });
  await schedule.getByLabel(/^Date/).fill('2026-12-10');
  await schedule.getByRole('button', { name: 'Save date' }).click();
  const record = inspector.getByRole('form', { name: 'Record inspection' });
  await expect(record).toBeVisible();
  await record.getByRole('button', { name: /Roof type/ }).click();
  await inspector.getByRole('option', { name: 'Flat' }).click();
  await record.getByRole('textbox', { name: /Roof area/ }).fill('64');
  await record.getByRole('textbox', { name: /Shading notes/ }).fill('A poplar to the east');
  await record.getByRole('button', { name: 'Save findings' }).click();
  await expect(currentStep(inspector)).toContainText('Inspected');
  await expect(inspector.getByText('A poplar to the east')).toBeVisible();

  // The client sees it and accepts the proposal.
  await client.reload();
  await expect(currentStep(client)).toContainText('Осмотр проведён');
  await client.getByRole('button', { name: 'Принять предложение' }).click();
  await expect(currentStep(client)).toContainText('Предложение принято');

  // The project manager schedules the installation.
  const manager = await signIn(browser, 'manager');
  await openProject(manager);
  const install = manager.getByRole('form', { name: 'Schedule installation' });
  await install.getByLabel(/^Date/).fill('2027-01-15');
  await install.getByRole('button', { name: 'Save date' }).click();
  await expect(currentStep(manager)).toContainText('Installation scheduled');

  // The installer marks it installed.
  const installer = await signIn(browser, 'installer');
  await openProject(installer);
  await installer.getByRole('button', { name: 'Mark installed' }).click();
  await expect(installer.getByText(/This project is closed/)).toBeVisible();

  // The client sees the last status and the whole history.
  await client.reload();
  await expect(currentStep(client)).toContainText('Установлено');
  const history = client.getByRole('region', { name: 'История статусов' });
  for (const status of ['Запрошен выезд', 'Осмотр назначен', 'Монтаж назначен', 'Установлено']) {
    await expect(history).toContainText(status);
  }

  // The CRM: the client's person and a deal that followed the pipeline to won.
  await expect
    .poll(() => [...pipedrive.deals.values()].find((deal) => deal.status === 'won'), {
      timeout: 15_000,
    })
    .toMatchObject({ stage_id: FAKE_STAGES.installed, status: 'won' });
  const person = [...pipedrive.persons.values()].find((p) =>
    p.emails.some((e) => e.value === PEOPLE.client.email),
  );
  expect(person?.name).toBe(PEOPLE.client.name);
  const stagesMoved = pipedrive
    .callsTo('PATCH', '/api/v2/deals')
    .map((call) => call.body?.stage_id)
    .filter(Boolean);
  expect(stagesMoved).toEqual(
    expect.arrayContaining([
      FAKE_STAGES.inspection_scheduled,
      FAKE_STAGES.inspected,
      FAKE_STAGES.proposal_accepted,
      FAKE_STAGES.installation_scheduled,
    ]),
  );
});
