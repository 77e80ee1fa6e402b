/**
 * The dashboard's CRM link panel against the MSW fake (issue 22 item 4: CRM failures are
 * visible to admins): an administrator sees the failed Pipedrive updates and retries one
 * through the API; with none there is no panel; a failed list read is one line; a project
 * manager (no canManageUsers) never asks for the CRM jobs.
 */
import { projectPath } from '@solar/domain';
import { errorBody } from '@solar/domain/errors';
import { scenarios } from '@solar/api/mock';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

beforeEach(async () => {
  await page.viewport(1280, 800);
});

/** The dashboard as `as`, recording every CRM request ("METHOD path") it makes. */
async function open(as: 'admin' | 'manager', options: AppFixtureOptions = {}) {
  const crmRequests: string[] = [];
  const record = ({ request }: { request: Request }) => {
    crmRequests.push(`${request.method} ${new URL(request.url).pathname}`);
    return undefined;
  };
  const fixture = createAppFixture({
    path: '/dashboard',
    as,
    ...options,
    handlers: [http.all('*/api/v1/admin/crm/*', record), ...(options.handlers ?? [])],
  });
  await fixture.ready;
  await render(<AppFixtureView fixture={fixture} />);
  await expect.element(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { fixture, crmRequests };
}

const panel = () => page.getByRole('region', { name: 'CRM link' });
const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('dashboard CRM link panel (issue 22 item 4)', () => {
  it('shows an admin each failed update; Retry calls the API, says so and takes it off the list', async () => {
    const { fixture, crmRequests } = await open('admin', { mock: { crmJobs: 'failed' } });
    const [move, create] = (await fixture.client.crm.failedJobs()).items;
    await expect.element(panel()).toBeVisible();
    await expect
      .element(
        panel().getByText('These 2 Pipedrive updates failed after every attempt.', {
          exact: false,
        }),
      )
      .toBeVisible();
    const items = panel().getByRole('listitem');
    await expect.poll(() => items.elements().length).toBe(2);
    const first = items.nth(0);
    await expect.element(first.getByText('Deal moved to: Inspection scheduled')).toBeVisible();
    await expect.element(first.getByText('Queued Mar 14, 2026', { exact: false })).toBeVisible();
    await expect.element(first.getByText('10 attempts', { exact: false })).toBeVisible();
    await expect
      .element(first.getByText('Pipedrive did not answer "move a deal" in time', { exact: false }))
      .toBeVisible();
    await expect
      .element(first.getByRole('link', { name: 'Open project' }))
      .toHaveAttribute('href', projectPath(move!.payload.projectId));
    await expect.element(items.nth(1).getByText('New deal: Site visit requested')).toBeVisible();

    await userEvent.click(first.getByRole('button', { name: 'Retry' }));
    await expect.element(toast('The CRM update will be sent again in a moment.')).toBeVisible();
    expect(crmRequests).toContain(`POST /api/v1/admin/crm/jobs/${move!.id}/retry`);
    await expect.poll(() => items.elements().length).toBe(1);
    await expect.element(items.nth(0).getByText('New deal: Site visit requested')).toBeVisible();
    expect((await fixture.client.crm.failedJobs()).items.map((j) => j.id)).toEqual([create!.id]);
  });

  it('toasts why a retry failed (404: the job ran meanwhile) and reads the list again', async () => {
    const { crmRequests } = await open('admin', {
      mock: { crmJobs: 'failed' },
      handlers: [
        http.post('*/api/v1/admin/crm/jobs/:id/retry', () =>
          HttpResponse.json(errorBody('not_found'), { status: 404 }),
        ),
      ],
    });
    const items = panel().getByRole('listitem');
    await expect.poll(() => items.elements().length).toBe(2);
    const reads = () => crmRequests.filter((r) => r.startsWith('GET')).length;
    expect(reads()).toBe(1);
    await userEvent.click(items.nth(0).getByRole('button', { name: 'Retry' }));
    await expect.element(toast('The CRM update could not be retried')).toBeVisible();
    await expect.poll(reads).toBe(2);
  });

  it('shows an admin no panel when no update failed, once the list was read', async () => {
    const { crmRequests } = await open('admin');
    await expect.poll(() => crmRequests).toContain('GET /api/v1/admin/crm/jobs');
    await expect.element(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();
    expect(panel().query()).toBeNull();
  });

  it('says in one line when the failed updates cannot be read', async () => {
    await open('admin', { mock: { scenario: scenarios.groupError('crm', 500) } });
    await expect
      .element(page.getByText('Failed CRM updates cannot be checked right now.'))
      .toBeVisible();
    expect(panel().query()).toBeNull();
  });

  it('never asks for the CRM jobs for a project manager (no canManageUsers)', async () => {
    const { crmRequests } = await open('manager');
    await expect.element(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
    expect(crmRequests).toEqual([]);
    expect(panel().query()).toBeNull();
  });
});
