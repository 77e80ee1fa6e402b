/**
 * Numbers, units, dates and month names of the proposal PDF in the reader's locale
 * (Intl.NumberFormat, Intl.DateTimeFormat; the word for years an ICU plural): "12 345 сом", "1.234,5 kWh",
 * "0,5 %", "25 лет", "25 de noviembre de 2026". Rounding for display only: money in whole
 * som, energy to 1 decimal at most, years to 1 decimal.
 */
import type { Locale } from '@solar/domain';
import { PROPOSAL_TEXTS, type ProposalTexts } from './texts.ts';

/** The formatters of one locale. */
export interface ProposalFormat {
  readonly locale: Locale;
  readonly texts: ProposalTexts;
  /** `value` with at most `digits` decimals (and at least `minDigits`). */
  number(value: number, digits?: number, minDigits?: number): string;
  /** Whole som with the unit. */
  som(value: number): string;
  /** kWh with the unit, at most 1 decimal by default. */
  kwh(value: number, digits?: number): string;
  /** kW with the unit, at most 1 decimal. */
  kw(value: number): string;
  /** A fraction as a percentage: 0.005 -> "0.5%". */
  percent(fraction: number): string;
  /** Degrees: "30°". */
  degrees(value: number): string;
  /** A number of years with the word for it: "4.5 years", "25 лет". */
  years(value: number, digits?: number): string;
  /** A calendar day `YYYY-MM-DD` as a long local date. */
  date(day: string): string;
  /** The twelve short month names, January first. */
  readonly months: readonly string[];
}

/** The formatters for `locale` (see the file comment). */
export function proposalFormat(locale: Locale): ProposalFormat {
  const texts = PROPOSAL_TEXTS[locale];
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const number = (value: number, digits = 0, minDigits = 0) => {
    const key = `${digits}:${minDigits}`;
    let format = numberFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        maximumFractionDigits: digits,
        minimumFractionDigits: minDigits,
      });
      numberFormats.set(key, format);
    }
    return format.format(value);
  };
  const percentFormat = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const u = texts.units;
  return {
    locale,
    texts,
    number,
    som: (value) => `${number(value)} ${u.som}`,
    kwh: (value, digits = 1) => `${number(value, digits)} ${u.kwh}`,
    kw: (value) => `${number(value, 1)} ${u.kw}`,
    percent: (fraction) => percentFormat.format(fraction),
    degrees: (value) => `${number(value, 1)}°`,
    years(value, digits = 1) {
      const shown = Number(value.toFixed(digits));
      return `${number(shown, digits)} ${texts.years(shown)}`;
    },
    date: (day) => dateFormat.format(new Date(`${day}T00:00:00Z`)),
    months: Array.from({ length: 12 }, (_, month) =>
      monthFormat.format(new Date(Date.UTC(2001, month, 15))),
    ),
  };
}

/** The compass point of a bearing in degrees (0 = north, 180 = south), in `texts`' words. */
export function compassPoint(texts: ProposalTexts, azimuthDeg: number): string {
  const index = Math.round((((azimuthDeg % 360) + 360) % 360) / 45) % 8;
  return texts.directions[index]!;
}
