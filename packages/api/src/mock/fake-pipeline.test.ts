/// <reference types="node" />
/**
 * The fake's pipeline beyond the contract suite (tests/contract/fake.test.ts covers the
 * HTTP contract): the demo seed's projects at every stage for Storybook, the staff queues
 * they fill, the seeded roof photo, and the owner's notification of a change.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApi } from './handlers.ts';

const baseUrl = 'http://pipeline.test/api/v1';
const mock = createMockApi({ baseUrl, now: () => Date.parse('2026-03-01T10:00:00Z') });
const server = setupServer(...mock.list);

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/email/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Password1' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function get(token: string, path: string) {
  const response = await fetch(`${baseUrl}/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Item = { id: string; status: string; ownerEmail: string; address: string };

describe('fake pipeline seed', () => {
  it('the demo client has saved projects at every stage, none of them a draft to finish', async () => {
    const token = await signIn('daniyar@example.com');
    const page = (await get(token, 'projects/pipeline?sortBy=createdAt&descending=false')).body;
    const items = page.items as Item[];
    expect(items.map((i) => i.status)).toEqual([
      'installed',
      'installation_scheduled',
      'inspected',
      'inspection_scheduled',
      'quote_requested',
      'draft',
    ]);
    expect(new Set(items.map((i) => i.ownerEmail))).toEqual(new Set(['daniyar@example.com']));
    const own = (await get(token, 'projects')).body as unknown as { isDraft: boolean }[];
    expect(own.every((p) => !p.isDraft)).toBe(true);
  });

  it('the roof inspector sees the inspection queue of every client and the projects they inspected; the installer theirs', async () => {
    const inspector = await signIn('chynara@example.com');
    const queue = (await get(inspector, 'projects/pipeline')).body.items as Item[];
    expect(queue.map((i) => i.status).sort()).toEqual([
      'inspected',
      'inspection_scheduled',
      'installation_scheduled',
      'installed',
      'quote_requested',
      'quote_requested',
    ]);
    expect(new Set(queue.map((i) => i.ownerEmail)).size).toBe(2);
    const installer = await signIn('bakyt@example.com');
    const installs = (await get(installer, 'projects/pipeline')).body.items as Item[];
    expect(installs.map((i) => i.status).sort()).toEqual(['installation_scheduled', 'installed']);
  });

  it('the inspected project has its findings, a photo and the inspector in its history', async () => {
    const token = await signIn('daniyar@example.com');
    const items = (await get(token, 'projects/pipeline?status=inspected')).body.items as Item[];
    const { body } = await get(token, `projects/${items[0]!.id}/pipeline`);
    expect(body).toMatchObject({
      status: 'inspected',
      inspection: { roofType: 'pitched', roofAreaM2: 64 },
      actions: ['acceptProposal', 'cancel'],
    });
    const history = body.history as { actorName: string }[];
    expect(history.map((e) => e.actorName)).toEqual([
      'Daniyar Sadykov',
      'Daniyar Sadykov',
      'Chynara Alieva',
      'Chynara Alieva',
    ]);
    const [photo] = body.photos as { id: string }[];
    const bytes = await fetch(`${baseUrl}/projects/${items[0]!.id}/photos/${photo!.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await bytes.arrayBuffer()).slice(1, 4)).toEqual(
      new TextEncoder().encode('PNG'),
    );
  });

  it("a transition mails the owner a link to the project's page", async () => {
    const token = await signIn('daniyar@example.com');
    const items = (await get(token, 'projects/pipeline?status=draft')).body.items as Item[];
    const response = await fetch(`${baseUrl}/projects/${items[0]!.id}/transitions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'requestQuote' }),
    });
    expect(response.status).toBe(200);
    expect(mock.fake.outbox.at(-1)).toEqual({
      to: 'daniyar@example.com',
      subject: 'Your Solar project is now: quote requested',
      link: `http://localhost/projects/${items[0]!.id}`,
    });
  });
});
