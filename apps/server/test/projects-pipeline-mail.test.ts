/**
 * The project status mail (docs/product.md#project-pipeline; mail/project-templates.ts):
 * every status has a human name in en, es and ru; the subject and text name the new status
 * and the project's address; a scheduled inspection or installation gives its day, written
 * for the reader's language, the same day whatever the server's time zone; the link to the
 * project page is in the text and the HTML; the address (user input) is escaped in the
 * HTML.
 */
import { LOCALES } from '@solar/domain/constants';
import { PROJECT_STATUSES } from '@solar/domain/pipeline';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, STATUS_NAMES } from '../src/mail/project-templates.ts';
import { renderMail } from '../src/mail/templates.ts';

const link = 'https://solar.example/projects/3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b';
const contact = { publicUrl: 'https://solar.example' };

describe('the projectStatus mail', () => {
  it.each(LOCALES)('names every status in %s, each differently', (locale) => {
    const names = PROJECT_STATUSES.map((status) => STATUS_NAMES[locale][status]);
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(PROJECT_STATUSES.length);
    for (const status of PROJECT_STATUSES) {
      const mail = renderMail(
        'projectStatus',
        locale,
        {
          name: 'Aida',
          status,
          address: 'Chui 1, Bishkek',
          link,
        },
        contact,
      );
      expect(mail.subject).toContain(STATUS_NAMES[locale][status]);
      expect(mail.text).toContain(`${STATUS_NAMES[locale][status]}.`);
      expect(mail.text).toContain('Chui 1, Bishkek');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    }
  });

  it('speaks the language of the recipient', () => {
    const vars = { name: 'Aida', status: 'installed' as const, link };
    expect(renderMail('projectStatus', 'en', vars, contact).subject).toBe(
      'Your solar project: Installed',
    );
    expect(renderMail('projectStatus', 'es', vars, contact).subject).toBe(
      'Su proyecto solar: Instalado',
    );
    expect(renderMail('projectStatus', 'ru', vars, contact).subject).toBe(
      'Ваш солнечный проект: Установлено',
    );
  });

  it('escapes the address in the HTML', () => {
    const mail = renderMail(
      'projectStatus',
      'en',
      {
        name: 'Aida',
        status: 'quote_requested',
        address: '<img src=x onerror=alert(1)> & Co',
        link,
      },
      contact,
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
  });

  it.each([
    ['en', 'inspection_scheduled', 'The roof inspection is scheduled for Monday, March 1, 2027.'],
    [
      'es',
      'inspection_scheduled',
      'La inspección del techo está programada para el lunes, 1 de marzo de 2027.',
    ],
    ['ru', 'inspection_scheduled', 'Осмотр крыши назначен на понедельник, 1 марта 2027 г.'],
    [
      'en',
      'installation_scheduled',
      'The installation is scheduled for Friday, December 31, 2027.',
    ],
    ['ru', 'installation_scheduled', 'Монтаж назначен на пятница, 31 декабря 2027 г.'],
  ] as const)('gives the scheduled day in %s (%s)', (locale, status, sentence) => {
    const date = status === 'inspection_scheduled' ? '2027-03-01' : '2027-12-31';
    const mail = renderMail('projectStatus', locale, { name: 'Aida', status, date, link }, contact);
    // One full stop, also after a Russian date's "г.".
    expect(mail.text).toContain(`${sentence}\n`);
    expect(mail.text).not.toContain('..');
    expect(mail.html).toContain(`${sentence}</p>`);
    // The link closes the text, after the day.
    expect(mail.text.indexOf(sentence)).toBeLessThan(mail.text.indexOf(link));
  });

  it('names no day for a status without one, nor for a value that is not a day', () => {
    const inspected = renderMail(
      'projectStatus',
      'en',
      { name: 'Aida', status: 'inspected', date: '2027-03-01', link },
      contact,
    );
    expect(inspected.text).not.toContain('2027');
    expect(formatCalendarDay('en', 'tomorrow')).toBeUndefined();
  });

  it('writes the business day, whatever time zone the server runs in', () => {
    // 2027-03-01 is that calendar day of the business: formatting it must not shift it to
    // 28 February west of UTC nor to 2 March east of it.
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Bishkek']) {
        process.env.TZ = tz;
        expect(formatCalendarDay('en', '2027-03-01'), tz).toBe('Monday, March 1, 2027');
      }
    } finally {
      process.env.TZ = zone;
    }
  });
});
