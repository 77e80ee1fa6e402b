/**
 * Lifetime figures of a solar system: production over the system's life
 * with panel degradation, savings with tariff escalation, the cumulative cash flow and the
 * year it turns non-negative (the cash-flow payback, shown beside the simple payback of
 * docs/product.md#quick-calculator), CO2 avoided and everyday equivalents of it. Pure
 * functions; units are in the names: kWh, som (KGS), kg and tonnes (t) of CO2, km, years;
 * rates are fractions per year (0.005 = 0.5 %/year). Figures are unrounded: the interface rounds them for display.
 */
import { ESTIMATE_CONSTANTS, ESTIMATE_DEFAULTS, type QuickEstimate } from './estimate.ts';

/** The system's life for the figures, years: the usual 25-year panel performance warranty. */
export const LIFETIME_YEARS = 25;

/**
 * Panel output lost per year, fraction (0.5 %/year, compounding): the median degradation
 * rate of crystalline-silicon modules in Jordan and Kurtz, "Photovoltaic Degradation
 * Rates — An Analytical Review", NREL/JA-5200-51664, Prog. Photovolt. 21 (2013).
 */
export const PANEL_DEGRADATION_PER_YEAR = 0.005;

/**
 * Tariff rise per year, fraction. 0 by default: the figures then use today's rate for every
 * year (no guess about future prices); callers pass a rate to model rising tariffs.
 */
export const TARIFF_ESCALATION_PER_YEAR = 0;

/**
 * Kyrgyzstan's grid emission factor, kg CO2 per kWh: 0.172 (172 g CO2/kWh), the combined
 * margin for intermittent generation ("e.g. solar, wind") in the IFI TWG's harmonised
 * "Default Grid Factors 2021 v3.1" (UNFCCC, Harmonized_Grid_Emission_factor_data_set),
 * the factor international finance institutions use for the CO2 a solar plant displaces.
 * The same dataset gives 98 g/kWh for firm energy (hydro) and an operating margin of
 * 217 g/kWh; Ember's 2024 average intensity of Kyrgyz generation is about 153 g/kWh.
 */
export const GRID_EMISSION_FACTOR_KG_CO2_PER_KWH = 0.172;

/**
 * CO2 one urban tree seedling takes up when grown for 10 years, kg: 60 (0.060 t). US EPA,
 * "Greenhouse Gas Equivalencies Calculator — Calculations and References" (tree seedlings
 * grown for 10 years: 36.4 lb C x 44/12 / 2204.6 lb/t).
 */
export const TREE_SEEDLING_10_YEARS_KG_CO2 = 60;

/** Kilometres in a statute mile (exact, international mile). */
export const KM_PER_MILE = 1.609344;

/**
 * Tailpipe CO2 of a typical passenger car, kg per km: about 400 g per mile (US EPA,
 * "Greenhouse Gas Emissions from a Typical Passenger Vehicle", EPA-420-F-23-014, 2023)
 * divided by {@link KM_PER_MILE}: about 0.249 kg/km.
 */
export const CAR_KG_CO2_PER_KM = 0.4 / KM_PER_MILE;

/** Cumulative cash flow at or above minus this many som counts as paid back (float noise). */
const PAYBACK_TOLERANCE_SOM = 1e-6;

/** What the figures start from. All three are finite and 0 or more. */
export interface LifetimeInput {
  /** Production in the first year, kWh/year (before any degradation). */
  readonly firstYearKwh: number;
  /** Installed cost, som, paid in year 0. */
  readonly costSom: number;
  /** Today's tariff, som per kWh: the value of each kWh produced in year 1. */
  readonly pricePerKwhSom: number;
}

/** Assumptions; each defaults to the named constant above. */
export interface LifetimeOptions {
  /** Years of life, a whole number 1..100; default {@link LIFETIME_YEARS}. */
  readonly years?: number;
  /** Output lost per year, fraction in [0, 1); default {@link PANEL_DEGRADATION_PER_YEAR}. */
  readonly degradationPerYear?: number;
  /** Tariff rise per year, fraction in [0, 1]; default {@link TARIFF_ESCALATION_PER_YEAR}. */
  readonly tariffEscalationPerYear?: number;
  /** kg CO2 per kWh, 0 or more; default {@link GRID_EMISSION_FACTOR_KG_CO2_PER_KWH}. */
  readonly gridEmissionFactorKgPerKwh?: number;
}

