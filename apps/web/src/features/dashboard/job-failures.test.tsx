/**
 * The dashboard's panel of failed mail and CRM updates against the MSW fake
 * (docs/product.md#dashboard): an administrator sees the failed mails and Pipedrive
 * updates and retries one through the API; with none there is no panel; a failed list
 * read is one line; a project manager (no canManageUsers) never asks for the jobs.
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

/** The dashboard as `as`, recording every job queue request ("METHOD path") it makes. */
async function open(as: 'admin' | 'manager', options: AppFixtureOptions = {}) {
  const jobRequests: string[] = [];
  const record = ({ request }: { request: Request }) => {
    jobRequests.push(`${request.method} ${new URL(request.url).pathname}`);
    return undefined;
  };
  const fixture = createAppFixture({
    path: '/dashboard',
    as,
    ...options,
    handlers: [http.all('*/api/v1/admin/jobs*', record), ...(options.handlers ?? [])],
  });
  await fixture.ready;
  await render(<AppFixtureView fixture={fixture} />);
  await expect.element(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return { fixture, jobRequests };
}

const panel = () => page.getByRole('region', { name: 'Failed mail and CRM updates' });
const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('dashboard panel of failed mail and CRM updates', () => {
  it('shows an admin each failed mail and update; Retry calls the API, says so and takes it off the list', async () => {
    const { fixture, jobRequests } = await open('admin', { mock: { jobs: 'failed' } });
    const [status, reset, move, create] = (await fixture.client.jobs.failed()).items;
    const mailTo = (job: typeof status) => (job?.kind === 'mail' ? job.payload.to : '');
    await expect.element(panel()).toBeVisible();
    await expect
      .element(
        panel().getByText('These 4 mails and Pipedrive updates failed after every attempt.', {
          exact: false,
        }),
      )
      .toBeVisible();
    const items = panel().getByRole('listitem');
    await expect.poll(() => items.elements().length).toBe(4);
    const first = items.nth(0);
    await expect.element(first.getByText(`Project status mail to ${mailTo(status)}`)).toBeVisible();
    await expect
      .element(first.getByText('connect ECONNREFUSED 10.0.0.25:587', { exact: false }))
      .toBeVisible();
    await expect
      .element(first.getByRole('link', { name: 'Open project' }))
      .toHaveAttribute('href', projectPath(status!.payload.projectId!));
    const second = items.nth(1);
    await expect.element(second.getByText(`Password reset link to ${mailTo(reset)}`)).toBeVisible();
    await expect.element(second.getByText('12 attempts', { exact: false })).toBeVisible();
    // A reset mail belongs to no project.
    expect(second.getByRole('link').query()).toBeNull();
    const third = items.nth(2);
    await expect
      .element(third.getByText('Pipedrive deal moved to: Inspection scheduled'))
      .toBeVisible();
    await expect.element(third.getByText('Queued Mar 14, 2026', { exact: false })).toBeVisible();
    await expect.element(third.getByText('10 attempts', { exact: false })).toBeVisible();
    await expect
      .element(third.getByText('Pipedrive did not answer "move a deal" in time', { exact: false }))
      .toBeVisible();
    await expect
      .element(third.getByRole('link', { name: 'Open project' }))
      .toHaveAttribute('href', projectPath(move!.payload.projectId!));
    await expect
      .element(items.nth(3).getByText('New Pipedrive deal: Site visit requested'))
      .toBeVisible();

    await userEvent.click(second.getByRole('button', { name: 'Retry' }));
    await expect.element(toast('It will be tried again in a moment.')).toBeVisible();
    expect(jobRequests).toContain(`POST /api/v1/admin/jobs/${reset!.id}/retry`);
    await expect.poll(() => items.elements().length).toBe(3);
    expect((await fixture.client.jobs.failed()).items.map((j) => j.id)).toEqual([
      status!.id,
      move!.id,
      create!.id,
    ]);
  });

  it('toasts why a retry failed (404: the job ran meanwhile) and reads the list again', async () => {
    const { jobRequests } = await open('admin', {
      mock: { jobs: 'failed' },
      handlers: [
        http.post('*/api/v1/admin/jobs/:id/retry', () =>
          HttpResponse.json(errorBody('not_found'), { status: 404 }),
        ),
      ],
    });
    const items = panel().getByRole('listitem');
    await expect.poll(() => items.elements().length).toBe(4);
    const reads = () => jobRequests.filter((r) => r.startsWith('GET')).length;
    expect(reads()).toBe(1);
    await userEvent.click(items.nth(0).getByRole('button', { name: 'Retry' }));
    await expect.element(toast('It could not be retried')).toBeVisible();
    await expect.poll(reads).toBe(2);
  });

  it('shows an admin no panel when nothing failed, once the list was read', async () => {
    const { jobRequests } = await open('admin');
    await expect.poll(() => jobRequests).toContain('GET /api/v1/admin/jobs');
    await expect.element(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();
    expect(panel().query()).toBeNull();
  });

  it('says in one line when the failed jobs cannot be read', async () => {
    await open('admin', { mock: { scenario: scenarios.groupError('jobs', 500) } });
    await expect
      .element(page.getByText('Failed mail and CRM updates cannot be checked right now.'))
      .toBeVisible();
    expect(panel().query()).toBeNull();
  });

  it('never asks for the jobs for a project manager (no canManageUsers)', async () => {
    const { jobRequests } = await open('manager');
    await expect.element(page.getByRole('heading', { name: 'Team overview' })).toBeVisible();
    await expect.element(page.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
    expect(jobRequests).toEqual([]);
    expect(panel().query()).toBeNull();
  });
});
