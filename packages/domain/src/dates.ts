/**
 * Conversation date labels (docs/product.md#languages-and-formats, chat screen) through Intl, for
 * en, es and ru: today shows the time, yesterday 'Yesterday', under 7 days the weekday, else month
 * and day. Days are calendar days in `timeZone` (default UTC); `nowMs` is epoch ms.
 */

const DAY_MS = 86_400_000;

/** The calendar day of `ms` in `timeZone`, as days since 1970-01-01. */
function dayNumber(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** Upper-cases the first letter, for labels that stand alone ('ayer' -> 'Ayer'). */
function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * Whole calendar days from `date` to `nowMs` in `timeZone` (0 today, 1 yesterday, < 0 future)
 * (docs/product.md#languages-and-formats).
 */
export function calendarDaysBetween(
  date: Date | string | number,
  nowMs: number,
  timeZone = 'UTC',
): number {
  return dayNumber(nowMs, timeZone) - dayNumber(new Date(date).getTime(), timeZone);
}

/**
 * The sidebar label of a conversation's last activity (docs/product.md#languages-and-formats): the
 * same calendar day -> the locale's short time (`2:05 PM`, `14:05`, `09:05`); the day before ->
 * 'Yesterday' ('Ayer', 'Вчера'); 2 to 6 days before -> the weekday ('Monday', 'Lunes',
 * 'Понедельник'); older or in the future -> short month and day ('Nov 15', '15 nov', '15 нояб.'),
 * with the year when it is not the current calendar year ('Nov 15, 2025', '15 nov 2025', '15 нояб.
 * 2025 г.'). An invalid date is ''.
 * Labels that start with a word are capitalised.
 */
export function conversationDateLabel(
  date: Date | string | number,
  nowMs: number,
  locale = 'en',
  timeZone = 'UTC',
): string {
  const ms = new Date(date).getTime();
  if (Number.isNaN(ms)) return '';
  const days = calendarDaysBetween(ms, nowMs, timeZone);
  if (days === 0) {
    return new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(ms);
  }
  if (days === 1) {
    return capitalize(
      new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day'),
      locale,
    );
  }
  const year = (at: number) =>
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at);
  const options: Intl.DateTimeFormatOptions =
    days > 1 && days < 7
      ? { weekday: 'long' }
      : year(ms) === year(nowMs)
        ? { month: 'short', day: 'numeric' }
        : { month: 'short', day: 'numeric', year: 'numeric' };
  return capitalize(new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(ms), locale);
}
