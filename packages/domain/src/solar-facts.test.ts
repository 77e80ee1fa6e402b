import { describe, expect, it } from 'vitest';
import { extractSolarFacts, parseLocaleNumber } from './solar-facts.ts';

describe('parseLocaleNumber', () => {
  it.each([
    ['300', 300],
    ['1,200', 1200],
    ['1.200', 1200],
    ['1 200', 1200],
    ['1\u00a0200', 1200],
    ['1,234,567', 1_234_567],
    ['447,50', 447.5],
    ['447.5', 447.5],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['1 234,5', 1234.5],
  ])('%j is %d', (token, value) => {
    expect(parseLocaleNumber(token)).toBe(value);
  });
});

describe('extractSolarFacts (portfolio)', () => {
  it.each([
    // English
    ['We use about 450 kWh a month', { monthlyKwh: 450 }],
    ['Our usage is 3,600 kWh per year', { monthlyKwh: 300 }],
    ['around 10 kWh per day', { monthlyKwh: 300 }],
    ['My bill is 1,200 som', { monthlyBill: 1200 }],
    ['I pay about 900 every month', { monthlyBill: 900 }],
    ['KGS 2500 monthly', { monthlyBill: 2500 }],
    ['The bill shows 300 kWh', { monthlyKwh: 300 }],
    ['The roof is flat and about 60 m2', { roofType: 'flat', roofArea: 60 }],
    ['We have a pitched metal roof of 80 square meters', { roofType: 'pitched', roofArea: 80 }],
    ['tiled roof, 45 sq m', { roofType: 'tile', roofArea: 45 }],
    ['I live in Bishkek and my roof is concrete', { location: 'Bishkek', roofType: 'concrete' }],
    ['My address is 12 Chui Avenue, Bishkek', { location: '12 Chui Avenue, Bishkek' }],
    // Spanish
    ['Consumo 350 kWh al mes', { monthlyKwh: 350 }],
    ['Pago 1.500 som de luz', { monthlyBill: 1500 }],
    ['Mi factura es de 780,50', { monthlyBill: 780.5 }],
    ['El techo es plano, 50 metros cuadrados', { roofType: 'flat', roofArea: 50 }],
    ['Tenemos un tejado de tejas', { roofType: 'tile' }],
    ['Vivo en Osh con mi familia', { location: 'Osh' }],
    ['Mi dirección es Calle Sol 5', { location: 'Calle Sol 5' }],
    // Russian
    ['Расход 400 кВт·ч в месяц', { monthlyKwh: 400 }],
    ['Потребляем 4800 квтч в год', { monthlyKwh: 400 }],
    ['Плачу 1 500 сомов', { monthlyBill: 1500 }],
    ['Счёт за свет 2000', { monthlyBill: 2000 }],
    ['Крыша скатная, площадь 80 кв. м', { roofType: 'pitched', roofArea: 80 }],
    ['У нас плоская кровля 120 м²', { roofType: 'flat', roofArea: 120 }],
    ['Крыша из шифера', { roofType: 'slate' }],
    ['Я живу в Бишкеке', { location: 'Бишкеке' }],
    ['Адрес: ул. Ленина 5. Крыша плоская', { location: 'ул. Ленина 5', roofType: 'flat' }],
    // A place said plainly, without "I live in".
    [
      'We have a flat roof 60 m2 in Bishkek',
      { roofType: 'flat', roofArea: 60, location: 'Bishkek' },
    ],
    ['Una casa en Osh, techo de metal', { location: 'Osh', roofType: 'metal' }],
    ['Плоская крыша 60 м2 в Оше', { roofType: 'flat', roofArea: 60, location: 'Оше' }],
    ['A house in San Francisco de Asis', { location: 'San Francisco' }],
    ['In January we use 500 kWh', { monthlyKwh: 500 }],
    // A system's size in kW is neither a bill nor a use; "payback" is not "pay".
    ['What is the payback for a 5 kW system?', {}],
    ['¿Cuál es el periodo de retorno de un sistema de 5 kW? Pago poco', {}],
    ['¿Cuánto pago por un sistema de 5 kW?', {}],
    ['Какая окупаемость у системы на 5 кВт?', {}],
    ['Сколько стоит оплата за систему 5 кВт?', {}],
    ['We pay 2,000 som for a 5 kW system', { monthlyBill: 2000 }],
    ['Pagamos 2500 al mes', { monthlyBill: 2500 }],
    ['Our bills are around 1800', { monthlyBill: 1800 }],
  ])('%s', (text, facts) => {
    expect(extractSolarFacts(text)).toEqual(facts);
  });

  it('reads every fact of a long message', () => {
    expect(
      extractSolarFacts(
        'I live in Karakol. We use 520 kWh monthly and the bill is 775 som. The roof is a shingle roof of 95 m².',
      ),
    ).toEqual({
      location: 'Karakol',
      monthlyKwh: 520,
      monthlyBill: 775,
      roofType: 'shingle',
      roofArea: 95,
    });
  });

  it.each([
    ['Hello, how does solar work?'],
    ['I live in a flat in the city centre'], // a flat is not a roof, "a flat" not a place
    ['I plan to install 10 panels'],
    ['The system is 5 kW'], // kW is power, not monthly use
    ['Something costs 500 somehow'],
    ['0 kWh'],
    ['estoy en casa'],
    ['Can you answer in English?'],
    ['Оплата в USD'],
  ])('finds nothing in %j', (text) => {
    expect(extractSolarFacts(text)).toEqual({});
  });
});
