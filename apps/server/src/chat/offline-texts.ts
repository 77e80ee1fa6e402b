/**
 * The offline assistant's words in English, Spanish and Russian (docs/decisions/006):
 * greetings, the facts it acknowledges, the estimate sentences of each bot, the questions
 * for what is missing, and the closing lines. offline-replies.ts puts them together.
 */
import { ESTIMATE_CONSTANTS, type BotType, type Locale, type QuickEstimate } from '@solar/domain';

export type Fmt = (value: number) => string;
export type Plural = (count: number, forms: Record<Intl.LDMLPluralRule, string>) => string;

export interface EstimateWords {
  kwh: number;
  e: QuickEstimate;
  f: Fmt;
  p: Plural;
}

export interface ReplyTexts {
  greet: Record<BotType, string>;
  noted: (items: string[]) => string;
  kwhFact: (kwh: string) => string;
  billFact: (bill: string) => string;
  roofTypes: Record<string, string>;
  roofTypeFallback: (type: string) => string;
  areaFact: (area: string) => string;
  locationFact: (location: string) => string;
  fromBill: (bill: string, rate: string, kwh: string) => string;
  estimate: Record<BotType, (w: EstimateWords) => string>;
  roofTooSmall: (area: string, needed: string) => string;
  roofFits: (area: string) => string;
  askConsumption: Record<BotType, string>;
  askMore: Record<BotType, (list: string) => string>;
  missing: { roofType: string; roofArea: string; location: string };
  and: string;
  complete: Record<BotType, string>;
  disclaimer: string;
}

const panelsEn = (n: number) => (n === 1 ? 'panel' : 'panels');
const yearsEn = (n: number) => (n === 1 ? 'year' : 'years');

