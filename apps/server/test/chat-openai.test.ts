/**
 * The `openai-compatible` provider against a local server speaking the OpenAI
 * chat-completions streaming protocol (chat-openai-server.ts): instructions and the
 * fact-recording tool in the request, a tool call whose validated facts land in
 * extractedData and the portfolio, the text parser as the safety net, a model-written
 * title, a provider failure mid-stream (error chunk, then `complete`), and a client abort
 * that cancels the upstream request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECORD_FACTS_TOOL } from '../src/chat/instructions.ts';
import { STREAM_ERROR_MESSAGE } from '../src/chat/stream.ts';
import { databaseKinds } from './harness.ts';
import { createClient, eventually, getJson, useChatServer, streamChat } from './chat-helpers.ts';
import { startFakeCompletionServer, type FakeCompletionServer } from './chat-openai-server.ts';

describe.each(databaseKinds)('the openai-compatible provider on %s', (kind) => {
  let fake: FakeCompletionServer;
  beforeAll(async () => {
    fake = await startFakeCompletionServer();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const chat = useChatServer(kind, () => ({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'test-model',
    AI_API_KEY: 'test-key',
  }));
  beforeEach(() => {
    fake.requests.length = 0;
    fake.replies.length = 0;
  });
  const streamed = () => fake.requests.filter((r) => r.body.stream === true);

  it('sends instructions and the tool; a tool call lands in the portfolio; the model titles it', async () => {
    const { token } = await createClient(chat.server);
    fake.title = 'Title: "Solar for a level roof".';
    fake.replies.push(
      {
        kind: 'tool-call',
        name: RECORD_FACTS_TOOL,
        argumentPieces: ['{"monthlyKwh": 4', '50, "roofType": "flat"}'],
      },
      { kind: 'text', pieces: ['Gracias', ', anoto', ' sus datos.'] },
    );
    const message =
      'Nuestro consumo es de cuatrocientos cincuenta kilovatios hora y la parte de arriba de la casa es llana.';
    const result = await streamChat(chat.baseUrl, token, {
      message,
      conversationId: null,
      context: { botType: 0, locale: 'es' },
    });
    expect(result.status).toBe(200);
    expect(result.text).toBe('Gracias, anoto sus datos.');
    const complete = result.events.at(-1)!;
    expect(complete).toMatchObject({
      event: 'complete',
      chunk: {
        isComplete: true,
        isError: false,
        completeMessage: 'Gracias, anoto sus datos.',
        extractedData: { monthlyKwh: 450, roofType: 'flat' },
      },
    });

    const [first, second] = streamed();
    expect(first!.headers.authorization).toBe('Bearer test-key');
    expect(first!.body.model).toBe('test-model');
    const system = first!.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('consultor solar');
    expect(system.content).toContain('Always answer in español.');
    expect(first!.body.messages.at(-1)).toMatchObject({ role: 'user', content: message });
    const recordTool = first!.body.tools!.find((t) => t.function.name === RECORD_FACTS_TOOL);
    expect(JSON.stringify(recordTool!.function.parameters)).toContain('monthlyKwh');
    // The tool's result goes back to the model, which then writes the text.
    const toolMessage = second!.body.messages.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage!.content)).toContain('450');

    const id = result.events[0]!.chunk.conversationId;
    const portfolio = await getJson(chat.server, token, '/chat/portfolio');
    expect(portfolio.body).toMatchObject({
      electricityConsumption: { monthlyKwh: 450, monthlyBill: null, currency: 'KGS' },
      propertyInfo: { roofType: 'flat', roofArea: null, location: null },
    });
    const history = await eventually(
      () => getJson(chat.server, token, `/chat/history/${id}`),
      (h) => h.body.title === 'Solar for a level roof',
    );
    expect(history.body.title).toBe('Solar for a level roof');
    const list = await getJson(chat.server, token, '/chat/conversations');
    expect(list.body.conversations[0]).toMatchObject({ id, titleGenerated: true });
    const titleCall = fake.requests.find((r) => r.body.stream !== true);
    expect(JSON.stringify(titleCall!.body.messages)).toContain('cuatrocientos');
  });

  it('keeps only the plausible facts of a tool call', async () => {
    const { token } = await createClient(chat.server);
    fake.replies.push(
      {
        kind: 'tool-call',
        name: RECORD_FACTS_TOOL,
        argumentPieces: [
          '{"monthlyKwh": -5, "monthlyBill": "lots", "roofArea": 99999999, "roofType": "gable", "location": " Osh "}',
        ],
      },
      { kind: 'text', pieces: ['Noted.'] },
    );
    const result = await streamChat(chat.baseUrl, token, {
      message: 'Some details about my house.',
      conversationId: null,
    });
    expect(result.events.at(-1)!.chunk.extractedData).toEqual({
      roofType: 'pitched',
      location: 'Osh',
    });
    const portfolio = await getJson(chat.server, token, '/chat/portfolio');
    expect(portfolio.body.electricityConsumption).toMatchObject({
      monthlyKwh: null,
      monthlyBill: null,
    });
    expect(portfolio.body.propertyInfo).toEqual({
      roofType: 'pitched',
      roofArea: null,
      location: 'Osh',
    });
  });

  it('falls back on the text parser when the model records nothing, and sends the history', async () => {
    const { token } = await createClient(chat.server);
    fake.replies.push({ kind: 'text', pieces: ['Hello!'] }, { kind: 'text', pieces: ['Sure.'] });
    const first = await streamChat(chat.baseUrl, token, {
      message: 'My bill is 2000 som a month.',
      conversationId: null,
    });
    expect(first.events.at(-1)!.chunk.extractedData).toEqual({ monthlyBill: 2000 });
    const id = first.events[0]!.chunk.conversationId;
    await streamChat(chat.baseUrl, token, { message: 'And then?', conversationId: id });
    const second = streamed()[1]!;
    expect(second.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'My bill is 2000 som a month.' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'And then?' },
    ]);
    // The system message carries the known fact and the domain estimate for it.
    expect(second.body.messages[0]!.content).toContain('monthlyBill: 2000');
    expect(second.body.messages[0]!.content).toContain('estimatedCostSom');
    const portfolio = await getJson(chat.server, token, '/chat/portfolio');
    expect(portfolio.body.electricityConsumption.monthlyBill).toBe(2000);
  });

  it('sends an error chunk and then complete when the provider fails mid-stream', async () => {
    const { token } = await createClient(chat.server);
    fake.replies.push({ kind: 'fail-after', pieces: ['Hel', 'lo'] });
    const result = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId: null });
    expect(result.status).toBe(200);
    const kinds = result.events.map((e) =>
      e.event === 'complete' ? 'complete' : e.chunk.isError ? 'error' : e.chunk.textDelta,
    );
    expect(kinds).toEqual(['', 'Hel', 'lo', 'error', 'complete']);
    const error = result.events.at(-2)!.chunk;
    expect(error).toMatchObject({
      isError: true,
      isComplete: false,
      textDelta: STREAM_ERROR_MESSAGE,
    });
    expect(result.events.at(-1)!.chunk).toMatchObject({
      isComplete: true,
      completeMessage: 'Hello',
      extractedData: null,
    });
    const id = result.events[0]!.chunk.conversationId;
    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(
      history.body.messages.map((m: { role: string; content: string; interrupted: boolean }) => [
        m.role,
        m.content,
        m.interrupted,
      ]),
    ).toEqual([
      ['user', 'Hi', false],
      ['assistant', 'Hello', true],
    ]);
    // The conversation stays usable.
    fake.replies.push({ kind: 'text', pieces: ['Back again.'] });
    const again = await streamChat(chat.baseUrl, token, { message: 'Hi?', conversationId: id });
    expect(again.events.at(-1)!.chunk.completeMessage).toBe('Back again.');
  });

  it('cancels the upstream request when the reply is stopped and stores the partial reply', async () => {
    const { token } = await createClient(chat.server);
    const pieces = Array.from({ length: 100 }, (_, i) => `w${i} `);
    fake.replies.push({ kind: 'text', pieces, delayMs: 30 });
    const result = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Tell me a long story', conversationId: null },
      { stopWhen: (event) => event.chunk.textDelta !== '' },
    );
    const id = result.events[0]!.chunk.conversationId;
    // The client's disconnect alone would not stop it: the explicit call does.
    const stopped = await fetch(`${chat.baseUrl}/chat/stop/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stopped.status).toBe(204);
    const upstream = streamed()[0]!;
    await eventually(
      async () => upstream.clientClosed,
      (closed) => closed,
    );
    expect(upstream.clientClosed).toBe(true);
    const history = await eventually(
      () => getJson(chat.server, token, `/chat/history/${id}`),
      (h) => h.body.messages.length === 2,
    );
    const reply = history.body.messages[1];
    expect(reply.interrupted).toBe(true);
    expect(reply.content.startsWith('w0 ')).toBe(true);
    expect(reply.content.length).toBeLessThan(pieces.join('').length);
  });
});
