/**
 * The project status mail (issue 22 item 3; mail/project-templates.ts): every status has a
 * human name in en, es and ru; the subject and text name the new status and the project's
 * address; the link to the project page is in the text and the HTML; the address (user
 * input) is escaped in the HTML.
 */
import { LOCALES } from '@solar/domain/constants';
import { PROJECT_STATUSES } from '@solar/domain/pipeline';
import { describe, expect, it } from 'vitest';
import { STATUS_NAMES } from '../src/mail/project-templates.ts';
import { renderMail } from '../src/mail/templates.ts';

const link = 'https://solar.example/projects/3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b';

describe('the projectStatus mail', () => {
  it.each(LOCALES)('names every status in %s, each differently', (locale) => {
    const names = PROJECT_STATUSES.map((status) => STATUS_NAMES[locale][status]);
    expect(names.every((name) => name.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(PROJECT_STATUSES.length);
    for (const status of PROJECT_STATUSES) {
      const mail = renderMail('projectStatus', locale, {
        name: 'Aida',
        status,
        address: 'Chui 1, Bishkek',
        link,
      });
      expect(mail.subject).toContain(STATUS_NAMES[locale][status]);
      expect(mail.text).toContain(`${STATUS_NAMES[locale][status]}.`);
      expect(mail.text).toContain('Chui 1, Bishkek');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    }
  });

  it('speaks the language of the recipient', () => {
    const vars = { name: 'Aida', status: 'installed' as const, link };
    expect(renderMail('projectStatus', 'en', vars).subject).toBe('Your solar project: Installed');
    expect(renderMail('projectStatus', 'es', vars).subject).toBe('Tu proyecto solar: Instalado');
    expect(renderMail('projectStatus', 'ru', vars).subject).toBe(
      'Ваш солнечный проект: Установлено',
    );
  });

  it('escapes the address in the HTML', () => {
    const mail = renderMail('projectStatus', 'en', {
      name: 'Aida',
      status: 'quote_requested',
      address: '<img src=x onerror=alert(1)> & Co',
      link,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; Co');
  });
});
