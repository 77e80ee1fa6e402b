/**
 * Export CSV on /users against the MSW fake: every page of the current
 * filter at 100 a page, the columns and values, progress on the button, and a failure.
 * The download is caught at `URL.createObjectURL` and the link's click.
 */
import Papa from 'papaparse';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';

/** The export's list calls (pageSize=100) are recorded, slowed by `ms`, or failed. */
function exportCalls(calls: URLSearchParams[], mode: { ms?: number; fail?: boolean } = {}) {
  return http.get('*/api/v1/admin/users', async ({ request }) => {
    const query = new URL(request.url).searchParams;
    if (query.get('pageSize') !== '100') return undefined;
    calls.push(query);
    if (mode.ms) await delay(mode.ms);
    if (mode.fail) return HttpResponse.json({ message: 'Boom', code: 'internal' }, { status: 500 });
    return undefined;
  }) as HttpHandler;
}

/** Captures what would be downloaded: the file's name and text. */
function catchDownload() {
  const saved: { name: string; blob: Blob | null } = { name: '', blob: null };
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.blob = blob as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.name = this.download;
  });
  return saved;
}

async function open(path: string, handler: HttpHandler, installers = 0) {
  const fixture = createAppFixture({ path, as: 'admin', handlers: [handler] });
  await fixture.ready;
  for (let i = 0; i < installers; i += 1) {
    await fixture.client.adminUsers.create({
      name: `Installer ${String(i).padStart(3, '0')}`,
      email: `installer${i}@example.com`,
      password: 'Password1',
      userType: 2,
    });
  }
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

describe('users list: export CSV', () => {
  beforeEach(async () => {
    await page.viewport(1280, 800);
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads every user of the current filter, page by page, with progress', async () => {
    const calls: URLSearchParams[] = [];
    const saved = catchDownload();
    const { screen } = await open('/users?type=installer', exportCalls(calls, { ms: 400 }), 100);
    await expect.element(screen.getByRole('link', { name: 'Installer 099' })).toBeVisible();

    const button = screen.getByRole('button', { name: 'Export CSV' });
    await userEvent.click(button);
    const busy = screen.getByRole('button', { name: /^Exporting/ });
    await expect.element(busy).toBeDisabled();
    await expect.element(busy).toHaveTextContent('Exporting 100 of 102…');
    await expect.element(toast('102 users exported'), { timeout: 5000 }).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    // Two pages of 100 of the installers, nothing else.
    expect(calls.map((q) => q.get('pageNumber'))).toEqual(['1', '2']);
    expect(calls.every((q) => q.get('userType') === '2')).toBe(true);
    expect(saved.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    // UTF-8 with its byte order mark (text() drops the mark when decoding).
    const bytes = new Uint8Array(await saved.blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>((await saved.blob!.text()).trim()).data;
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'User type',
      'Status',
      'Email verified',
      'Created',
      'Last login',
    ]);
    expect(rows).toHaveLength(103);
    expect(rows.slice(1).every((row) => row[2] === 'Installer')).toBe(true);
    const kanat = rows.find((row) => row[0] === 'Kanat Zhumabaev')!;
    expect(kanat.slice(1, 5)).toEqual(['kanat@example.com', 'Installer', 'Active', 'Verified']);
    expect(kanat[5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('says so when a page fails, and downloads nothing', async () => {
    const calls: URLSearchParams[] = [];
    const saved = catchDownload();
    const { screen } = await open('/users', exportCalls(calls, { fail: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await expect
      .element(toast('Could not export the users. Check your connection and try again.'))
      .toBeVisible();
    expect(saved.blob).toBeNull();
    await expect.element(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
