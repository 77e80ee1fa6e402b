/// <reference types="node" />
/**
 * The fake's seeding helpers (fake-seeding.ts): a project seeded at any status reads as one
 * the roles moved there (status, history, findings, assignees) through the pipeline
 * endpoints, and a seeded account signs in and is listed as staff.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApi } from './handlers.ts';

const baseUrl = 'http://seeding.test/api/v1';
const mock = createMockApi({ baseUrl, now: () => Date.parse('2026-03-14T10:30:00Z') });
const server = setupServer(...mock.list);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

async function signIn(email: string, password = 'Password1'): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/email/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function get(token: string, path: string) {
  const response = await fetch(`${baseUrl}/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('fake seeding helpers', () => {
  it('seeds a cancelled project of the demo client: requested, then cancelled by them', async () => {
    const project = mock.fake.seed.project({ status: 'cancelled' });
    expect(project).toMatchObject({
      location: { address: 'Chuy Avenue 120, Bishkek', latitude: 42.8746, longitude: 74.6122 },
      configuration: { systemSizeKw: 5, panelCount: 13 },
      createdAt: '2026-02-22T10:30:00.000Z',
    });
    const { body } = await get(
      await signIn('daniyar@example.com'),
      `projects/${project.id}/pipeline`,
    );
    expect(body.status).toBe('cancelled');
    expect(
      (body.history as { to: string; actorName: string }[]).map((e) => [e.to, e.actorName]),
    ).toEqual([
      ['draft', 'Daniyar Sadykov'],
      ['quote_requested', 'Daniyar Sadykov'],
      ['cancelled', 'Daniyar Sadykov'],
    ]);
  });

  it('seeds an inspected project with its findings and photo, by the demo inspector', async () => {
    const project = mock.fake.seed.project({ id: 'p-inspected', status: 'inspected' });
    expect(project.id).toBe('p-inspected');
    const { body } = await get(
      await signIn('chynara@example.com'),
      'projects/p-inspected/pipeline',
    );
    expect(body).toMatchObject({
      status: 'inspected',
      inspection: { roofType: 'pitched', roofAreaM2: 64 },
      photos: [{ contentType: 'image/png' }],
    });
  });

  it('seeds a project without a configuration: its proposal PDF is refused', async () => {
    const project = mock.fake.seed.project({ configuration: null });
    const response = await fetch(`${baseUrl}/projects/${project.id}/proposal.pdf?locale=en`, {
      headers: { Authorization: `Bearer ${await signIn('daniyar@example.com')}` },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'no_configuration' });
  });

  it('seeds staff who sign in, are listed to assign, and a project assigned to them', async () => {
    mock.fake.seed.user({ name: 'Ina Bekova', email: 'ina@example.com', role: 'roof_inspector' });
    mock.fake.seed.user({
      name: 'Gone Away',
      email: 'gone@example.com',
      role: 'installer',
      isActive: false,
    });
    await signIn('ina@example.com');
    const manager = await signIn('aigerim@example.com');
    const staff = (await get(manager, 'staff')).body as {
      roofInspectors: { name: string }[];
      installers: { name: string }[];
    };
    expect(staff.roofInspectors.map((p) => p.name)).toContain('Ina Bekova');
    expect(staff.installers.map((p) => p.name)).not.toContain('Gone Away');
    const project = mock.fake.seed.project({
      status: 'quote_requested',
      roofInspector: 'ina@example.com',
    });
    const { body } = await get(manager, `projects/${project.id}/pipeline`);
    expect(body.assignees).toEqual({
      roofInspector: { id: expect.any(String), name: 'Ina Bekova' },
      installer: null,
    });
    expect(() => mock.fake.seed.project({ owner: 'nobody@example.com' })).toThrow(/nobody/);
  });
});