export const TEXTS: Record<Locale, ReplyTexts> = {
  en: {
    greet: {
      0: "Hello! I'm Solar's automated solar consultant: a computer program, not a person.",
      1: "Hello! I'm Solar's automated sales assistant: a computer program, not a person.",
    },
    noted: (items) => `Noted: ${items.join('; ')}.`,
    kwhFact: (kwh) => `${kwh} kWh a month`,
    billFact: (bill) => `a bill of ${bill} som a month`,
    roofTypes: {
      flat: 'a flat roof',
      pitched: 'a pitched roof',
      metal: 'a metal roof',
      tile: 'a tile roof',
      shingle: 'a shingle roof',
      slate: 'a slate roof',
      concrete: 'a concrete roof',
    },
    roofTypeFallback: (type) => `roof type ${type}`,
    areaFact: (area) => `a roof of ${area} m²`,
    locationFact: (location) => `location ${location}`,
    fromBill: (bill, rate, kwh) =>
      `A bill of ${bill} som at ${rate} som per kWh means about ${kwh} kWh a month.`,
    estimate: {
      0: ({ kwh, e, f }) =>
        `For ${f(kwh)} kWh a month you would need about ${f(e.systemSizeKw)} kW: ${f(e.panelCount)} ${panelsEn(e.panelCount)} of ${f(ESTIMATE_CONSTANTS.panelKw)} kW. It would cost about ${f(e.estimatedCostSom)} som, produce about ${f(e.yearlyProductionKwh)} kWh a year and save about ${f(e.monthlySavingsSom)} som a month${e.paybackYears === null ? '' : `, so it would pay for itself in about ${f(e.paybackYears)} ${yearsEn(e.paybackYears)}`}. The panels take about ${f(e.roofCoverageM2)} m² of roof.`,
      1: ({ kwh, e, f }) =>
        `For ${f(kwh)} kWh a month our standard offer is a ${f(e.systemSizeKw)} kW system (${f(e.panelCount)} ${panelsEn(e.panelCount)} of ${f(ESTIMATE_CONSTANTS.panelKw)} kW) at about ${f(e.estimatedCostSom)} som. It produces about ${f(e.yearlyProductionKwh)} kWh a year and saves about ${f(e.monthlySavingsSom)} som a month${e.paybackYears === null ? '' : ` and pays back in about ${f(e.paybackYears)} ${yearsEn(e.paybackYears)}`}; it needs about ${f(e.roofCoverageM2)} m² of roof.`,
    },
    roofTooSmall: (area, needed) =>
      `Your roof of ${area} m² is smaller than the ${needed} m² needed, so the system may have to be smaller.`,
    roofFits: (area) => `Your roof of ${area} m² has room for them.`,
    askConsumption: {
      0: 'To estimate a system I need your monthly electricity use in kWh, or your monthly electricity bill in som.',
      1: 'To prepare a quote I need your monthly electricity use in kWh, or your monthly bill in som.',
    },
    askMore: {
      0: (list) => `Could you also tell me ${list}?`,
      1: (list) => `For the quote I still need ${list}.`,
    },
    missing: {
      roofType: 'your roof type (flat, pitched, metal or tile)',
      roofArea: 'your roof area in m²',
      location: 'where the property is (city or address)',
    },
    and: 'and',
    complete: {
      0: 'That is everything I need for a first estimate. A site survey confirms the figures, and our sales specialist can prepare a quote.',
      1: 'I have everything for a preliminary quote. A specialist confirms the price after a site survey; this is an estimate, not a binding offer.',
    },
    disclaimer: 'These are estimates from our standard formula, not a quote.',
  },
  es: {
    greet: {
      0: '¡Hola! Soy el consultor solar automático de Solar: un programa informático, no una persona.',
      1: '¡Hola! Soy el asistente de ventas automático de Solar: un programa informático, no una persona.',
    },
    noted: (items) => `Anotado: ${items.join('; ')}.`,
    kwhFact: (kwh) => `${kwh} kWh al mes`,
    billFact: (bill) => `una factura de ${bill} som al mes`,
    roofTypes: {
      flat: 'techo plano',
      pitched: 'techo inclinado',
      metal: 'techo metálico',
      tile: 'techo de tejas',
      shingle: 'techo de tejas asfálticas',
      slate: 'techo de pizarra',
      concrete: 'techo de hormigón',
    },
    roofTypeFallback: (type) => `tipo de techo ${type}`,
    areaFact: (area) => `un techo de ${area} m²`,
    locationFact: (location) => `ubicación ${location}`,
    fromBill: (bill, rate, kwh) =>
      `Una factura de ${bill} som a ${rate} som por kWh equivale a unos ${kwh} kWh al mes.`,
    estimate: {
      0: ({ kwh, e, f }) =>
        `Para ${f(kwh)} kWh al mes necesitaría unos ${f(e.systemSizeKw)} kW: ${f(e.panelCount)} ${e.panelCount === 1 ? 'panel' : 'paneles'} de ${f(ESTIMATE_CONSTANTS.panelKw)} kW. Costaría unos ${f(e.estimatedCostSom)} som, produciría unos ${f(e.yearlyProductionKwh)} kWh al año y ahorraría unos ${f(e.monthlySavingsSom)} som al mes${e.paybackYears === null ? '' : `, así que se amortizaría en unos ${f(e.paybackYears)} ${e.paybackYears === 1 ? 'año' : 'años'}`}. Los paneles ocupan unos ${f(e.roofCoverageM2)} m² de techo.`,
      1: ({ kwh, e, f }) =>
        `Para ${f(kwh)} kWh al mes nuestra oferta estándar es un sistema de ${f(e.systemSizeKw)} kW (${f(e.panelCount)} ${e.panelCount === 1 ? 'panel' : 'paneles'} de ${f(ESTIMATE_CONSTANTS.panelKw)} kW) por unos ${f(e.estimatedCostSom)} som. Produce unos ${f(e.yearlyProductionKwh)} kWh al año, ahorra unos ${f(e.monthlySavingsSom)} som al mes${e.paybackYears === null ? '' : ` y se amortiza en unos ${f(e.paybackYears)} ${e.paybackYears === 1 ? 'año' : 'años'}`}; necesita unos ${f(e.roofCoverageM2)} m² de techo.`,
    },
    roofTooSmall: (area, needed) =>
      `Su techo de ${area} m² es menor que los ${needed} m² necesarios, así que quizá el sistema deba ser más pequeño.`,
    roofFits: (area) => `Su techo de ${area} m² tiene espacio suficiente.`,
    askConsumption: {
      0: 'Para estimar un sistema necesito su consumo eléctrico mensual en kWh o su factura mensual de electricidad en som.',
      1: 'Para preparar un presupuesto necesito su consumo mensual en kWh o su factura mensual en som.',
    },
    askMore: {
      0: (list) => `¿Podría decirme también ${list}?`,
      1: (list) => `Para el presupuesto todavía necesito ${list}.`,
    },
    missing: {
      roofType: 'el tipo de techo (plano, inclinado, metálico o de tejas)',
      roofArea: 'la superficie del techo en m²',
      location: 'dónde está la propiedad (ciudad o dirección)',
    },
    and: 'y',
    complete: {
      0: 'Con esto tengo todo lo necesario para una primera estimación. Una visita técnica confirma las cifras y nuestro especialista de ventas puede preparar un presupuesto.',
      1: 'Tengo todo para un presupuesto preliminar. Un especialista confirma el precio tras una visita técnica; es una estimación, no una oferta vinculante.',
    },
    disclaimer: 'Son estimaciones con nuestra fórmula estándar, no un presupuesto.',
  },
  ru: {
    greet: {
      0: 'Здравствуйте! Я автоматический солнечный консультант Solar: компьютерная программа, а не человек.',
      1: 'Здравствуйте! Я автоматический ассистент по продажам Solar: компьютерная программа, а не человек.',
    },
    noted: (items) => `Записал: ${items.join('; ')}.`,
    kwhFact: (kwh) => `${kwh} кВт·ч в месяц`,
    billFact: (bill) => `счёт ${bill} сом в месяц`,
    roofTypes: {
      flat: 'плоская крыша',
      pitched: 'скатная крыша',
      metal: 'металлическая крыша',
      tile: 'черепичная крыша',
      shingle: 'крыша из гибкой черепицы',
      slate: 'шиферная крыша',
      concrete: 'бетонная крыша',
    },
    roofTypeFallback: (type) => `тип крыши ${type}`,
    areaFact: (area) => `крыша ${area} м²`,
    locationFact: (location) => `местоположение ${location}`,
    fromBill: (bill, rate, kwh) =>
      `Счёт ${bill} сом при тарифе ${rate} сом за кВт·ч — это примерно ${kwh} кВт·ч в месяц.`,
    estimate: {
      0: ({ kwh, e, f, p }) =>
        `Для ${f(kwh)} кВт·ч в месяц нужна система примерно на ${f(e.systemSizeKw)} кВт: ${f(e.panelCount)} ${p(e.panelCount, RU_PANELS)} по ${f(ESTIMATE_CONSTANTS.panelKw)} кВт. Она будет стоить около ${f(e.estimatedCostSom)} сом, вырабатывать около ${f(e.yearlyProductionKwh)} кВт·ч в год и экономить около ${f(e.monthlySavingsSom)} сом в месяц${e.paybackYears === null ? '' : `, то есть окупится примерно за ${f(e.paybackYears)} ${p(e.paybackYears, RU_YEARS)}`}. Панели займут около ${f(e.roofCoverageM2)} м² крыши.`,
      1: ({ kwh, e, f, p }) =>
        `Для ${f(kwh)} кВт·ч в месяц наше стандартное предложение — система на ${f(e.systemSizeKw)} кВт (${f(e.panelCount)} ${p(e.panelCount, RU_PANELS)} по ${f(ESTIMATE_CONSTANTS.panelKw)} кВт) примерно за ${f(e.estimatedCostSom)} сом. Она вырабатывает около ${f(e.yearlyProductionKwh)} кВт·ч в год, экономит около ${f(e.monthlySavingsSom)} сом в месяц${e.paybackYears === null ? '' : ` и окупается примерно за ${f(e.paybackYears)} ${p(e.paybackYears, RU_YEARS)}`}; ей нужно около ${f(e.roofCoverageM2)} м² крыши.`,
    },
    roofTooSmall: (area, needed) =>
      `Ваша крыша ${area} м² меньше нужных ${needed} м², поэтому систему, возможно, придётся уменьшить.`,
    roofFits: (area) => `На вашей крыше ${area} м² для них достаточно места.`,
    askConsumption: {
      0: 'Чтобы оценить систему, мне нужен ваш месячный расход электроэнергии в кВт·ч или месячный счёт за электричество в сомах.',
      1: 'Чтобы подготовить предложение, мне нужен ваш месячный расход в кВт·ч или месячный счёт в сомах.',
    },
    askMore: {
      0: (list) => `Подскажите, пожалуйста, ещё ${list}.`,
      1: (list) => `Для предложения мне ещё нужно знать ${list}.`,
    },
    missing: {
      roofType: 'тип крыши (плоская, скатная, металлическая или черепичная)',
      roofArea: 'площадь крыши в м²',
      location: 'где находится объект (город или адрес)',
    },
    and: 'и',
    complete: {
      0: 'Этого достаточно для первой оценки. Цифры подтверждает выезд специалиста, а наш специалист по продажам может подготовить предложение.',
      1: 'У меня есть всё для предварительного предложения. Специалист подтвердит цену после выезда на объект; это оценка, а не обязывающее предложение.',
    },
    disclaimer: 'Это оценка по нашей стандартной формуле, а не коммерческое предложение.',
  },
};

const RU_PANELS: Record<Intl.LDMLPluralRule, string> = {
  zero: 'панелей',
  one: 'панель',
  two: 'панели',
  few: 'панели',
  many: 'панелей',
  other: 'панели',
};
const RU_YEARS: Record<Intl.LDMLPluralRule, string> = {
  zero: 'лет',
  one: 'год',
  two: 'года',
  few: 'года',
  many: 'лет',
  other: 'года',
};
