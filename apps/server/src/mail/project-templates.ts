/**
 * The project status mail (docs/product.md#project-pipeline): sent to a project's owner
 * after each pipeline change, in their language, naming the new status, the day of a
 * scheduled inspection or installation, and linking the project page
 * (`PUBLIC_URL/projects/{id}`). Its words are the `mail.projectStatus.*` messages of the
 * server catalogs; templates.ts renders it like the account mails.
 */
import { LOCALES, type Locale } from '@solar/domain/constants';
import { PROJECT_STATUSES, scheduledDateField, type ProjectStatus } from '@solar/domain/pipeline';
import { formatMessage } from '../i18n/catalogs.ts';

/** Each status's human name in each language, as the mail says it. */
export const STATUS_NAMES: Readonly<Record<Locale, Readonly<Record<ProjectStatus, string>>>> =
  Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        PROJECT_STATUSES.map((status) => [
          status,
          formatMessage(locale, `mail.projectStatus.status.${status}` as const),
        ]),
      ) as Record<ProjectStatus, string>,
    ]),
  ) as Record<Locale, Record<ProjectStatus, string>>;

/**
 * A calendar day `YYYY-MM-DD` written out in `locale` with its weekday ("Monday, 1 March
 * 2027", "понедельник, 1 марта 2027 г."). The day is already the business's local day, so
 * it is formatted as that day in UTC: no time zone of the server or the reader moves it.
 * Undefined for a value that is not such a day.
 */
export function formatCalendarDay(locale: Locale, day: string | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(at);
}

/** A sentence with its full stop, once (a Russian date already ends in "г."). */
const fullStop = (sentence: string) => (sentence.endsWith('.') ? sentence : `${sentence}.`);

/**
 * The status mail's arguments: `statusName`, the status's name (empty without a status),
 * and `dayLine`, the sentence giving the scheduled day when the status has one and a day
 * is given, else empty (the mail then has no such paragraph).
 */
export function projectStatusValues(
  locale: Locale,
  v: { status?: ProjectStatus | undefined; date?: string | undefined },
): { statusName: string; dayLine: string } {
  const day = formatCalendarDay(locale, v.date);
  // The statuses a scheduling action leads to have a day; the sentence names that field.
  const field = v.status ? scheduledDateField(v.status) : null;
  return {
    statusName: v.status ? STATUS_NAMES[locale][v.status] : '',
    dayLine:
      field && day ? fullStop(formatMessage(locale, 'mail.projectStatus.day', { field, day })) : '',
  };
}
