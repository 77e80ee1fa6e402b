/**
 * The chat's JSON calls (the OpenAPI document): history, end, the conversation list
 * (paged, newest activity first), title update and portfolio, with ownership: another
 * user's conversation is 404 for every call and portfolio facts never cross users.
 */
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './harness.ts';
import {
  adminToken,
  createClient,
  getJson,
  sendJson,
  startChatServer,
  useChatServer,
  streamChat,
} from './chat-helpers.ts';

describe.each(databaseKinds)('chat calls on %s', (kind) => {
  const chat = useChatServer(kind, { CHAT_RATE_LIMIT: '1000' });

  /** Starts a conversation with `message`; its id. */
  async function open(token: string, message: string): Promise<string> {
    const result = await streamChat(chat.baseUrl, token, { message, conversationId: null });
    expect(result.status).toBe(200);
    return result.events[0]!.chunk.conversationId;
  }

  it('keeps every conversation private to its owner (404 for others)', async () => {
    const owner = await createClient(chat.server, 'Owner');
    const other = await createClient(chat.server, 'Other');
    const admin = await adminToken(chat.server);
    const id = await open(owner.token, 'My bill is 1500 som and I live in Bishkek.');

    for (const token of [other.token, admin]) {
      expect((await getJson(chat.server, token, `/chat/history/${id}`)).status).toBe(404);
      expect((await sendJson(chat.server, token, 'POST', `/chat/end/${id}`)).status).toBe(404);
      const title = await sendJson(chat.server, token, 'PUT', `/chat/conversations/${id}/title`, {
        title: 'Mine now',
      });
      expect(title).toMatchObject({ status: 404, body: { code: 'not_found' } });
      const post = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId: id });
      expect(post.status).toBe(404);
      const list = await getJson(chat.server, token, '/chat/conversations');
      expect(list.body.conversations.map((c: { id: string }) => c.id)).not.toContain(id);
    }

    // Nothing changed for the owner.
    const history = await getJson(chat.server, owner.token, `/chat/history/${id}`);
    expect(history.body).toMatchObject({ status: 'active' });
    expect(history.body.messages).toHaveLength(2);
    expect(history.body.title).toBe('My bill is 1500 som and I live in Bishkek.');

    // Portfolio facts never cross users.
    const mine = await getJson(chat.server, owner.token, '/chat/portfolio');
    expect(mine.body).toMatchObject({
      electricityConsumption: { monthlyBill: 1500 },
      propertyInfo: { location: 'Bishkek' },
    });
    const theirs = await getJson(chat.server, other.token, '/chat/portfolio');
    expect(theirs).toMatchObject({
      status: 200,
      body: {
        electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
        propertyInfo: { roofType: null, roofArea: null, location: null },
        updatedAt: null,
        sources: {},
      },
    });
  });

  it('answers 404 for malformed and unknown ids, and 401 without a token', async () => {
    const { token } = await createClient(chat.server);
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', "1' or '1'='1"]) {
      const encoded = encodeURIComponent(id);
      expect((await getJson(chat.server, token, `/chat/history/${encoded}`)).status).toBe(404);
      expect((await sendJson(chat.server, token, 'POST', `/chat/end/${encoded}`)).status).toBe(404);
    }
    for (const [method, url] of [
      ['GET', '/api/v1/chat/conversations'],
      ['GET', '/api/v1/chat/portfolio'],
      ['GET', '/api/v1/chat/history/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/chat/end/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await chat.server.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });

  it('lists conversations newest activity first, paged', async () => {
    const { token } = await createClient(chat.server);
    const empty = await getJson(chat.server, token, '/chat/conversations');
    expect(empty.body).toEqual({ conversations: [], page: 1, totalPages: 0 });

    const a = await open(token, 'First conversation');
    const b = await open(token, 'Second conversation');
    const c = await open(token, 'Third conversation');
    // New activity in the first moves it to the top.
    await streamChat(chat.baseUrl, token, { message: 'More', conversationId: a });

    const page1 = await getJson(chat.server, token, '/chat/conversations?page=1&pageSize=2');
    expect(page1.body.page).toBe(1);
    expect(page1.body.totalPages).toBe(2);
    expect(page1.body.conversations.map((x: { id: string }) => x.id)).toEqual([a, c]);
    expect(page1.body.conversations[0]).toMatchObject({
      title: 'First conversation',
      messageCount: 4,
      titleGenerated: true,
    });
    const page2 = await getJson(chat.server, token, '/chat/conversations?page=2&pageSize=2');
    expect(page2.body.conversations.map((x: { id: string }) => x.id)).toEqual([b]);
    const beyond = await getJson(chat.server, token, '/chat/conversations?page=3&pageSize=2');
    expect(beyond.body.conversations).toEqual([]);
    const defaults = await getJson(chat.server, token, '/chat/conversations');
    expect(defaults.body).toMatchObject({ page: 1, totalPages: 1 });
    expect(defaults.body.conversations).toHaveLength(3);

    for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x', 'sort=title']) {
      const bad = await getJson(chat.server, token, `/chat/conversations?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
  });

  it('renames a conversation: trimmed, titleGenerated false, 200-character limit', async () => {
    const { token } = await createClient(chat.server);
    const id = await open(token, 'A conversation about roofs and panels');
    const renamed = await sendJson(chat.server, token, 'PUT', `/chat/conversations/${id}/title`, {
      title: '  My roof plan  ',
    });
    expect(renamed).toMatchObject({ status: 200, body: { success: true, title: 'My roof plan' } });
    const list = await getJson(chat.server, token, '/chat/conversations');
    expect(list.body.conversations[0]).toMatchObject({
      id,
      title: 'My roof plan',
      titleGenerated: false,
    });
    expect((await getJson(chat.server, token, `/chat/history/${id}`)).body.title).toBe(
      'My roof plan',
    );

    const longest = await sendJson(chat.server, token, 'PUT', `/chat/conversations/${id}/title`, {
      title: 't'.repeat(200),
    });
    expect(longest.status).toBe(200);
    const tooLong = await sendJson(chat.server, token, 'PUT', `/chat/conversations/${id}/title`, {
      title: 't'.repeat(201),
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Title cannot exceed 200 characters' },
    });
    for (const body of [{ title: '   ' }, {}, { title: 'ok', extra: 1 }]) {
      const bad = await sendJson(
        chat.server,
        token,
        'PUT',
        `/chat/conversations/${id}/title`,
        body,
      );
      expect(bad.status).toBe(400);
    }
    expect((await getJson(chat.server, token, `/chat/history/${id}`)).body.title).toBe(
      't'.repeat(200),
    );
  });

  it('generates a trimmed summary title from a long first message', async () => {
    const { token } = await createClient(chat.server);
    const message =
      'Hello,   I would like to know how many solar panels I need for a two storey house near the lake';
    const id = await open(token, message);
    const { body } = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(body.title.length).toBeLessThanOrEqual(61);
    expect(body.title.endsWith('…')).toBe(true);
    expect(message.replace(/\s+/g, ' ').startsWith(body.title.slice(0, -1))).toBe(true);
  });

  it('ends a conversation; later messages get 409 and ending again is harmless', async () => {
    const { token } = await createClient(chat.server);
    const id = await open(token, 'Hello');
    const ended = await sendJson(chat.server, token, 'POST', `/chat/end/${id}`);
    expect(ended).toMatchObject({ status: 200, body: { conversationId: id, status: 'ended' } });
    expect((await getJson(chat.server, token, `/chat/history/${id}`)).body.status).toBe('ended');
    expect((await sendJson(chat.server, token, 'POST', `/chat/end/${id}`)).status).toBe(200);
    const late = await streamChat(chat.baseUrl, token, {
      message: 'Still there?',
      conversationId: id,
    });
    expect(late).toMatchObject({ status: 409, json: { code: 'conflict' } });
    expect((await getJson(chat.server, token, `/chat/history/${id}`)).body.messages).toHaveLength(
      2,
    );
  });

  it('keeps the latest value of each fact across conversations, saying which one', async () => {
    const { token } = await createClient(chat.server);
    const first = await open(token, 'We use 300 kWh a month and the roof is flat.');
    const before = await getJson(chat.server, token, '/chat/portfolio');
    expect(before.body).toMatchObject({
      electricityConsumption: { monthlyKwh: 300, monthlyBill: null, currency: 'KGS' },
      propertyInfo: { roofType: 'flat', roofArea: null, location: null },
    });
    expect(Date.parse(before.body.updatedAt)).not.toBeNaN();

    const second = await open(token, 'Correction: we use 420 kWh a month. The roof area is 35 m2.');
    const after = await getJson(chat.server, token, '/chat/portfolio');
    expect(after.body).toMatchObject({
      electricityConsumption: { monthlyKwh: 420 },
      propertyInfo: { roofType: 'flat', roofArea: 35 },
    });
    // Each fact names the conversation it came from.
    expect(after.body.sources).toEqual({
      monthlyKwh: {
        conversationId: second,
        conversationTitle: expect.stringContaining('Correction'),
        recordedAt: after.body.updatedAt,
      },
      roofArea: expect.objectContaining({ conversationId: second }),
      roofType: {
        conversationId: first,
        conversationTitle: expect.stringContaining('300 kWh'),
        recordedAt: before.body.updatedAt,
      },
    });
    expect(Date.parse(after.body.updatedAt)).toBeGreaterThan(Date.parse(before.body.updatedAt));
    // An implausible figure is not a fact.
    await open(token, 'Actually we use 5000000 kWh a month.');
    expect(
      (await getJson(chat.server, token, '/chat/portfolio')).body.electricityConsumption.monthlyKwh,
    ).toBe(420);
  });
});

describe('chat settings', () => {
  it('stops start-up with one clear line when a chat setting is bad', async () => {
    await expect(startChatServer('pglite', { AI_STREAM_DELAY_MS: 'soon' })).rejects.toThrow(
      /^Invalid configuration: AI_STREAM_DELAY_MS /,
    );
  });
});

describe('chat in the OpenAPI document', () => {
  it('documents every chat call under the chat tag', async () => {
    const server = await startChatServer('pglite');
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(response.statusCode).toBe(200);
      const paths = response.json().paths as Record<string, Record<string, { tags?: string[] }>>;
      for (const [path, method] of [
        ['/chat/stream', 'post'],
        ['/chat/history/{id}', 'get'],
        ['/chat/end/{id}', 'post'],
        ['/chat/conversations', 'get'],
        ['/chat/conversations/{id}/title', 'put'],
        ['/chat/portfolio', 'get'],
      ] as const) {
        expect(paths[path]?.[method]?.tags).toEqual(['chat']);
      }
    } finally {
      await server.close();
    }
  });
});
