/**
 * The project screens in Russian (the longest words) on a 390 px phone (WCAG
 * 2.2 reflow): nothing is wider than the screen.
 */
import type { ProjectStatus, RoleKey } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppFixtureView, createAppFixture } from '../../testing/app-fixture.tsx';
import { productionHandler } from '../../testing/full-calculator-fakes.ts';

/** The demo client's project the pages open (seeded on the API client's fake). */
const PROJECT_ID = 'p-bishkek-1';

const ACCOUNTS: Partial<Record<RoleKey, { email: string; password: string }>> = {
  project_manager: { email: 'aigerim@example.com', password: 'Password1' },
  roof_inspector: { email: 'chynara@example.com', password: 'Password1' },
  client_residential: { email: 'daniyar@example.com', password: 'Password1' },
};

async function openRu(path: string, role: RoleKey, status: ProjectStatus, heading: string) {
  await page.viewport(390, 844);
  const fixture = createAppFixture({
    path,
    locale: 'ru',
    handlers: [productionHandler()],
    afterSignIn: (client) => client.auth.signIn(ACCOUNTS[role]!),
  });
  fixture.mock.fake.seed.project({ id: PROJECT_ID, status });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} locale="ru" />);
  await expect.element(screen.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  return screen;
}

/** Elements wider than the phone, by tag and text (empty when it all fits). */
function overflowing(): string[] {
  const width = document.documentElement.clientWidth;
  return Array.from(document.querySelectorAll<HTMLElement>('main *'))
    .filter((element) => element.getBoundingClientRect().right > width + 0.5)
    .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40) ?? ''}`);
}

describe('project screens in Russian at 390 px', () => {
  it('the list', async () => {
    const screen = await openRu('/projects', 'project_manager', 'draft', 'Проекты');
    await expect
      .element(screen.getByRole('link', { name: 'Chuy Avenue 120, Bishkek' }))
      .toBeVisible();
    expect(overflowing()).toEqual([]);
  });

  it("an inspector's project page with both forms and the photo upload", async () => {
    const screen = await openRu(
      `/projects/${PROJECT_ID}`,
      'roof_inspector',
      'inspection_scheduled',
      'Chuy Avenue 120, Bishkek',
    );
    await expect.element(screen.getByRole('button', { name: 'Сохранить итоги' })).toBeVisible();
    expect(overflowing()).toEqual([]);
  });

  it('the proposal', async () => {
    const screen = await openRu(
      `/projects/${PROJECT_ID}/proposal`,
      'client_residential',
      'draft',
      'Предложение по солнечной станции',
    );
    await expect.element(screen.getByRole('button', { name: 'Скачать PDF' })).toBeVisible();
    expect(overflowing()).toEqual([]);
  });
});
