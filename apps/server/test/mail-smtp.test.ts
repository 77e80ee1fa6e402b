/**
 * Mail through a real SMTP server (smtp-server + mailparser from npm, mail-smtp-server.ts):
 * the reset flow end to end (forgot -> mail received over SMTP -> token from the link ->
 * reset -> old refresh tokens refused -> sign-in with the new password -> "password
 * changed" with the reset page and the support address), and the language of every mail:
 * the one the user chose in the app (sent at sign-up, changed with PUT /auth/me/locale), the
 * one an administrator picked at creation or on edit, the browser's only when none was
 * sent (docs/product.md#mail); every mail signed by the business's name and contacts
 * (docs/product.md#business-identity) with labels in its language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, linkToken, outbox, signIn, signUpBody, uniqueEmail } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-smtp-server.ts';

describe.each(databaseKinds)('mail over SMTP on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Solar <mail@solar.example>',
      PUBLIC_URL: 'https://solar.example',
      SUPPORT_EMAIL: 'help@solar.example',
      BUSINESS_NAME: 'Solar Kyrgyzstan LLC',
      BUSINESS_ADDRESS: 'Chui Avenue 120, Bishkek',
      BUSINESS_PHONE: '+996 312 123 456',
      BUSINESS_EMAIL: 'hello@solar.example',
      BUSINESS_LEGAL: '© 2026 Solar Kyrgyzstan LLC',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  /** The one mail to `email` with `subject`, once the queue has sent what is due. */
  async function mailTo(email: string, subject: string) {
    await server.settleMail();
    const found = smtp.to(email, subject);
    expect(found, `${email}: ${subject}`).toHaveLength(1);
    expect(found[0]!.from).toBe('mail@solar.example');
    return found[0]!.mail;
  }

  it('forgot -> mail -> reset -> old refresh token refused -> new password signs in', async () => {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    const forgot = await call(server, 'POST', '/auth/password/forgot', {
      body: { email: body.email },
    });
    expect(forgot.status).toBe(202);

    const mail = await mailTo(body.email, 'Reset your password');
    expect(mail.text).toContain('https://solar.example/reset-password?token=');
    expect(mail.replyTo?.text).toBe('help@solar.example');
    const token = linkToken(mail.text!, 'reset-password');
    // Signed by the business (BUSINESS_*), in the text after "-- " and in the HTML.
    expect(mail.text).toContain(
      '\n-- \nSolar Kyrgyzstan LLC\nChui Avenue 120, Bishkek\nPhone: +996 312 123 456\nEmail: hello@solar.example\n© 2026 Solar Kyrgyzstan LLC\n',
    );
    expect(mail.html).toContain('<strong>Solar Kyrgyzstan LLC</strong>');
    expect(mail.html).toContain('<a href="tel:+996312123456" style="color:inherit">');
    expect(mail.html).toContain('<a href="mailto:hello@solar.example" style="color:inherit">');

    const reset = await call(server, 'POST', '/auth/password/reset', {
      body: { token, password: 'Brand9New', confirmPassword: 'Brand9New' },
    });
    expect(reset.status).toBe(204);
    const refresh = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: created.body.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const session = await signIn(server, { email: body.email, password: 'Brand9New' });
    expect(session.user.email).toBe(body.email);
    const changed = await mailTo(body.email, 'Your password was changed');
    expect(changed.text).toContain('Reset your password: https://solar.example/forgot-password');
    expect(changed.text).toContain('Questions? Write to us at help@solar.example.');
    expect(changed.html).toContain('<html lang="en">');
    // With SMTP configured nothing goes to the outbox.
    expect(await outbox(server)).toEqual([]);
  });

  it('writes the mail in the language the app sent at sign-up, not the browser’s', async () => {
    const body = signUpBody({ locale: 'ru' });
    await call(server, 'POST', '/auth/email/signup', {
      body,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
    const mail = await mailTo(body.email, 'Сброс пароля');
    expect(mail.text).toContain('Задать новый пароль: https://solar.example/reset-password?token=');
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.text).toContain('Телефон: +996 312 123 456\nЭл. почта: hello@solar.example');
  });

  it('falls back to the browser’s language when the app sent none', async () => {
    const body = signUpBody();
    await call(server, 'POST', '/auth/email/signup', {
      body,
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    await mailTo(body.email, 'Confirme su dirección de correo');
  });

  it('follows the language the signed-in user switches to', async () => {
    const body = signUpBody({ locale: 'en' });
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    const token = created.body.token as string;
    const answer = await call(server, 'PUT', '/auth/me/locale', {
      token,
      body: { locale: 'ru' },
    });
    expect(answer.status).toBe(204);
    expect((await call(server, 'GET', '/auth/me', { token })).body.locale).toBe('ru');
    await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
    await mailTo(body.email, 'Сброс пароля');
    const bad = await call(server, 'PUT', '/auth/me/locale', { token, body: { locale: 'fr' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('locale');
  });

  it('writes in the language an administrator picked, at creation and on edit', async () => {
    const admin = await signIn(server, ADMIN);
    const email = uniqueEmail('picked');
    const made = await call(server, 'POST', '/admin/users', {
      token: admin.token,
      body: {
        name: 'Ana Pérez',
        email,
        password: 'secret1',
        userType: 4,
        emailConfirmed: true,
        locale: 'es',
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.locale).toBe('es');
    const welcome = await mailTo(email, 'Su cuenta de Solar');
    expect(welcome.html).toContain('<html lang="es">');

    const edited = await call(server, 'PUT', `/admin/users/${made.body.id}`, {
      token: admin.token,
      body: {
        name: 'Ana Pérez',
        email,
        userType: 4,
        emailConfirmed: true,
        isActive: true,
        locale: 'ru',
      },
    });
    expect(edited.body.locale).toBe('ru');
    await call(server, 'POST', '/auth/password/forgot', { body: { email } });
    await mailTo(email, 'Сброс пароля');
  });
});
