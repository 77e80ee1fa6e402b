/**
 * The offline assistant: a short scripted conversation in each
 * language. The facts it extracts are the ones stated, the estimate it quotes matches the
 * domain formula (`quickEstimate`, with `billToKwh` for a bill), it introduces itself as an
 * automated assistant, asks for what is missing, and never writes a figure that is neither
 * the user's nor computed from the user's figures.
 */
import {
  ESTIMATE_CONSTANTS,
  ESTIMATE_DEFAULTS,
  billToKwh,
  parseLocaleNumber,
  quickEstimate,
  type BotType,
  type ExtractedData,
  type Locale,
} from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './harness.ts';
import { createClient, getJson, streamChat, useChatServer } from './chat-helpers.ts';

/** Numbers written in a reply, read back whatever the locale's separators. */
function figuresIn(text: string): number[] {
  const tokens = text.match(/\d{1,3}(?:[\u00a0\u202f.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g) ?? [];
  return tokens.map(parseLocaleNumber);
}

/** How `locale` writes a number (independently of the server code). */
const written = (locale: Locale, value: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);

/** Every figure a reply may contain once `kwh` (and the given numbers) are known. */
function allowedFigures(given: number[], kwh: number | undefined): Set<number> {
  const allowed = new Set<number>([...given, ESTIMATE_CONSTANTS.panelKw]);
  if (kwh !== undefined) {
    allowed.add(kwh);
    allowed.add(ESTIMATE_DEFAULTS.pricePerKwhSom);
    for (const value of Object.values(quickEstimate({ monthlyKwh: kwh }))) {
      if (typeof value === 'number') allowed.add(value);
    }
  }
  return allowed;
}

interface Turn {
  message: string;
  /** Facts this message states (the exchange's extractedData). */
  facts: ExtractedData | null;
  /** Texts the reply must contain (besides the estimate). */
  says: string[];
}

interface Script {
  locale: Locale;
  botType: BotType;
  turns: Turn[];
  /** Monthly kWh the estimate is based on once consumption is known. */
  kwh: number;
  /** Figures the user gave. */
  given: number[];
  portfolio: {
    monthlyKwh: number | null;
    monthlyBill: number | null;
    roofType: string | null;
    roofArea: number | null;
    location: string | null;
  };
}

const scripts: Script[] = [
  {
    locale: 'en',
    botType: 0,
    kwh: 450,
    given: [450, 40],
    turns: [
      {
        message: 'Hi! Can you help me with solar panels?',
        facts: null,
        says: ['automated', 'not a person', 'monthly electricity use in kWh'],
      },
      {
        message: 'We use about 450 kWh per month.',
        facts: { monthlyKwh: 450 },
        says: ['Noted: 450 kWh a month', 'your roof type', 'roof area', 'where the property is'],
      },
      {
        message: 'The roof is flat, about 40 m2. I live in Bishkek.',
        facts: { roofType: 'flat', roofArea: 40, location: 'Bishkek' },
        says: ['a flat roof', 'Bishkek', 'has room for them', 'everything I need'],
      },
    ],
    portfolio: {
      monthlyKwh: 450,
      monthlyBill: null,
      roofType: 'flat',
      roofArea: 40,
      location: 'Bishkek',
    },
  },
  {
    locale: 'es',
    botType: 0,
    kwh: billToKwh(1200),
    given: [1200],
    turns: [
      {
        message: 'Hola, quiero instalar paneles solares en mi casa.',
        facts: null,
        says: ['automático', 'no una persona', 'factura mensual'],
      },
      {
        message: 'Mi factura es de 1.200 som al mes.',
        facts: { monthlyBill: 1200 },
        says: [
          `una factura de ${written('es', 1200)} som al mes`,
          `unos ${written('es', billToKwh(1200))} kWh al mes`,
        ],
      },
      {
        message: 'Tengo un techo de tejas. Vivo en Osh.',
        facts: { roofType: 'tile', location: 'Osh' },
        says: ['techo de tejas', 'Osh', 'la superficie del techo en m²'],
      },
    ],
    portfolio: {
      monthlyKwh: null,
      monthlyBill: 1200,
      roofType: 'tile',
      roofArea: null,
      location: 'Osh',
    },
  },
  {
    locale: 'ru',
    botType: 1,
    kwh: 600,
    given: [600, 20],
    turns: [
      {
        message: 'Здравствуйте! Сколько стоит солнечная станция?',
        facts: null,
        says: ['автоматический ассистент по продажам', 'а не человек', 'кВт·ч'],
      },
      {
        message: 'Расход 600 кВт·ч в месяц, крыша скатная.',
        facts: { monthlyKwh: 600, roofType: 'pitched' },
        says: ['600 кВт·ч в месяц', 'скатная крыша', 'площадь крыши'],
      },
      {
        message: 'Площадь крыши 20 м², живу в Караколе.',
        facts: { roofArea: 20, location: 'Караколе' },
        says: ['крыша 20 м²', 'меньше нужных', 'предварительного предложения'],
      },
    ],
    portfolio: {
      monthlyKwh: 600,
      monthlyBill: null,
      roofType: 'pitched',
      roofArea: 20,
      location: 'Караколе',
    },
  },
];

describe.each(databaseKinds)('the offline assistant on %s', (kind) => {
  const chat = useChatServer(kind);

  it.each(scripts)(
    'holds a scripted conversation in $locale (bot $botType)',
    async ({ locale, botType, turns, kwh, given, portfolio }) => {
      const { token } = await createClient(chat.server);
      const estimate = quickEstimate({ monthlyKwh: kwh });
      let conversationId: string | null = null;
      let consumptionKnown = false;
      for (const turn of turns) {
        const result = await streamChat(chat.baseUrl, token, {
          message: turn.message,
          conversationId,
          context: { botType, locale },
        });
        expect(result.status).toBe(200);
        conversationId = result.events[0]!.chunk.conversationId;
        const complete = result.events.at(-1)!;
        expect(complete.event).toBe('complete');
        expect(complete.chunk.extractedData ?? null).toEqual(turn.facts);
        expect(result.events.every((e) => e.chunk.botType === botType)).toBe(true);
        const reply = complete.chunk.completeMessage!;
        expect(reply).toBe(result.text);
        for (const text of turn.says) expect(reply).toContain(text);

        consumptionKnown ||=
          turn.facts?.monthlyKwh !== undefined || turn.facts?.monthlyBill !== undefined;
        if (consumptionKnown) {
          for (const value of [
            estimate.systemSizeKw,
            estimate.panelCount,
            estimate.estimatedCostSom,
            estimate.yearlyProductionKwh,
            estimate.monthlySavingsSom,
            estimate.paybackYears!,
            estimate.roofCoverageM2,
          ]) {
            expect(reply).toContain(written(locale, value));
          }
        } else {
          // Before any consumption is known the reply has no figures at all.
          expect(figuresIn(reply)).toEqual([]);
        }
        const allowed = allowedFigures(given, consumptionKnown ? kwh : undefined);
        for (const figure of figuresIn(reply)) expect(allowed).toContain(figure);
      }

      const stored = await getJson(chat.server, token, '/chat/portfolio');
      expect(stored.body).toMatchObject({
        electricityConsumption: {
          monthlyKwh: portfolio.monthlyKwh,
          monthlyBill: portfolio.monthlyBill,
          currency: 'KGS',
        },
        propertyInfo: {
          roofType: portfolio.roofType,
          roofArea: portfolio.roofArea,
          location: portfolio.location,
        },
      });
      const history = await getJson(chat.server, token, `/chat/history/${conversationId}`);
      const replies = history.body.messages.filter((m: { role: string }) => m.role === 'assistant');
      expect(replies).toHaveLength(turns.length);
      const greetings = replies.filter((m: { content: string }) =>
        /automated|automático|автоматический/.test(m.content),
      );
      expect(greetings).toHaveLength(1);
    },
  );

  it('uses facts from earlier conversations (the portfolio) in a new one', async () => {
    const { token } = await createClient(chat.server);
    await streamChat(chat.baseUrl, token, {
      message: 'Our bill is 3000 som a month.',
      conversationId: null,
    });
    const next = await streamChat(chat.baseUrl, token, {
      message: 'What would a system cost?',
      conversationId: null,
    });
    const kwh = billToKwh(3000);
    expect(next.events.at(-1)!.chunk.extractedData).toBeNull();
    expect(next.text).toContain(`${written('en', kwh)} kWh a month`);
    expect(next.text).toContain(written('en', quickEstimate({ monthlyKwh: kwh }).estimatedCostSom));
  });
});
