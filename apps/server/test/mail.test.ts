/**
 * The mails (docs/product.md#mail): every kind in en, es and ru with `<html lang>` of that
 * language; the link in the text and the HTML; "your password was changed" gives the way to
 * reset and how to reach the business (SUPPORT_EMAIL, else the site); the outbox files; an
 * error logged as a string keeps its text (the log serializer once spelled it out one
 * character per field).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@solar/domain/constants';
import { describe, expect, it } from 'vitest';
import { localeFromHeader } from '../src/auth/account-mail.ts';
import { errorForLog } from '../src/logging.ts';
import { createOutboxMailer } from '../src/mail/mailer.ts';
import { MAIL_KINDS, renderMail } from '../src/mail/templates.ts';

const contact = { publicUrl: 'https://solar.example' };
const support = { ...contact, supportEmail: 'help@solar.example' };

describe('renderMail', () => {
  it('signs with the name alone when no business contacts are configured', () => {
    const mail = renderMail('verifyEmail', 'en', { name: 'A', link: 'https://x/y' }, contact);
    expect(mail.text).toMatch(/\n-- \nSolar\n$/);
    expect(mail.html).toContain('<strong>Solar</strong></p>');
    expect(mail.html).not.toMatch(/tel:|mailto:/);
  });

  it.each([
    ['en', 'Website: https://solar.kg'],
    ['es', 'Sitio web: https://solar.kg'],
    ['ru', 'Сайт: https://solar.kg'],
  ] as const)('signs every %s mail with the business and its labelled contacts', (locale, web) => {
    const business = {
      name: 'ОсОО «Солнце» & Co',
      phone: '+996 (312) 12-34-56',
      email: 'hello@solar.kg',
      website: 'https://solar.kg',
    };
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(
        kind,
        locale,
        { name: 'A', link: 'https://x/y' },
        {
          ...contact,
          business,
        },
      );
      expect(mail.text, kind).toContain(`\n-- \nОсОО «Солнце» & Co\n`);
      expect(mail.text, kind).toContain(web);
      expect(mail.html, kind).toContain('<strong>ОсОО «Солнце» &#38; Co</strong>');
      expect(mail.html, kind).toContain('href="tel:+996312123456"');
      expect(mail.html, kind).toContain('href="mailto:hello@solar.kg"');
    }
  });

  it.each([
    ['en', 'Reset your password'],
    ['es', 'Restablezca su contraseña'],
    ['ru', 'Сброс пароля'],
  ] as const)('writes the reset mail in %s with the link in text and HTML', (locale, subject) => {
    const mail = renderMail(
      'resetPassword',
      locale,
      { name: 'Aida <b>', link: 'https://solar.example/reset-password?token=abc&x=1' },
      contact,
    );
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('https://solar.example/reset-password?token=abc&x=1');
    expect(mail.html).toContain('href="https://solar.example/reset-password?token=abc&#38;x=1"');
    expect(mail.html).toContain('Aida &#60;b&#62;');
  });

  it.each(LOCALES)('marks the HTML of every %s mail with its language', (locale) => {
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(kind, locale, { name: 'A', link: 'https://x/y' }, contact);
      expect(mail.html, kind).toMatch(new RegExp(`^<!doctype html><html lang="${locale}">`));
      expect(mail.html, kind).toContain('<meta charset="utf-8">');
      expect(mail.subject.length, kind).toBeGreaterThan(5);
    }
  });

  it.each([
    ['en', 'Reset your password: https://solar.example/forgot-password', 'help@solar.example'],
    ['es', 'Restablecer su contraseña: https://solar.example/forgot-password', 'Escríbanos a'],
    ['ru', 'Сбросить пароль: https://solar.example/forgot-password', 'Напишите нам'],
  ] as const)(
    '"password changed" in %s links the reset page and names the support address',
    (locale, action, reach) => {
      const link = 'https://solar.example/forgot-password';
      const mail = renderMail('passwordChanged', locale, { name: 'Aida', link }, support);
      expect(mail.text).toContain(action);
      expect(mail.text).toContain(reach);
      expect(mail.text).toContain('help@solar.example');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('help@solar.example');
    },
  );

  it('points to the site when no support address is configured', () => {
    const mail = renderMail(
      'passwordChanged',
      'en',
      { name: 'Aida', link: 'https://solar.example/forgot-password' },
      contact,
    );
    expect(mail.text).toContain('Questions? Contact us through https://solar.example.');
  });

  it('addresses Spanish readers as "usted"', () => {
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(kind, 'es', { name: 'Ana', link: 'https://x/y' }, contact);
      expect(`${mail.subject} ${mail.text}`, kind).not.toMatch(/\b(tu|tú|ti|fuiste|esperabas)\b/i);
    }
  });
});

describe('localeFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['fr-FR', 'en'],
    ['es-ES,es;q=0.9', 'es'],
    ['en;q=0.2, ru;q=0.8', 'ru'],
    ['ru;q=0, es;q=0.1', 'es'],
  ])('%s -> %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });
});

describe('errorForLog', () => {
  it('keeps a string as it is rather than one field per character', () => {
    expect(errorForLog('connect ECONNREFUSED 127.0.0.1:2525')).toBe(
      'connect ECONNREFUSED 127.0.0.1:2525',
    );
  });

  it('gives an Error its type and message', () => {
    const logged = errorForLog(new Error('connect ECONNREFUSED')) as unknown as Record<
      string,
      unknown
    >;
    expect(logged).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED' });
  });
});

describe('the outbox mailer', () => {
  it('writes an RFC 5322 .eml file and logs subject, recipient and file but not the link', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'solar-outbox-'));
    const lines: unknown[] = [];
    const mailer = createOutboxMailer(
      path.join(dir, 'outbox'),
      { from: 'Solar <no-reply@solar.local>', replyTo: 'help@solar.example' },
      { info: (...args: unknown[]) => lines.push(args) } as never,
    );
    const content = renderMail(
      'resetPassword',
      'ru',
      { name: 'Айда', link: 'https://s/reset-password?token=SECRET' },
      contact,
    );
    await mailer.send({ to: 'aida@example.com', ...content });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('aida@example.com');
    expect(logged).toContain('Сброс пароля');
    expect(logged).not.toContain('SECRET');
    const file = (lines[0] as [{ file: string }])[0].file;
    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^(?:[\w-]+: .*\r\n(?:[ \t].*\r\n)*)+/);
    expect(raw).toContain('From: Solar <no-reply@solar.local>\r\n');
    expect(raw).toContain('Reply-To: help@solar.example\r\n');
    expect(raw).toContain('To: aida@example.com\r\n');
    expect(raw).toMatch(/Subject: =\?UTF-8\?[BQ]\?/);
    expect(raw).toContain('Content-Type: multipart/alternative');
    mailer.close();
    await rm(dir, { recursive: true, force: true });
  });
});