/** One year of the cash flow. Year 0 is the purchase: no production, savings 0. */
export interface LifetimeYear {
  /** 0 (purchase) .. years. */
  readonly year: number;
  /** Production that year, kWh. */
  readonly productionKwh: number;
  /** Tariff that year, som/kWh (year 0 and 1: today's rate). */
  readonly pricePerKwhSom: number;
  /** Savings that year, som: production x tariff. */
  readonly savingsSom: number;
  /** Cash flow up to the end of that year, som: savings so far minus the cost. */
  readonly cumulativeCashFlowSom: number;
}

/** Everyday equivalents of the CO2 avoided. */
export interface Co2Equivalents {
  /** Tree seedlings grown for 10 years that take up as much CO2. */
  readonly treeSeedlings10Years: number;
  /** Kilometres a typical petrol car drives emitting as much CO2. */
  readonly carKm: number;
}

/** The lifetime figures of {@link lifetimeFigures}. */
export interface LifetimeFigures {
  /** Years of life used. */
  readonly years: number;
  /** Year 0 (cumulative = -cost) to `years`, in order. */
  readonly cashFlow: readonly LifetimeYear[];
  /** Production over the whole life, kWh. */
  readonly lifetimeProductionKwh: number;
  /** Savings over the whole life, som (before the cost). */
  readonly lifetimeSavingsSom: number;
  /** Lifetime savings minus the cost, som (the last cumulative cash flow; may be negative). */
  readonly netSavingsSom: number;
  /** First year whose cumulative cash flow is 0 or more (0 when the cost is 0); null if none. */
  readonly paybackYear: number | null;
  /** CO2 the production keeps out of the grid, tonnes. */
  readonly co2AvoidedTonnes: number;
  readonly equivalents: Co2Equivalents;
  /** The assumptions used (the options with their defaults filled in). */
  readonly assumptions: Required<Omit<LifetimeOptions, 'years'>>;
}

/** Throws a RangeError unless `value` is finite and within [min, max] (max exclusive if asked). */
function check(name: string, value: number, min: number, max = Infinity, maxExclusive = false) {
  const ok = Number.isFinite(value) && value >= min && (maxExclusive ? value < max : value <= max);
  if (!ok) {
    const range = max === Infinity ? `${min} or more` : `${min} to ${max}`;
    const note = maxExclusive ? ' (the upper bound excluded)' : '';
    throw new RangeError(
      `lifetime: ${name} must be a finite number, ${range}${note}; got ${value}`,
    );
  }
}

/**
 * The lifetime figures of a system: for year n = 1..years,
 * - production_n = firstYearKwh x (1 - degradation)^(n-1) kWh (year 1 is not degraded);
 * - tariff_n = pricePerKwhSom x (1 + escalation)^(n-1) som/kWh;
 * - savings_n = production_n x tariff_n som; cumulative_n = cumulative_(n-1) + savings_n,
 *   cumulative_0 = -costSom;
 * - paybackYear = the first n in 0..years with cumulative_n >= 0, else null;
 * - CO2 avoided = lifetime kWh x grid factor kg/kWh / 1000 t; equivalents divide it by the
 *   constants above.
 * Throws a RangeError naming the field for a negative or non-finite input or an option out
 * of its range.
 */
