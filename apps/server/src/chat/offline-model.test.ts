import { quickEstimate } from '@solar/domain';
import { generateText, isStepCount, streamText, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { recordFactsInputSchema } from './facts.ts';
import { RECORD_FACTS_TOOL } from './instructions.ts';
import { createOfflineModel, streamPieces } from './offline-model.ts';
import { composeOfflineReply, formatNumber } from './offline-replies.ts';

const recordTool = (calls: unknown[]) => ({
  [RECORD_FACTS_TOOL]: tool({
    inputSchema: recordFactsInputSchema,
    execute: async (input) => {
      calls.push(input);
      return { recorded: input };
    },
  }),
});

describe('the offline model behind the AI SDK', () => {
  it('records stated facts with the tool, then streams the reply word by word', async () => {
    const calls: unknown[] = [];
    const result = streamText({
      model: createOfflineModel({ delayMs: 0 }),
      messages: [{ role: 'user', content: 'Hola, gastamos 450 kWh al mes.' }],
      tools: recordTool(calls),
      stopWhen: isStepCount(3),
      providerOptions: { solar: { locale: 'es', botType: 0, knownFacts: {} } },
    });
    const deltas: string[] = [];
    for await (const part of result.stream) if (part.type === 'text-delta') deltas.push(part.text);
    expect(calls).toEqual([{ monthlyKwh: 450 }]);
    const expected = composeOfflineReply({
      botType: 0,
      locale: 'es',
      facts: { monthlyKwh: 450 },
      newFacts: { monthlyKwh: 450 },
      firstReply: true,
    });
    expect(deltas.join('')).toBe(expected);
    expect(deltas).toEqual(streamPieces(expected));
    expect(expected).toContain(
      formatNumber('es', quickEstimate({ monthlyKwh: 450 }).estimatedCostSom),
    );
  });

  it('replies at once when there is nothing to record or no tool, and is deterministic', async () => {
    const model = createOfflineModel({ delayMs: 0 });
    const ask = () =>
      generateText({
        model,
        messages: [
          { role: 'user', content: 'We use 300 kWh a month.' },
          { role: 'assistant', content: 'Earlier answer.' },
          { role: 'user', content: 'And the price?' },
        ],
      });
    const first = await ask();
    const second = await ask();
    expect(first.text).toBe(second.text);
    // Facts of earlier user messages count; the greeting is only for a first reply.
    expect(first.text).toBe(
      composeOfflineReply({
        botType: 0,
        locale: 'en',
        facts: { monthlyKwh: 300 },
        newFacts: {},
        firstReply: false,
      }),
    );
    expect(first.toolCalls).toEqual([]);
  });

  it('keeps to its schedule: after a stall the words already due come without a new pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    try {
      const model = createOfflineModel({ delayMs: 100 });
      const { stream } = await model.doStream({
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      });
      const reader = stream.getReader();
      // A part, or 'late' when it needs more than half a pause between words.
      const next = async () => {
        const part = Promise.race([
          reader.read().then((r) => r.value?.type),
          new Promise<string>((resolve) => setTimeout(() => resolve('late'), 50)),
        ]);
        await vi.advanceTimersByTimeAsync(50);
        return part;
      };
      expect([await next(), await next()]).toEqual(['stream-start', 'text-start']);
      // The server is busy for a second: words 1 to 10 fall due meanwhile.
      await vi.advanceTimersByTimeAsync(1000);
      const parts: (string | undefined)[] = [];
      for (let i = 0; i < 5; i++) parts.push(await next());
      expect(parts).toEqual(Array(5).fill('text-delta'));
      await reader.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops streaming as soon as the call is aborted', async () => {
    const controller = new AbortController();
    // A minute before each word: a pause the abort did not cut short would outlast the test.
    const model = createOfflineModel({ delayMs: 60_000 });
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const parts: string[] = [];
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      parts.push(next.value.type);
      if (next.value.type === 'text-start') break;
    }
    // The first word is on its pause; the abort ends the stream without it.
    const pending = reader.read();
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(parts).toEqual(['stream-start', 'text-start']);
    const total = streamPieces(
      composeOfflineReply({ botType: 0, locale: 'en', facts: {}, newFacts: {}, firstReply: true }),
    ).length;
    expect(total).toBeGreaterThan(10);
  });
});

describe('formatNumber', () => {
  it("writes each locale's separators, keeping each locale and decimals apart (the formatters are made once)", () => {
    // Alternating calls: a formatter reused for the wrong locale or number of decimals shows.
    for (let round = 0; round < 2; round++) {
      expect(formatNumber('en', 11100.26)).toBe('11,100.3');
      expect(formatNumber('en', 11100.26, 2)).toBe('11,100.26');
      expect(formatNumber('es', 11100.26)).toBe('11.100,3');
      expect(formatNumber('ru', 11100.26, 2)).toBe('11\u00a0100,26');
      expect(formatNumber('ru', 11100.26)).toBe('11\u00a0100,3');
    }
  });
});
