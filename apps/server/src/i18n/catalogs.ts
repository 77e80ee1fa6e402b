/**
 * The server's texts (docs/product.md#languages-and-formats): the mails, the offline chat
 * assistant's replies and the language model's instructions, and the proposal PDF, in one
 * ICU MessageFormat catalog per interface language (`messages.<locale>.json`, one for each
 * of the domain's `LOCALES`, read when the server starts), formatted with
 * `intl-messageformat` like the web app's catalogs. English is the reference: its file gives
 * the message ids (code naming an id it lacks does not compile), and catalogs.test.ts checks
 * that every language has a file with exactly those ids, each message parsing and keeping
 * English's arguments.
 *
 * Numbers reach a message already formatted (as strings) unless the message picks a plural
 * form by them, so a message's output does not depend on ICU number skeletons.
 */
import { LOCALES, type Locale } from '@solar/domain/constants';
import { IntlMessageFormat } from 'intl-messageformat';
import { readFileSync } from 'node:fs';
import en from './messages.en.json' with { type: 'json' };

/** The id of a server message (a key of the English catalog). */
export type MessageId = keyof typeof en;

/** One language's messages: every id English has. */
export type ServerMessages = Readonly<Record<MessageId, string>>;

/** The catalog file of `locale`, parsed. */
const readCatalog = (locale: Locale): ServerMessages =>
  JSON.parse(
    readFileSync(new URL(`./messages.${locale}.json`, import.meta.url), 'utf8'),
  ) as ServerMessages;

/** The server catalogs, one per interface language. */
export const SERVER_CATALOGS: Readonly<Record<Locale, ServerMessages>> = Object.fromEntries(
  LOCALES.map((locale) => [locale, locale === 'en' ? en : readCatalog(locale)]),
) as Record<Locale, ServerMessages>;

/** The values a message's arguments take: text, or a number for a plural. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Parser options of every server message: `<` and `>` are plain text, not tags. */
export const MESSAGE_OPTIONS = { ignoreTag: true } as const;

const compiled = new Map<string, IntlMessageFormat>();

/**
 * Message `id` in `locale` with `values` for its arguments. Each message is compiled once
 * (the first time it is asked for) and kept.
 */
export function formatMessage(locale: Locale, id: MessageId, values?: MessageValues): string {
  const key = `${locale}\u0000${id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(SERVER_CATALOGS[locale][id], locale, undefined, MESSAGE_OPTIONS);
    compiled.set(key, format);
  }
  return String(format.format(values));
}

/** `formatMessage` bound to one language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** {@link formatMessage} for `locale`. */
export function translator(locale: Locale): Translate {
  return (id, values) => formatMessage(locale, id, values);
}
