/**
 * The content guidelines page's figures, measured from the app's catalogs
 * (apps/web/src/i18n/{app,domain}.*.json and apps/web/src/features/* /messages.*.json) when
 * the page renders, and its number examples, formatted by the product's own functions and
 * messages: the page cannot drift from what users read.
 */
import { textIn } from '../../apps/web/src/testing/story-text.ts';
import { LOCALES, type Locale } from '../../packages/domain/src/constants.ts';
import { formatNumber, formatSom } from '../../packages/ui/src/format.ts';

/** Each language's English name ("Spanish"), as this English page names it. */
const englishNames = new Intl.DisplayNames('en', { type: 'language' });
const NAMES = Object.fromEntries(
  LOCALES.map((locale) => [locale, englishNames.of(locale) ?? locale]),
) as Record<Locale, string>;

const files = import.meta.glob<Record<string, string>>(
  [
    '../../apps/web/src/i18n/app.*.json',
    '../../apps/web/src/i18n/domain.*.json',
    '../../apps/web/src/features/*/messages.*.json',
  ],
  { import: 'default', eager: true },
);

/** Every message of a language, all catalogs merged. */
function catalog(locale: Locale): Record<string, string> {
  return Object.assign(
    {},
    ...Object.entries(files)
      .filter(([file]) => file.endsWith(`.${locale}.json`))
      .map(([, messages]) => messages),
  ) as Record<string, string>;
}

const CATALOGS = Object.fromEntries(LOCALES.map((locale) => [locale, catalog(locale)])) as Record<
  Locale,
  Record<string, string>
>;

/**
 * A message as a reader sees it: formatted by the app's own formatter in its language, every
 * argument given 5 (a plural's "other" form in English and Spanish, "many" in Russian; a
 * select's "other" branch), so placeholders, plural and select syntax are not counted.
 */
export function readableText(locale: Locale, id: string): string {
  const names = [...(CATALOGS[locale][id] ?? '').matchAll(/\{\s*(\w+)/g)].map((m) => m[1]!);
  return textIn(locale, id, Object.fromEntries(names.map((name) => [name, 5])));
}

const KEYS = Object.keys(CATALOGS.en).filter((key) =>
  LOCALES.every((locale) => key in CATALOGS[locale]),
);

/** Text lengths per message id and language (readable text only). */
const LENGTHS = KEYS.map((key) =>
  Object.fromEntries(LOCALES.map((l) => [l, readableText(l, key).length])),
) as Record<Locale, number>[];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** How much longer a language runs than English, in percent (+14 %), measured. */
export interface LengthMeasure {
  locale: Locale;
  /** All messages' characters together, against English's. */
  overall: number;
  /** The median message. */
  median: number;
  /** Short labels (English at most 20 characters): one in ten runs at least this much longer. */
  shortLabelsP90: number;
  /** The longest word of the language's catalog. */
  longestWord: string;
}

const percent = (ratio: number) => Math.round((ratio - 1) * 100);

/** The measures of Spanish and Russian against English. */
export const LENGTH_MEASURES: LengthMeasure[] = LOCALES.filter((l) => l !== 'en').map((locale) => {
  const withText = LENGTHS.filter((l) => l.en > 0);
  const sum = (l: Locale) => withText.reduce((total, lengths) => total + lengths[l], 0);
  const ratios = withText.map((l) => l[locale] / l.en);
  const short = withText.filter((l) => l.en <= 20).map((l) => l[locale] / l.en);
  const words = KEYS.flatMap((key) => readableText(locale, key).match(/\p{L}[\p{L}\p{M}·-]*/gu))
    // Code names some messages quote (`scheduleInstallation`) are not words of the language.
    .filter((word): word is string => Boolean(word) && !/\p{Ll}\p{Lu}/u.test(word!));
  return {
    locale,
    overall: percent(sum(locale) / sum('en')),
    median: percent(quantile(ratios, 0.5)),
    shortLabelsP90: percent(quantile(short, 0.9)),
    longestWord: words.reduce((longest, word) => (word.length > longest.length ? word : longest)),
  };
});

/** How many messages the measures are taken over. */
export const MEASURED_MESSAGES = KEYS.length;

const signed = (n: number) => `${n >= 0 ? '+' : ''}${n} %`;

/** The length table: each language against English, measured from the catalogs. */
export function LengthTable() {
  return (
    <table>
      <caption style={{ textAlign: 'start' }}>
        Length against English, measured over the {MEASURED_MESSAGES} messages all three catalogs
        share
      </caption>
      <thead>
        <tr>
          <th scope="col">Language</th>
          <th scope="col">All text</th>
          <th scope="col">Median message</th>
          <th scope="col">Short labels, 1 in 10 at least</th>
          <th scope="col">Longest word</th>
        </tr>
      </thead>
      <tbody>
        {LENGTH_MEASURES.map((m) => (
          <tr key={m.locale}>
            <th scope="row">{NAMES[m.locale]}</th>
            <td>{signed(m.overall)}</td>
            <td>{signed(m.median)}</td>
            <td>{signed(m.shortLabelsP90)}</td>
            <td lang={m.locale}>
              {m.longestWord} ({m.longestWord.length} letters)
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A catalog message formatted in a language, as the app shows it. */
const message = (locale: Locale, id: string, values: Record<string, number | string>) =>
  textIn(locale, id, values);

/**
 * Numbers and units as the product writes them in each language: energy, power, money (the
 * product's `formatSom`, beside what `Intl`'s currency style would give) and payback years
 * through the catalog's plural rules.
 */
export function NumberExamples() {
  const rows: [string, (l: Locale) => string][] = [
    ['Energy a month', (l) => `${formatNumber(1250, l)} ${l === 'ru' ? 'кВт·ч' : 'kWh'}`],
    ['System size label', (l) => CATALOGS[l]['fullCalculator.config.systemSize'] ?? ''],
    ['System size', (l) => `${formatNumber(3.2, l, 1)} ${CATALOGS[l]['quickCalculator.unit.kw']}`],
    ['Money (formatSom)', (l) => formatSom(138750, l)],
    [
      'Intl currency style (not used)',
      (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'KGS' }).format(138750),
    ],
    ...[1, 2, 4.5, 5, 21].map(
      (years) =>
        [
          `Payback, ${years}`,
          (l: Locale) => message(l, 'quickCalculator.results.paybackYears', { years }),
        ] as [string, (l: Locale) => string],
    ),
  ];
  return (
    <table>
      <caption style={{ textAlign: 'start' }}>
        Formatted by the product&apos;s functions and catalog messages
      </caption>
      <thead>
        <tr>
          <th scope="col">What</th>
          {LOCALES.map((l) => (
            <th key={l} scope="col">
              {NAMES[l]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([what, format]) => (
          <tr key={what}>
            <th scope="row">{what}</th>
            {LOCALES.map((l) => (
              <td key={l} lang={l}>
                {format(l)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One message in the three languages (voice examples), straight from the catalogs. */
export function Voice({ id, values = {} }: { id: string; values?: Record<string, string> }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem' }}>
      {LOCALES.map((l) => (
        <div key={l} style={{ display: 'contents' }}>
          <dt>
            <strong>{NAMES[l]}</strong>
          </dt>
          <dd lang={l} style={{ margin: 0 }}>
            {message(l, id, values)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
