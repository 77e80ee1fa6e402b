import { describe, expect, it } from 'vitest';
import { FACT_RANGES, factsFromText, isEmptyFacts, mergeFacts, validateFacts } from './facts.ts';

describe('validateFacts', () => {
  it('keeps plausible facts and rounds figures to 2 decimals', () => {
    expect(
      validateFacts({
        monthlyKwh: 450.456,
        monthlyBill: '1200',
        roofType: 'Flat',
        roofArea: 40,
        location: '  Bishkek,\n Chui  ',
      }),
    ).toEqual({
      monthlyKwh: 450.46,
      monthlyBill: 1200,
      roofType: 'flat',
      roofArea: 40,
      location: 'Bishkek, Chui',
    });
  });

  it.each(['monthlyKwh', 'monthlyBill', 'roofArea'] as const)(
    'keeps %s only within its range',
    (key) => {
      const { min, max } = FACT_RANGES[key];
      expect(validateFacts({ [key]: min })).toEqual({ [key]: min });
      expect(validateFacts({ [key]: max })).toEqual({ [key]: max });
      for (const bad of [min - 0.5, max + 1, 0, -5, Number.NaN, Infinity, 'lots', null, true]) {
        expect(validateFacts({ [key]: bad })).toEqual({});
      }
    },
  );

  it('maps roof-type synonyms in three languages and drops unknown types', () => {
    expect(validateFacts({ roofType: 'gable' }).roofType).toBe('pitched');
    expect(validateFacts({ roofType: 'tejas' }).roofType).toBe('tile');
    expect(validateFacts({ roofType: 'плоская' }).roofType).toBe('flat');
    expect(validateFacts({ roofType: 'METAL' }).roofType).toBe('metal');
    expect(validateFacts({ roofType: 'purple' })).toEqual({});
    expect(validateFacts({ roofType: 7 })).toEqual({});
  });

  it('drops locations that are too short, too long or without letters', () => {
    expect(validateFacts({ location: 'O' })).toEqual({});
    expect(validateFacts({ location: '12345' })).toEqual({});
    expect(validateFacts({ location: 'x'.repeat(201) })).toEqual({});
    expect(validateFacts({ location: 'x'.repeat(200) }).location).toHaveLength(200);
  });

  it('accepts any input shape without throwing', () => {
    for (const raw of [null, undefined, 'text', 5, [], { unknown: 1 }]) {
      expect(validateFacts(raw)).toEqual({});
    }
  });
});

describe('factsFromText, mergeFacts, isEmptyFacts', () => {
  it('reads stated facts and nothing else', () => {
    expect(factsFromText('We use 450 kWh a month; the roof is flat, 40 m2.')).toEqual({
      monthlyKwh: 450,
      roofType: 'flat',
      roofArea: 40,
    });
    expect(factsFromText('I have 3 kids and 2 dogs.')).toEqual({});
  });

  it('lets later facts win, field by field', () => {
    expect(mergeFacts({ monthlyKwh: 300, location: 'Osh' }, { monthlyKwh: 420 })).toEqual({
      monthlyKwh: 420,
      location: 'Osh',
    });
    expect(isEmptyFacts({})).toBe(true);
    expect(isEmptyFacts(null)).toBe(true);
    expect(isEmptyFacts({ roofArea: 3 })).toBe(false);
  });
});
