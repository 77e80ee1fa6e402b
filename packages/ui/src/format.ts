/**
 * Number formatting for display: som amounts (KGS, whole som, with the domain's unit word)
 * and plain figures, per interface locale.
 * TODO(domain): money/unit formatting belongs in @solar/domain next to the estimate; move
 * it there when domain grows a formatter, and keep this as a re-export.
 */
import { isLocale, SOM_UNIT } from '@solar/domain/constants';

/** The som unit word for a locale ("som", "сом"); English when unknown. */
export function somUnit(locale: string): string {
  const language = locale.slice(0, 2);
  return isLocale(language) ? SOM_UNIT[language] : 'som';
}

/** A figure with the locale's grouping and at most `maximumFractionDigits` decimals. */
export function formatNumber(value: number, locale: string, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

/** Whole som with the locale's grouping and unit: "138,750 som", "138 750 сом". */
export function formatSom(value: number, locale: string): string {
  return `${formatNumber(Math.round(value), locale)}\u00a0${somUnit(locale)}`;
}
