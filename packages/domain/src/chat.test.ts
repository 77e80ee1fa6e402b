import { describe, expect, it } from 'vitest';
import {
  BOT_TYPES,
  STREAM_COMPLETE_EVENT,
  botTypeLabel,
  conversationTitleLabel,
  emptyPortfolio,
  isBotType,
  isEventStream,
  isPortfolioEmpty,
  isPortfolioMixed,
  mergePortfolio,
  parseStreamChunk,
} from './chat.ts';

describe('bot types', () => {
  it('names consultant 0 and sales specialist 1', () => {
    expect(BOT_TYPES).toEqual({ consultant: 0, salesSpecialist: 1 });
    expect(botTypeLabel(0).defaultMessage).toBe('Solar Consultant');
    expect(botTypeLabel(1).defaultMessage).toBe('Sales Specialist');
    expect([0, 1, 2, '0'].map(isBotType)).toEqual([true, true, false, false]);
  });
});

describe('stream chunks', () => {
  it('parses a text chunk and a complete chunk', () => {
    expect(
      parseStreamChunk(
        '{"conversationId":"c1","textDelta":"Hi","botType":1,"isComplete":false,"isError":false}',
      ),
    ).toEqual({
      conversationId: 'c1',
      textDelta: 'Hi',
      botType: 1,
      isComplete: false,
      isError: false,
      completeMessage: null,
      extractedData: null,
    });
    const done = parseStreamChunk(
      JSON.stringify({
        conversationId: 'c1',
        textDelta: '',
        botType: 0,
        isComplete: true,
        isError: false,
        completeMessage: 'Hi there',
        extractedData: { monthlyKwh: 300 },
      }),
    );
    expect(done).toMatchObject({
      isComplete: true,
      completeMessage: 'Hi there',
      extractedData: { monthlyKwh: 300 },
    });
  });

  it.each([['not json'], ['[1,2]'], ['null'], ['"text"']])(
    'turns %j into a [Parse Error] chunk',
    (data) => {
      expect(parseStreamChunk(data, 'c9')).toEqual({
        conversationId: 'c9',
        textDelta: '[Parse Error]',
        botType: 0,
        isComplete: false,
        isError: true,
      });
    },
  );

  it('fills missing fields with neutral values', () => {
    expect(parseStreamChunk('{"botType":7}', 'c2')).toEqual({
      conversationId: 'c2',
      textDelta: '',
      botType: 0,
      isComplete: false,
      isError: false,
      completeMessage: null,
      extractedData: null,
    });
    expect(parseStreamChunk('{}').conversationId).toBe('');
  });

  it('recognises the event-stream content type and the complete event', () => {
    expect(STREAM_COMPLETE_EVENT).toBe('complete');
    expect(isEventStream('text/event-stream; charset=utf-8')).toBe(true);
    expect(isEventStream('Text/Event-Stream')).toBe(true);
    expect(isEventStream('application/json')).toBe(false);
    expect(isEventStream(null)).toBe(false);
  });
});

describe('conversation titles', () => {
  it('marks generated titles with an asterisk', () => {
    expect(conversationTitleLabel({ title: 'Solar for my house', titleGenerated: true })).toBe(
      'Solar for my house *',
    );
    expect(conversationTitleLabel({ title: 'Mine', titleGenerated: false })).toBe('Mine');
  });
});

describe('portfolio', () => {
  it('starts empty with currency KGS', () => {
    const empty = emptyPortfolio();
    expect(empty.electricityConsumption.currency).toBe('KGS');
    expect(isPortfolioEmpty(empty)).toBe(true);
    expect(empty.updatedAt).toBeNull();
  });

  it('keeps the latest value of each fact, with the conversation it came from', () => {
    const first = mergePortfolio(
      emptyPortfolio(),
      { monthlyKwh: 300, location: 'Bishkek' },
      '2026-11-20T10:00:00Z',
      { id: 'c1', title: 'Roof questions' },
    );
    const second = mergePortfolio(
      first,
      { monthlyKwh: 350, roofType: 'flat', roofArea: 60, monthlyBill: 500 },
      '2026-11-21T10:00:00Z',
      { id: 'c2', title: null },
    );
    const fromSecond = {
      conversationId: 'c2',
      conversationTitle: null,
      recordedAt: '2026-11-21T10:00:00Z',
    };
    expect(second).toEqual({
      electricityConsumption: { monthlyKwh: 350, monthlyBill: 500, currency: 'KGS' },
      propertyInfo: { roofType: 'flat', roofArea: 60, location: 'Bishkek' },
      updatedAt: '2026-11-21T10:00:00Z',
      sources: {
        monthlyKwh: fromSecond,
        monthlyBill: fromSecond,
        roofType: fromSecond,
        roofArea: fromSecond,
        location: {
          conversationId: 'c1',
          conversationTitle: 'Roof questions',
          recordedAt: '2026-11-20T10:00:00Z',
        },
      },
    });
    expect(isPortfolioEmpty(second)).toBe(false);
  });

  it('is mixed only when its facts come from more than one conversation', () => {
    const one = mergePortfolio(
      emptyPortfolio(),
      { monthlyKwh: 300, location: 'Bishkek' },
      '2026-11-20T10:00:00Z',
      { id: 'c1', title: 'Roof questions' },
    );
    expect(isPortfolioMixed(emptyPortfolio())).toBe(false);
    expect(isPortfolioMixed(one)).toBe(false);
    const same = mergePortfolio(one, { monthlyBill: 2500 }, '2026-11-21T10:00:00Z', {
      id: 'c1',
      title: 'Roof questions',
    });
    expect(isPortfolioMixed(same)).toBe(false);
    const two = mergePortfolio(one, { monthlyBill: 2500 }, '2026-11-21T10:00:00Z', {
      id: 'c2',
      title: null,
    });
    expect(isPortfolioMixed(two)).toBe(true);
    // A newer value from the first conversation replaces the only fact of the second.
    const back = mergePortfolio(two, { monthlyBill: 2600 }, '2026-11-22T10:00:00Z', {
      id: 'c1',
      title: 'Roof questions',
    });
    expect(isPortfolioMixed(back)).toBe(false);
  });

  it('does not move updatedAt without facts', () => {
    const p = mergePortfolio(emptyPortfolio(), { location: 'Osh' }, '2026-11-20T10:00:00Z');
    expect(mergePortfolio(p, {}, '2026-11-22T10:00:00Z')).toBe(p);
    expect(mergePortfolio(p, null, '2026-11-22T10:00:00Z')).toBe(p);
  });
});
