/**
 * Object-level access (issue 11): user A can never read, change or learn of user B's
 * conversations, messages, portfolio or projects. Every attempt on B's object answers
 * exactly what an id that does not exist answers (status and body), and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityServer, type RoleUser, type SecurityServer } from './support/server.ts';

let server: SecurityServer;
let alice: RoleUser;
let bob: RoleUser;
let aliceConversation: string;
let aliceProject: string;
const missing = '3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b';

beforeAll(async () => {
  server = await startSecurityServer();
  alice = await server.createUser('client_residential', 'Alice Secret');
  // Bob is a supplier: signed in, no project permissions (installer and inspector likewise).
  bob = await server.createUser('supplier', 'Bob');
  const stream = await server.call('POST', '/chat/stream', {
    token: alice.token,
    body: {
      message: 'My monthly bill is 3100 som and I use 420 kWh, flat roof in Osh',
      conversationId: null,
    },
  });
  aliceConversation = /"conversationId":"([^"]+)"/.exec(stream.raw)![1]!;
  const project = await server.call('POST', '/projects', {
    token: alice.token,
    body: {
      location: { address: 'Alice Street 7, Osh', latitude: 40.5, longitude: 72.8 },
      configuration: { panels: 12 },
    },
  });
  aliceProject = project.body.id;
});
afterAll(async () => {
  await server?.close();
});

/** Bob's call on Alice's object and on a missing id must answer identically. */
async function sameAsMissing(
  method: string,
  url: (id: string) => string,
  body?: (id: string) => unknown,
  real = aliceConversation,
) {
  const before = await server.rowCounts();
  const history = await server.call('GET', `/chat/history/${aliceConversation}`, {
    token: alice.token,
  });
  const project = await server.call('GET', `/projects/${aliceProject}`, { token: alice.token });
  const onReal = await server.call(method, url(real), {
    token: bob.token,
    ...(body ? { body: body(real) } : {}),
  });
  const onMissing = await server.call(method, url(missing), {
    token: bob.token,
    ...(body ? { body: body(missing) } : {}),
  });
  expect(onReal.status).toBe(404);
  expect(onReal.status).toBe(onMissing.status);
  expect(onReal.raw.replaceAll(real, missing)).toBe(onMissing.raw);
  expect(onReal.raw).not.toContain('Alice');
  // Nothing of Alice's changed.
  expect(await server.rowCounts()).toEqual(before);
  expect(
    (await server.call('GET', `/chat/history/${aliceConversation}`, { token: alice.token })).raw,
  ).toBe(history.raw);
  expect((await server.call('GET', `/projects/${aliceProject}`, { token: alice.token })).raw).toBe(
    project.raw,
  );
}

describe("another user's conversation", () => {
  it('cannot be read', () => sameAsMissing('GET', (id) => `/chat/history/${id}`));
  it('cannot be ended', () => sameAsMissing('POST', (id) => `/chat/end/${id}`));
  it('cannot be renamed', () =>
    sameAsMissing(
      'PUT',
      (id) => `/chat/conversations/${id}/title`,
      () => ({ title: 'pwned' }),
    ));
  it('cannot be written to through the stream', () =>
    sameAsMissing(
      'POST',
      () => '/chat/stream',
      (id) => ({ message: 'hello', conversationId: id }),
    ));

  it("is not listed, and its facts are not in the other user's portfolio", async () => {
    const list = await server.call('GET', '/chat/conversations', { token: bob.token });
    expect(list.status).toBe(200);
    expect(list.body.conversations).toEqual([]);
    const portfolio = await server.call('GET', '/chat/portfolio', { token: bob.token });
    expect(portfolio.body).toEqual({
      electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
      propertyInfo: { roofType: null, roofArea: null, location: null },
      updatedAt: null,
      sources: {},
    });
    // Alice's own portfolio did learn them (so the check above is not vacuous).
    const own = await server.call('GET', '/chat/portfolio', { token: alice.token });
    expect(own.body.electricityConsumption.monthlyBill).toBe(3100);
  });
});

describe("another user's project", () => {
  const project = () => aliceProject;
  it('cannot be read', () => sameAsMissing('GET', (id) => `/projects/${id}`, undefined, project()));
  it('cannot be changed', () =>
    sameAsMissing(
      'PUT',
      (id) => `/projects/${id}`,
      () => ({ isDraft: false, configuration: { panels: 1 } }),
      project(),
    ));
  it('cannot be deleted', () =>
    sameAsMissing('DELETE', (id) => `/projects/${id}`, undefined, project()));

  it('is not listed, and scope=all is refused without canViewAllProjects', async () => {
    const own = await server.call('GET', '/projects', { token: bob.token });
    expect(own.body).toEqual([]);
    const all = await server.call('GET', '/projects?scope=all', { token: bob.token });
    expect(all.status).toBe(403);
  });
});

describe('ids that are not ids', () => {
  it.each(['not-a-uuid', '..%2Fadmin%2Fusers', '%2e%2e%2fadmin', "1' or '1'='1", '0'])(
    'answer 404 like a missing id: %s',
    async (id) => {
      const history = await server.call('GET', `/chat/history/${id}`, { token: bob.token });
      expect(history.status).toBe(404);
      const project = await server.call('GET', `/projects/${id}`, { token: bob.token });
      expect(project.status).toBe(404);
    },
  );
});
