import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, conversationDateLabel } from './dates.ts';

// Sunday 22 November 2026, one minute after midnight UTC.
const NOW = Date.parse('2026-11-22T00:01:00Z');
/** Intl may use narrow no-break spaces ("2:05 PM"); compare with plain spaces. */
const label = (date: string, locale: string, now = NOW, timeZone?: string) =>
  conversationDateLabel(date, now, locale, timeZone).replace(/\s/g, ' ');

describe('conversationDateLabel', () => {
  it.each([
    // Same calendar day: the time.
    ['2026-11-22T00:00:00Z', '12:00 AM', '0:00', '00:00'],
    ['2026-11-22T00:01:00Z', '12:01 AM', '0:01', '00:01'],
    // Across midnight: one minute before is yesterday.
    ['2026-11-21T23:59:00Z', 'Yesterday', 'Ayer', 'Вчера'],
    ['2026-11-21T00:00:00Z', 'Yesterday', 'Ayer', 'Вчера'],
    // 2..6 days: the weekday.
    ['2026-11-20T12:00:00Z', 'Friday', 'Viernes', 'Пятница'],
    ['2026-11-16T00:00:00Z', 'Monday', 'Lunes', 'Понедельник'],
    // Week boundary: 7 days ago (previous Sunday) is month and day.
    ['2026-11-15T23:59:59Z', 'Nov 15', '15 nov', '15 нояб.'],
    ['2026-01-02T10:00:00Z', 'Jan 2', '2 ene', '2 янв.'],
    // Future dates (clock skew) are month and day too.
    ['2026-11-23T09:00:00Z', 'Nov 23', '23 nov', '23 нояб.'],
  ])('%s -> en %s / es %s / ru %s', (date, en, es, ru) => {
    expect(label(date, 'en')).toBe(en);
    expect(label(date, 'es')).toBe(es);
    expect(label(date, 'ru')).toBe(ru);
  });

  it('shows afternoon times in each locale convention', () => {
    const evening = Date.parse('2026-11-22T23:00:00Z');
    expect(label('2026-11-22T13:30:00Z', 'en', evening)).toBe('1:30 PM');
    expect(label('2026-11-22T13:30:00Z', 'es', evening)).toBe('13:30');
    expect(label('2026-11-22T09:05:00Z', 'ru', evening)).toBe('09:05');
  });

  it('counts calendar days in the given time zone', () => {
    // 20:00 UTC on the 21st is 02:00 on the 22nd in Bishkek (UTC+6).
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(label('2026-11-21T20:00:00Z', 'en', now, 'Asia/Bishkek')).toBe('2:00 AM');
    expect(label('2026-11-21T20:00:00Z', 'en', now)).toBe('Yesterday');
    expect(calendarDaysBetween('2026-11-21T20:00:00Z', now, 'Asia/Bishkek')).toBe(0);
    expect(calendarDaysBetween('2026-11-21T20:00:00Z', now)).toBe(1);
  });

  it('crosses a month and a year boundary', () => {
    const newYear = Date.parse('2027-01-01T08:00:00Z');
    expect(label('2026-12-31T22:00:00Z', 'en', newYear)).toBe('Yesterday');
    expect(label('2026-12-26T12:00:00Z', 'ru', newYear)).toBe('Суббота');
    expect(label('2026-12-25T12:00:00Z', 'es', newYear)).toBe('25 dic 2026');
  });

  it('shows the year for a date in another calendar year', () => {
    expect(label('2025-11-15T12:00:00Z', 'en')).toBe('Nov 15, 2025');
    expect(label('2025-11-15T12:00:00Z', 'es')).toBe('15 nov 2025');
    expect(label('2025-11-15T12:00:00Z', 'ru')).toBe('15 нояб. 2025 г.');
    expect(label('2024-02-29T12:00:00Z', 'en')).toBe('Feb 29, 2024');
  });

  it('accepts Date and epoch ms, and gives "" for an invalid date', () => {
    expect(label(new Date('2026-11-20T12:00:00Z') as unknown as string, 'en')).toBe('Friday');
    expect(conversationDateLabel(Date.parse('2026-11-20T12:00:00Z'), NOW)).toBe('Friday');
    expect(conversationDateLabel('not a date', NOW, 'en')).toBe('');
  });
});
