/**
 * The words of the proposal PDF in each interface language: the `proposal.*` messages of
 * the server catalogs (i18n/messages.<locale>.json). Numbers,
 * dates and month names are not here: pdf.ts formats them with Intl for the locale. Phrases
 * that take a number get it already formatted (with its unit), so only the word for years
 * is a plural.
 */
import { CONFIG_ROOF_TYPES, LOCALES, type ConfigRoofType, type Locale } from '@solar/domain';
import { translator } from '../i18n/catalogs.ts';

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
  /** The word for `count` years, after the number: "year", "лет". */
  years: (count: number) => string;
}

/** The compass points from north clockwise, as the message ids name them. */
const DIRECTIONS = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'] as const;

/** The texts of `locale`, from the `proposal.*` messages of its server catalog. */
function proposalTexts(locale: Locale): ProposalTexts {
  const t = translator(locale);
  return {
    title: t('proposal.title'),
    preparedFor: t('proposal.preparedFor'),
    issuedOn: t('proposal.issuedOn'),
    validUntil: t('proposal.validUntil'),
    location: t('proposal.location'),
    address: t('proposal.address'),
    coordinates: t('proposal.coordinates'),
    system: t('proposal.system'),
    systemSize: t('proposal.systemSize'),
    panels: t('proposal.panels'),
    tilt: t('proposal.tilt'),
    azimuth: t('proposal.azimuth'),
    roofType: t('proposal.roofType'),
    losses: t('proposal.losses'),
    tariff: t('proposal.tariff'),
    roofTypes: Object.fromEntries(
      CONFIG_ROOF_TYPES.map((type) => [type, t(`proposal.roofType.${type}`)]),
    ) as Record<ConfigRoofType, string>,
    directions: DIRECTIONS.map((point) => t(`proposal.direction.${point}`)),
    monthlyProduction: t('proposal.monthlyProduction'),
    yearlyProduction: t('proposal.yearlyProduction'),
    figures: t('proposal.figures'),
    cost: t('proposal.cost'),
    yearlySavings: t('proposal.yearlySavings'),
    monthlySavings: t('proposal.monthlySavings'),
    simplePayback: t('proposal.simplePayback'),
    lifetimeSavings: (period) => t('proposal.lifetimeSavings', { period }),
    netSavings: t('proposal.netSavings'),
    cashFlowPayback: t('proposal.cashFlowPayback'),
    paybackYear: (year) => t('proposal.paybackYear', { year }),
    noPayback: t('proposal.noPayback'),
    co2Avoided: (period) => t('proposal.co2Avoided', { period }),
    treeSeedlings: t('proposal.treeSeedlings'),
    carKm: t('proposal.carKm'),
    assumptions: t('proposal.assumptions'),
    productionPvgis: t('proposal.productionPvgis'),
    productionEstimate: t('proposal.productionEstimate'),
    productionSunHours: t('proposal.productionSunHours'),
    addressUnverified: t('proposal.addressUnverified'),
    costAssumption: (perKw) => t('proposal.costAssumption', { perKw }),
    degradation: (percent) => t('proposal.degradation', { percent }),
    tariffAssumption: (price, escalation) => t('proposal.tariffAssumption', { price, escalation }),
    gridFactor: (factor) => t('proposal.gridFactor', { factor }),
    equivalentsSource: (tree, car) => t('proposal.equivalentsSource', { tree, car }),
    paybackNote: t('proposal.paybackNote'),
    footer: t('proposal.footer'),
    contact: {
      phone: t('proposal.contact.phone'),
      email: t('proposal.contact.email'),
      website: t('proposal.contact.website'),
    },
    pageOf: (page, total) => t('proposal.pageOf', { page: String(page), total: String(total) }),
    units: {
      som: t('proposal.unit.som'),
      kwh: t('proposal.unit.kwh'),
      kw: t('proposal.unit.kw'),
      kg: t('proposal.unit.kg'),
      t: t('proposal.unit.t'),
      km: t('proposal.unit.km'),
    },
    years: (count) => t('proposal.years', { count }),
  };
}

/** The texts of each locale. */
export const PROPOSAL_TEXTS: Readonly<Record<Locale, ProposalTexts>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, proposalTexts(locale)]),
) as Record<Locale, ProposalTexts>;
