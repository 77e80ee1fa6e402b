/**
 * The words of the proposal PDF in English, Spanish and Russian. Numbers,
 * dates and month names are not here: pdf.ts formats them with Intl for the locale. Phrases
 * that take a number get it already formatted (with its unit), so no phrase needs a plural.
 */
import type { ConfigRoofType, Locale } from '@solar/domain';

/** Every text of the PDF in one language. */
export interface ProposalTexts {
  title: string;
  preparedFor: string;
  issuedOn: string;
  validUntil: string;
  location: string;
  address: string;
  coordinates: string;
  system: string;
  systemSize: string;
  panels: string;
  tilt: string;
  azimuth: string;
  roofType: string;
  losses: string;
  tariff: string;
  roofTypes: Record<ConfigRoofType, string>;
  /** Compass points from north clockwise, eight of them. */
  directions: readonly string[];
  monthlyProduction: string;
  yearlyProduction: string;
  figures: string;
  cost: string;
  yearlySavings: string;
  monthlySavings: string;
  simplePayback: string;
  /** `period` is e.g. "25 years". */
  lifetimeSavings: (period: string) => string;
  netSavings: string;
  cashFlowPayback: string;
  /** The year the cash flow turns non-negative, e.g. "year 5". */
  paybackYear: (year: string) => string;
  noPayback: string;
  co2Avoided: (period: string) => string;
  treeSeedlings: string;
  carKm: string;
  assumptions: string;
  productionPvgis: string;
  productionEstimate: string;
  /** Production when the site is not known (an unverified address). */
  productionSunHours: string;
  /** Instead of coordinates for an address as typed, not verified. */
  addressUnverified: string;
  costAssumption: (perKw: string) => string;
  degradation: (percent: string) => string;
  tariffAssumption: (price: string, escalation: string) => string;
  gridFactor: (factor: string) => string;
  equivalentsSource: (tree: string, car: string) => string;
  paybackNote: string;
  footer: string;
  /** The contact labels of the page header: before the phone, the email and the website. */
  contact: { phone: string; email: string; website: string };
  /** The page footer's numbering, e.g. "Page 1 of 2". */
  pageOf: (page: number, total: number) => string;
  units: { som: string; kwh: string; kw: string; kg: string; t: string; km: string };
  /** The word for years after a number, by plural category (Intl.PluralRules). */
  years: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
}

const en: ProposalTexts = {
  title: 'Solar power proposal',
  preparedFor: 'Prepared for',
  issuedOn: 'Issued on',
  validUntil: 'Valid until',
  location: 'Location',
  address: 'Address',
  coordinates: 'Coordinates',
  system: 'Your system',
  systemSize: 'System size',
  panels: 'Panels',
  tilt: 'Tilt',
  azimuth: 'Orientation (azimuth)',
  roofType: 'Roof type',
  losses: 'System losses',
  tariff: 'Electricity price',
  roofTypes: { pitched: 'Pitched', flat: 'Flat', metal: 'Metal', tile: 'Tile', other: 'Other' },
  directions: [
    'north',
    'north-east',
    'east',
    'south-east',
    'south',
    'south-west',
    'west',
    'north-west',
  ],
  monthlyProduction: 'Monthly production, first year (kWh)',
  yearlyProduction: 'Yearly production',
  figures: 'Money and climate',
  cost: 'Installed cost',
  yearlySavings: 'Savings per year',
  monthlySavings: 'Savings per month',
  simplePayback: 'Simple payback',
  lifetimeSavings: (period) => `Savings over ${period}`,
  netSavings: 'Net savings after the cost',
  cashFlowPayback: 'Cash-flow payback',
  paybackYear: (year) => `year ${year}`,
  noPayback: 'not within the system’s life',
  co2Avoided: (period) => `CO2 avoided over ${period}`,
  treeSeedlings: 'Tree seedlings grown for 10 years that take up as much',
  carKm: 'Distance a typical car drives emitting as much',
  assumptions: 'Assumptions and sources',
  productionPvgis:
    'Production: PVGIS 5.3 (European Commission Joint Research Centre) for this location, tilt, orientation and losses.',
  productionEstimate:
    'Production: estimated from the sun’s path over this location (a clear-sky model scaled to typical cloudiness, for this tilt, orientation and losses), as PVGIS gave no figures.',
  productionSunHours:
    'Production: 4.5 sun hours a day with these losses, as the address is not verified and the site is not known; tilt and orientation are not counted.',
  addressUnverified: 'not known: the address was typed and not verified',
  costAssumption: (perKw) => `Cost: ${perKw} per kW installed.`,
  degradation: (percent) =>
    `Panel output falls ${percent} a year (median of crystalline silicon: Jordan & Kurtz, NREL, 2013).`,
  tariffAssumption: (price, escalation) =>
    `Electricity price: ${price} per kWh, rising ${escalation} a year.`,
  gridFactor: (factor) =>
    `Grid emission factor: ${factor} CO2 per kWh (IFI TWG harmonised grid factors 2021, Kyrgyzstan).`,
  equivalentsSource: (tree, car) =>
    `Equivalents: a tree seedling grown for 10 years takes up ${tree} CO2; a typical car emits ${car} CO2 per km (US EPA).`,
  paybackNote:
    'Simple payback = cost ÷ savings per year. Cash-flow payback = the first year in which the savings so far cover the cost.',
  footer:
    'This proposal is an estimate from the figures above; the final price is confirmed after a site visit.',
  contact: { phone: 'Tel.', email: 'Email', website: 'Web' },
  pageOf: (page, total) => `Page ${page} of ${total}`,
  units: { som: 'som', kwh: 'kWh', kw: 'kW', kg: 'kg', t: 't', km: 'km' },
  years: { one: 'year', other: 'years' },
};

