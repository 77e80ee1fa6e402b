/**
 * Contract tests: The chat (docs/product.md#ai-chat; the OpenAPI document): the reply stream,
 * history, end, the conversation list, titles and the portfolio.
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** Streams, conversations and the portfolio. */
export function chatContract(kit: ContractKit): void {
  const { nullable, iso, id, freshUser, failure, raw, collect } = kit;
  describe('chat', () => {
    it('POST /chat/stream streams chunks of one new conversation ending with complete', async () => {
      const { api } = await freshUser();
      const chunks = await collect(
        api.chat.stream({
          message: 'Hello, can solar panels work on my house?',
          conversationId: null,
        }),
      );
      expect(chunks.length).toBeGreaterThan(1);
      const conversationId = chunks[0]!.conversationId;
      expect(conversationId).toEqual(expect.any(String));
      expect(chunks.every((c) => c.conversationId === conversationId)).toBe(true);
      const last = chunks.at(-1)!;
      expect(last).toMatchObject({ isComplete: true, isError: false, botType: 0 });
      const text = chunks
        .slice(0, -1)
        .map((c) => c.textDelta)
        .join('');
      expect(text.length).toBeGreaterThan(0);
      expect(last.completeMessage).toBe(text);
      expect(chunks.slice(0, -1).every((c) => !c.isComplete && !c.isError)).toBe(true);

      const history = await api.chat.history(conversationId);
      expect(history).toEqual({
        conversationId,
        title: expect.any(String),
        startedAt: iso,
        status: 'active',
        messages: expect.any(Array),
      });
      expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(history.messages[0]).toEqual({
        id,
        role: 'user',
        content: 'Hello, can solar panels work on my house?',
        botType: nullable(expect.any(Number)),
        createdAt: iso,
        extractedDataJson: null,
        interrupted: false,
      });
      expect(history.messages[1]).toMatchObject({
        role: 'assistant',
        content: text,
        interrupted: false,
      });
      const list = await api.chat.conversations();
      expect(list.conversations[0]).toEqual({
        id: conversationId,
        title: history.title,
        messageCount: 2,
        lastMessageAt: iso,
        titleGenerated: true,
      });
    });
    it('continues a conversation and uses the requested bot type', async () => {
      const { api } = await freshUser();
      const first = await collect(api.chat.stream({ message: 'Hi there', conversationId: null }));
      const conversationId = first[0]!.conversationId;
      const second = await collect(
        api.chat.stream({
          message: 'I want a quote',
          conversationId,
          context: { botType: 1, locale: 'en' },
        }),
      );
      expect(second.every((c) => c.conversationId === conversationId)).toBe(true);
      expect(second.at(-1)).toMatchObject({ isComplete: true, botType: 1 });
      expect((await api.chat.history(conversationId)).messages).toHaveLength(4);
    });
    it('collects solar facts: extractedData on complete and the portfolio', async () => {
      const { api } = await freshUser();
      expect(await api.chat.portfolio()).toEqual({
        electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
        propertyInfo: { roofType: null, roofArea: null, location: null },
        updatedAt: null,
        sources: {},
      });
      const chunks = await collect(
        api.chat.stream({ message: 'We use 450 kWh per month.', conversationId: null }),
      );
      expect(chunks.at(-1)!.extractedData).toMatchObject({ monthlyKwh: 450 });
      const portfolio = await api.chat.portfolio();
      expect(portfolio).toMatchObject({
        electricityConsumption: { monthlyKwh: 450, currency: 'KGS' },
        updatedAt: iso,
        sources: {
          monthlyKwh: {
            conversationId: chunks[0]!.conversationId,
            conversationTitle: expect.any(String),
            recordedAt: iso,
          },
        },
      });
    });
    it('stream errors come before the stream: 400 blank or too long, 404 unknown or foreign, 409 ended, 401 without token', async () => {
      const { api } = await freshUser();
      const stranger = await freshUser();
      const foreign = (
        await collect(stranger.api.chat.stream({ message: 'Mine', conversationId: null }))
      )[0]!.conversationId;
      expect(
        await failure(collect(api.chat.stream({ message: '   ', conversationId: null }))),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(
          collect(api.chat.stream({ message: 'x'.repeat(4001), conversationId: null })),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(collect(api.chat.stream({ message: 'Hi', conversationId: foreign }))),
      ).toMatchObject({ status: 404 });
      expect(
        await failure(
          collect(
            api.chat.stream({
              message: 'Hi',
              conversationId: '00000000-0000-4000-8000-999999999999',
            }),
          ),
        ),
      ).toMatchObject({ status: 404 });
      await stranger.api.chat.end(foreign);
      expect(
        await failure(
          collect(stranger.api.chat.stream({ message: 'Again', conversationId: foreign })),
        ),
      ).toMatchObject({ status: 409 });
      const anonymous = await raw('POST', 'chat/stream', {
        body: { message: 'Hi', conversationId: null },
      });
      expect(anonymous.status).toBe(401);
    });
    it('GET /chat/history/{id} answers 404 for an unknown or foreign conversation', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const foreign = (
        await collect(other.api.chat.stream({ message: 'Private', conversationId: null }))
      )[0]!.conversationId;
      expect(await failure(api.chat.history(foreign))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await failure(api.chat.history('00000000-0000-4000-8000-999999999999'))).toMatchObject(
        { status: 404 },
      );
    });
    it('POST /chat/end/{id} answers 200 {conversationId, status: ended}; 404 unknown', async () => {
      const { api } = await freshUser();
      const conversationId = (
        await collect(api.chat.stream({ message: 'Bye soon', conversationId: null }))
      )[0]!.conversationId;
      expect(await api.chat.end(conversationId)).toEqual({ conversationId, status: 'ended' });
      expect((await api.chat.history(conversationId)).status).toBe('ended');
      expect(await failure(api.chat.end('00000000-0000-4000-8000-999999999999'))).toMatchObject({
        status: 404,
      });
    });
    it('GET /chat/conversations pages newest activity first; 400 for page 0', async () => {
      const { api } = await freshUser();
      const a = (await collect(api.chat.stream({ message: 'First one', conversationId: null })))[0]!
        .conversationId;
      const b = (
        await collect(api.chat.stream({ message: 'Second one', conversationId: null }))
      )[0]!.conversationId;
      const all = await api.chat.conversations();
      expect(all).toMatchObject({ page: 1, totalPages: 1 });
      expect(all.conversations.map((c) => c.id)).toEqual([b, a]);
      const one = await api.chat.conversations({ page: 2, pageSize: 1 });
      expect(one).toMatchObject({ page: 2, totalPages: 2 });
      expect(one.conversations.map((c) => c.id)).toEqual([a]);
      expect(await failure(api.chat.conversations({ page: 0 }))).toMatchObject({ status: 400 });
    });
    it('PUT /chat/conversations/{id}/title answers 200 trimmed; 400 empty or over 200; 404', async () => {
      const { api } = await freshUser();
      const conversationId = (
        await collect(api.chat.stream({ message: 'Name me', conversationId: null }))
      )[0]!.conversationId;
      expect(await api.chat.rename(conversationId, '  My roof  ')).toEqual({
        success: true,
        title: 'My roof',
      });
      expect((await api.chat.conversations()).conversations[0]).toMatchObject({
        title: 'My roof',
        titleGenerated: false,
      });
      expect(await failure(api.chat.rename(conversationId, '   '))).toMatchObject({ status: 400 });
      const long = await failure(api.chat.rename(conversationId, 'x'.repeat(201)));
      expect(long).toMatchObject({ status: 400, message: 'Title cannot exceed 200 characters' });
      expect(
        await failure(api.chat.rename('00000000-0000-4000-8000-999999999999', 'T')),
      ).toMatchObject({ status: 404 });
    });
    it('POST /chat/stream regenerates the last reply: replace leaves one, keep leaves two', async () => {
      const { api } = await freshUser();
      const first = await collect(api.chat.stream({ message: 'Hi there', conversationId: null }));
      const conversationId = first[0]!.conversationId;
      const before = (await api.chat.history(conversationId)).messages;

      const replaced = await collect(api.chat.stream({ regenerate: 'replace', conversationId }));
      expect(replaced.every((c) => c.conversationId === conversationId)).toBe(true);
      expect(replaced.at(-1)).toMatchObject({ isComplete: true, isError: false });
      const afterReplace = (await api.chat.history(conversationId)).messages;
      expect(afterReplace.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(afterReplace[0]!.id).toBe(before[0]!.id);
      expect(afterReplace[1]!.id).not.toBe(before[1]!.id);
      expect(afterReplace[1]).toMatchObject({
        content: replaced.at(-1)!.completeMessage,
        interrupted: false,
      });

      await collect(api.chat.stream({ regenerate: 'keep', conversationId }));
      const afterKeep = (await api.chat.history(conversationId)).messages;
      expect(afterKeep.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
      expect(afterKeep[1]!.id).toBe(afterReplace[1]!.id);
    });
    it('POST /chat/stream regenerate answers 409 in an ended conversation, 400 without an id', async () => {
      const { api } = await freshUser();
      const first = await collect(api.chat.stream({ message: 'Hi there', conversationId: null }));
      const conversationId = first[0]!.conversationId;
      await api.chat.end(conversationId);
      expect(
        await failure(collect(api.chat.stream({ regenerate: 'keep', conversationId }))),
      ).toMatchObject({ status: 409, code: 'conflict' });
      expect(
        await failure(collect(api.chat.stream({ regenerate: 'keep', conversationId: null }))),
      ).toMatchObject({ status: 400 });
      const anonymous = await raw('POST', 'chat/stream', {
        body: { regenerate: 'replace', conversationId },
      });
      expect(anonymous.status).toBe(401);
    });
    it('GET /chat/portfolio answers 401 without a token', async () => {
      expect((await raw('GET', 'chat/portfolio')).status).toBe(401);
    });
  });
}
