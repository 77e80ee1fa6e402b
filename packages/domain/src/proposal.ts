/**
 * A proposal: what the customer is offered for a saved assessment, as the
 * proposal page and its PDF both show it. One pure function from the project's saved
 * configuration and its production estimate to every figure, so the page and the PDF can
 * never disagree. Units are in the names: kW (DC), kWh, som (KGS), years, tonnes of CO2.
 */
import type { Project, ProductionEstimate } from './contract.ts';
import { lifetimeFigures, type LifetimeFigures, type LifetimeOptions } from './lifetime.ts';
import {
  economics,
  parseConfiguration,
  type Economics,
  type SystemConfiguration,
} from './system-configuration.ts';

/** Days a proposal's price holds from the day it is issued. */
export const PROPOSAL_VALIDITY_DAYS = 30;

/** Everything a proposal shows besides the location. */
export interface ProposalFigures {
  readonly configuration: SystemConfiguration;
  /** Twelve values, January first, kWh per month (first year). */
  readonly monthlyKwh: readonly number[];
  /** kWh in the first year. */
  readonly yearlyKwh: number;
  /**
   * Where the production figures come from: PVGIS, the clear-sky estimate at the site
   * (`estimate`), or 4.5 sun hours a day when the site is not known (`sun-hours`).
   */
  readonly productionSource: ProductionEstimate['source'] | 'sun-hours';
  /** Cost, yearly and monthly savings, simple payback (docs/product.md#proposal formulas). */
  readonly economics: Economics;
  /** 25 years with degradation and tariff escalation (lifetime.ts). */
  readonly lifetime: LifetimeFigures;
  /** The day it was issued and the last day it holds, `YYYY-MM-DD` (UTC calendar days). */
  readonly issuedOn: string;
  readonly validUntil: string;
}

/** The proposal PDF's file name for the day it was issued (`YYYY-MM-DD`). */
export function proposalFileName(issuedOn: string): string {
  return `solar-proposal-${issuedOn}.pdf`;
}

/** `day` (`YYYY-MM-DD`) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The proposal of `project` with `production` (its `GET /calculator/production` answer for
 * the saved configuration), issued at `nowMs` (epoch ms). Null when the project has no
 * usable configuration yet (a location-only draft): there is nothing to propose.
 */
export function proposalFigures(
  project: Pick<Project, 'configuration'>,
  production: Pick<ProductionEstimate, 'monthlyKwh' | 'yearlyKwh' | 'source'> &
    Partial<Pick<ProductionEstimate, 'estimateModel'>>,
  nowMs: number,
  options: LifetimeOptions = {},
): ProposalFigures | null {
  const configuration = parseConfiguration(project.configuration);
  if (!configuration) return null;
  const money = economics(configuration, production.yearlyKwh);
  const issuedOn = new Date(nowMs).toISOString().slice(0, 10);
  return {
    configuration,
    monthlyKwh: production.monthlyKwh,
    yearlyKwh: production.yearlyKwh,
    productionSource: production.estimateModel === 'sun-hours' ? 'sun-hours' : production.source,
    economics: money,
    lifetime: lifetimeFigures(
      {
        firstYearKwh: production.yearlyKwh,
        costSom: money.costSom,
        pricePerKwhSom: configuration.pricePerKwhSom,
      },
      options,
    ),
    issuedOn,
    validUntil: addDays(issuedOn, PROPOSAL_VALIDITY_DAYS),
  };
}