export function lifetimeFigures(
  input: LifetimeInput,
  options: LifetimeOptions = {},
): LifetimeFigures {
  const years = options.years ?? LIFETIME_YEARS;
  const degradation = options.degradationPerYear ?? PANEL_DEGRADATION_PER_YEAR;
  const escalation = options.tariffEscalationPerYear ?? TARIFF_ESCALATION_PER_YEAR;
  const factor = options.gridEmissionFactorKgPerKwh ?? GRID_EMISSION_FACTOR_KG_CO2_PER_KWH;
  check('firstYearKwh', input.firstYearKwh, 0);
  check('costSom', input.costSom, 0);
  check('pricePerKwhSom', input.pricePerKwhSom, 0);
  check('years', years, 1, 100);
  if (!Number.isInteger(years)) throw new RangeError(`lifetime: years must be whole; got ${years}`);
  check('degradationPerYear', degradation, 0, 1, true);
  check('tariffEscalationPerYear', escalation, 0, 1);
  check('gridEmissionFactorKgPerKwh', factor, 0);

  const cashFlow: LifetimeYear[] = [
    {
      year: 0,
      productionKwh: 0,
      pricePerKwhSom: input.pricePerKwhSom,
      savingsSom: 0,
      cumulativeCashFlowSom: -input.costSom,
    },
  ];
  let cumulative = -input.costSom;
  let productionKwh = 0;
  let savingsSom = 0;
  for (let year = 1; year <= years; year += 1) {
    const yearKwh = input.firstYearKwh * (1 - degradation) ** (year - 1);
    const price = input.pricePerKwhSom * (1 + escalation) ** (year - 1);
    const yearSavings = yearKwh * price;
    cumulative += yearSavings;
    productionKwh += yearKwh;
    savingsSom += yearSavings;
    cashFlow.push({
      year,
      productionKwh: yearKwh,
      pricePerKwhSom: price,
      savingsSom: yearSavings,
      cumulativeCashFlowSom: cumulative,
    });
  }
  const payback = cashFlow.find((y) => y.cumulativeCashFlowSom >= -PAYBACK_TOLERANCE_SOM);
  const co2Kg = productionKwh * factor;
  return {
    years,
    cashFlow,
    lifetimeProductionKwh: productionKwh,
    lifetimeSavingsSom: savingsSom,
    netSavingsSom: cumulative,
    paybackYear: payback ? payback.year : null,
    co2AvoidedTonnes: co2Kg / 1000,
    equivalents: co2Equivalents(co2Kg),
    assumptions: {
      degradationPerYear: degradation,
      tariffEscalationPerYear: escalation,
      gridEmissionFactorKgPerKwh: factor,
    },
  };
}

/** Everyday equivalents of `co2Kg` kg of CO2 (0 or more; see the constants' sources). */
export function co2Equivalents(co2Kg: number): Co2Equivalents {
  check('co2Kg', co2Kg, 0);
  return {
    treeSeedlings10Years: co2Kg / TREE_SEEDLING_10_YEARS_KG_CO2,
    carKm: co2Kg / CAR_KG_CO2_PER_KM,
  };
}

/**
 * The lifetime input of a quick estimate (docs/product.md#quick-calculator): its yearly production
 * (kWh) and cost (som), at the rate it was computed with (default 1.49 som/kWh).
 */
export function quickLifetimeInput(
  estimate: Pick<QuickEstimate, 'yearlyProductionKwh' | 'estimatedCostSom'>,
  pricePerKwhSom: number = ESTIMATE_DEFAULTS.pricePerKwhSom,
): LifetimeInput {
  return {
    firstYearKwh: estimate.yearlyProductionKwh,
    costSom: estimate.estimatedCostSom,
    pricePerKwhSom,
  };
}

/**
 * The lifetime input of the full calculator: the configured size (kW) costs
 * 11 100 som/kW (docs/product.md#quick-calculator, as its economics), producing `yearlyKwh` (PVGIS
 * or the formula, `GET /calculator/production`) at the user's rate (som/kWh).
 */
export function fullLifetimeInput(
  systemSizeKw: number,
  yearlyKwh: number,
  pricePerKwhSom: number,
): LifetimeInput {
  check('systemSizeKw', systemSizeKw, 0);
  return {
    firstYearKwh: yearlyKwh,
    costSom: systemSizeKw * ESTIMATE_CONSTANTS.costSomPerKw,
    pricePerKwhSom,
  };
}
