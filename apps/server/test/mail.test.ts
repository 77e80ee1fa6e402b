/** The account mails (issue 4, "Mail"): three kinds in en, es, ru; the outbox files. */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { localeFromHeader } from '../src/auth/account-mail.ts';
import { createOutboxMailer } from '../src/mail/mailer.ts';
import { renderMail } from '../src/mail/templates.ts';

describe('renderMail', () => {
  it.each([
    ['en', 'Reset your password'],
    ['es', 'Restablece tu contraseña'],
    ['ru', 'Сброс пароля'],
  ] as const)('writes the reset mail in %s with the link in text and HTML', (locale, subject) => {
    const mail = renderMail('resetPassword', locale, {
      name: 'Aida <b>',
      link: 'https://solar.example/reset-password?token=abc&x=1',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('https://solar.example/reset-password?token=abc&x=1');
    expect(mail.html).toContain('href="https://solar.example/reset-password?token=abc&#38;x=1"');
    expect(mail.html).toContain('Aida &#60;b&#62;');
  });

  it('has the verification and password-changed mails in every language', () => {
    for (const locale of ['en', 'es', 'ru'] as const) {
      expect(
        renderMail('verifyEmail', locale, { name: 'A', link: 'https://x/verify-email?token=t' })
          .text,
      ).toContain('https://x/verify-email?token=t');
      expect(renderMail('passwordChanged', locale, { name: 'A' }).subject.length).toBeGreaterThan(
        5,
      );
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

describe('the outbox mailer', () => {
  it('writes an RFC 5322 .eml file and logs subject, recipient and file but not the link', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'solar-outbox-'));
    const lines: unknown[] = [];
    const mailer = createOutboxMailer(path.join(dir, 'outbox'), 'Solar <no-reply@solar.local>', {
      info: (...args: unknown[]) => lines.push(args),
    } as never);
    const content = renderMail('resetPassword', 'ru', {
      name: 'Айда',
      link: 'https://s/reset-password?token=SECRET',
    });
    await mailer.send({ to: 'aida@example.com', ...content });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('aida@example.com');
    expect(logged).toContain('Сброс пароля');
    expect(logged).not.toContain('SECRET');
    const file = (lines[0] as [{ file: string }])[0].file;
    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^(?:[\w-]+: .*\r\n(?:[ \t].*\r\n)*)+/);
    expect(raw).toContain('From: Solar <no-reply@solar.local>\r\n');
    expect(raw).toContain('To: aida@example.com\r\n');
    expect(raw).toMatch(/Subject: =\?UTF-8\?[BQ]\?/);
    expect(raw).toContain('Content-Type: multipart/alternative');
    mailer.close();
    await rm(dir, { recursive: true, force: true });
  });
});