const es: ProposalTexts = {
  title: 'Propuesta de energía solar',
  preparedFor: 'Preparada para',
  issuedOn: 'Emitida el',
  validUntil: 'Válida hasta',
  location: 'Ubicación',
  address: 'Dirección',
  coordinates: 'Coordenadas',
  system: 'Su sistema',
  systemSize: 'Potencia del sistema',
  panels: 'Paneles',
  tilt: 'Inclinación',
  azimuth: 'Orientación (acimut)',
  roofType: 'Tipo de techo',
  losses: 'Pérdidas del sistema',
  tariff: 'Precio de la electricidad',
  roofTypes: {
    pitched: 'Inclinado',
    flat: 'Plano',
    metal: 'Metálico',
    tile: 'De tejas',
    other: 'Otro',
  },
  directions: ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'],
  monthlyProduction: 'Producción mensual, primer año (kWh)',
  yearlyProduction: 'Producción anual',
  figures: 'Dinero y clima',
  cost: 'Costo de instalación',
  yearlySavings: 'Ahorro anual',
  monthlySavings: 'Ahorro mensual',
  simplePayback: 'Recuperación simple',
  lifetimeSavings: (period) => `Ahorro en ${period}`,
  netSavings: 'Ahorro neto tras el costo',
  cashFlowPayback: 'Recuperación según el flujo de caja',
  paybackYear: (year) => `año ${year}`,
  noPayback: 'no dentro de la vida del sistema',
  co2Avoided: (period) => `CO2 evitado en ${period}`,
  treeSeedlings: 'Plántulas de árbol cultivadas 10 años que absorben lo mismo',
  carKm: 'Distancia que recorre un auto típico emitiendo lo mismo',
  assumptions: 'Supuestos y fuentes',
  productionPvgis:
    'Producción: PVGIS 5.3 (Centro Común de Investigación de la Comisión Europea) para esta ubicación, inclinación, orientación y pérdidas.',
  productionEstimate:
    'Producción: estimada a partir de la trayectoria del sol sobre esta ubicación (un modelo de cielo despejado ajustado a la nubosidad típica, para esta inclinación, orientación y pérdidas), ya que PVGIS no dio cifras.',
  productionSunHours:
    'Producción: 4,5 horas de sol al día con estas pérdidas, ya que la dirección no está verificada y no se conoce el lugar; no se tienen en cuenta la inclinación ni la orientación.',
  addressUnverified: 'desconocidas: la dirección se escribió a mano y no está verificada',
  costAssumption: (perKw) => `Costo: ${perKw} por kW instalado.`,
  degradation: (percent) =>
    `La producción de los paneles baja un ${percent} al año (mediana del silicio cristalino: Jordan y Kurtz, NREL, 2013).`,
  tariffAssumption: (price, escalation) =>
    `Precio de la electricidad: ${price} por kWh, con un aumento del ${escalation} al año.`,
  gridFactor: (factor) =>
    `Factor de emisión de la red: ${factor} de CO2 por kWh (factores armonizados IFI TWG 2021, Kirguistán).`,
  equivalentsSource: (tree, car) =>
    `Equivalencias: una plántula de árbol cultivada 10 años absorbe ${tree} de CO2; un auto típico emite ${car} de CO2 por km (US EPA).`,
  paybackNote:
    'Recuperación simple = costo ÷ ahorro anual. Recuperación según el flujo de caja = el primer año en que el ahorro acumulado cubre el costo.',
  footer:
    'Esta propuesta es una estimación basada en las cifras anteriores; el precio final se confirma tras una visita técnica.',
  contact: { phone: 'Tel.', email: 'Correo', website: 'Web' },
  pageOf: (page, total) => `Página ${page} de ${total}`,
  units: { som: 'som', kwh: 'kWh', kw: 'kW', kg: 'kg', t: 't', km: 'km' },
  years: { one: 'año', other: 'años' },
};

