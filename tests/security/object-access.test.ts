/**
 * Object-level access: user A can never read, change or learn of user B's
 * conversations, messages, portfolio or projects. Every attempt on B's object answers
 * exactly what an id that does not exist answers (status and body), and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  startSecurityServer,
  type RoleUser,
  type SecurityServer,
} from './support/server.ts';

let server: SecurityServer;
let alice: RoleUser;
let bob: RoleUser;
let aliceConversation: string;
let aliceProject: string;
let alicePhoto: string;
let bobProject: string;
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
  // Alice's project in the pipeline, with a roof photo the admin took at the inspection.
  const admin = await server.signIn(ADMIN.email, ADMIN.password);
  await server.call('POST', `/projects/${aliceProject}/transitions`, {
    token: alice.token,
    body: { action: 'requestQuote', note: 'Alice Secret note' },
  });
  await server.call('POST', `/projects/${aliceProject}/transitions`, {
    token: admin.token,
    body: { action: 'scheduleInspection', date: '2054-12-15' },
  });
  const boundary = '----objectaccess';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const photo = await server.call('POST', `/projects/${aliceProject}/photos`, {
    token: admin.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    rawBody: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roof.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (photo.status !== 201) throw new Error(`no photo: ${photo.raw}`);
  alicePhoto = photo.body.id;
  const own = await server.call('POST', '/projects', {
    token: bob.token,
    body: { location: { address: 'Bob Street 1, Naryn', latitude: 41.4, longitude: 76 } },
  });
  bobProject = own.body.id;
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

describe("another user's saved view", () => {
  let aliceView: string;
  beforeAll(async () => {
    const saved = await server.call('POST', '/saved-views', {
      token: alice.token,
      body: { list: 'users', name: 'Alice Secret view', query: 'search=Alice' },
    });
    aliceView = saved.body.id;
  });
  it('cannot be deleted', () =>
    sameAsMissing('DELETE', (id) => `/saved-views/${id}`, undefined, aliceView));
  it('is not listed', async () => {
    const list = await server.call('GET', '/saved-views?list=users', { token: bob.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const own = await server.call('GET', '/saved-views?list=users', { token: alice.token });
    expect(own.body.map((v: { id: string }) => v.id)).toEqual([aliceView]);
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

  it('cannot have its pipeline read', () =>
    sameAsMissing('GET', (id) => `/projects/${id}/pipeline`, undefined, project()));
  it('cannot have its audit history read', () =>
    sameAsMissing('GET', (id) => `/projects/${id}/history`, undefined, project()));
  it.each(['requestQuote', 'cancel', 'scheduleInspection', 'markInstalled'])(
    'cannot be moved along the pipeline: %s',
    (action) =>
      sameAsMissing(
        'POST',
        (id) => `/projects/${id}/transitions`,
        () => ({ action, date: '2054-12-20' }),
        project(),
      ),
  );
  it('cannot get photos added', () =>
    sameAsMissing('POST', (id) => `/projects/${id}/photos`, undefined, project()));
  it('cannot have its photo read, through its own id or through one of the caller’s projects', async () => {
    await sameAsMissing(
      'GET',
      (id) => `/projects/${aliceProject}/photos/${id}`,
      undefined,
      alicePhoto,
    );
    await sameAsMissing(
      'GET',
      (id) => `/projects/${bobProject}/photos/${id}`,
      undefined,
      alicePhoto,
    );
  });

  it('is not in the pipeline list, even searched for by its owner or address', async () => {
    for (const term of ['', 'Alice', alice.email, 'Alice Street']) {
      const list = await server.call(
        'GET',
        `/projects/pipeline?pageSize=100${term ? `&searchTerm=${encodeURIComponent(term)}` : ''}`,
        { token: bob.token },
      );
      expect(list.status).toBe(200);
      expect(list.body.items.map((p: { id: string }) => p.id)).toEqual(term ? [] : [bobProject]);
      expect(list.raw).not.toContain('Alice');
    }
  });

  it('is not listed, and scope=all is refused without canViewAllProjects', async () => {
    const own = await server.call('GET', '/projects', { token: bob.token });
    expect(own.body.map((p: { id: string }) => p.id)).toEqual([bobProject]);
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
      const pipeline = await server.call('GET', `/projects/${id}/pipeline`, { token: bob.token });
      expect(pipeline.status).toBe(404);
    },
  );
});