const ru: ProposalTexts = {
  title: 'Предложение: солнечная электростанция',
  preparedFor: 'Подготовлено для',
  issuedOn: 'Дата выдачи',
  validUntil: 'Действительно до',
  location: 'Расположение',
  address: 'Адрес',
  coordinates: 'Координаты',
  system: 'Ваша система',
  systemSize: 'Мощность системы',
  panels: 'Панели',
  tilt: 'Угол наклона',
  azimuth: 'Ориентация (азимут)',
  roofType: 'Тип крыши',
  losses: 'Потери системы',
  tariff: 'Цена электроэнергии',
  roofTypes: {
    pitched: 'Скатная',
    flat: 'Плоская',
    metal: 'Металлическая',
    tile: 'Черепичная',
    other: 'Другая',
  },
  directions: [
    'север',
    'северо-восток',
    'восток',
    'юго-восток',
    'юг',
    'юго-запад',
    'запад',
    'северо-запад',
  ],
  monthlyProduction: 'Выработка по месяцам, первый год (кВт·ч)',
  yearlyProduction: 'Выработка за год',
  figures: 'Деньги и климат',
  cost: 'Стоимость установки',
  yearlySavings: 'Экономия в год',
  monthlySavings: 'Экономия в месяц',
  simplePayback: 'Простая окупаемость',
  lifetimeSavings: (period) => `Экономия за ${period}`,
  netSavings: 'Чистая экономия за вычетом стоимости',
  cashFlowPayback: 'Окупаемость по денежному потоку',
  paybackYear: (year) => `${year}-й год`,
  noPayback: 'не в пределах срока службы',
  co2Avoided: (period) => `Предотвращённые выбросы CO2 за ${period}`,
  treeSeedlings: 'Саженцы деревьев, поглощающие столько же за 10 лет',
  carKm: 'Пробег обычного автомобиля с теми же выбросами',
  assumptions: 'Допущения и источники',
  productionPvgis:
    'Выработка: PVGIS 5.3 (Объединённый исследовательский центр Европейской комиссии) для этого места, наклона, ориентации и потерь.',
  productionEstimate:
    'Выработка: оценена по движению солнца над этим местом (модель ясного неба с поправкой на обычную облачность, для этого наклона, ориентации и потерь), так как PVGIS не дал данных.',
  productionSunHours:
    'Выработка: 4,5 солнечных часа в день с этими потерями, так как адрес не проверен и место неизвестно; наклон и ориентация не учтены.',
  addressUnverified: 'неизвестны: адрес введён вручную и не проверен',
  costAssumption: (perKw) => `Стоимость: ${perKw} за кВт установленной мощности.`,
  degradation: (percent) =>
    `Мощность панелей снижается на ${percent} в год (медиана для кристаллического кремния: Jordan и Kurtz, NREL, 2013).`,
  tariffAssumption: (price, escalation) =>
    `Цена электроэнергии: ${price} за кВт·ч, рост ${escalation} в год.`,
  gridFactor: (factor) =>
    `Коэффициент выбросов сети: ${factor} CO2 на кВт·ч (гармонизированные коэффициенты IFI TWG 2021, Кыргызстан).`,
  equivalentsSource: (tree, car) =>
    `Эквиваленты: саженец дерева за 10 лет поглощает ${tree} CO2; обычный автомобиль выбрасывает ${car} CO2 на км (US EPA).`,
  paybackNote:
    'Простая окупаемость = стоимость ÷ экономия в год. Окупаемость по денежному потоку — первый год, в котором накопленная экономия покрывает стоимость.',
  footer:
    'Это предложение — оценка на основе приведённых цифр; окончательная цена подтверждается после выезда на объект.',
  contact: { phone: 'Тел.', email: 'Почта', website: 'Сайт' },
  pageOf: (page, total) => `Страница ${page} из ${total}`,
  units: { som: 'сом', kwh: 'кВт·ч', kw: 'кВт', kg: 'кг', t: 'т', km: 'км' },
  years: { one: 'год', few: 'года', many: 'лет', other: 'года' },
};

/** The texts of each locale. */
export const PROPOSAL_TEXTS: Record<Locale, ProposalTexts> = { en, es, ru };
