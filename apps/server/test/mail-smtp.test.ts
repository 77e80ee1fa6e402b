/**
 * The reset flow end to end through a real SMTP server started here (smtp-server):
 * forgot -> mail received over SMTP -> token from the link -> reset -> old refresh tokens
 * refused -> sign-in with the new password. Also: the mail's language follows the user's.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, decodeMail, linkToken, outbox, signIn, signUpBody } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe.each(databaseKinds)('mail over SMTP on %s', (kind) => {
  let smtp: SMTPServer;
  let server: TestServer;
  const received: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    server = await startTestServer(kind, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Solar <mail@solar.example>',
      PUBLIC_URL: 'https://solar.example',
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function mailTo(email: string, pattern: RegExp): Promise<string> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = received.find((m) => m.to.includes(email) && pattern.test(decodeMail(m.raw)));
      if (found) {
        expect(found.from).toBe('mail@solar.example');
        return decodeMail(found.raw);
      }
      if (Date.now() > deadline) throw new Error(`no SMTP mail to ${email} matching ${pattern}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('forgot -> mail -> reset -> old refresh token refused -> new password signs in', async () => {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    const forgot = await call(server, 'POST', '/auth/password/forgot', {
      body: { email: body.email },
    });
    expect(forgot.status).toBe(202);

    const mail = await mailTo(body.email, /reset-password\?token=/);
    expect(mail).toContain('Subject: Reset your password');
    expect(mail).toContain('https://solar.example/reset-password?token=');
    const token = linkToken(mail, 'reset-password');

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
    await mailTo(body.email, /Your password was changed/);
    // With SMTP configured nothing goes to the outbox.
    expect(await outbox(server)).toEqual([]);
  });

  it('writes the mail in the language the user signed up with', async () => {
    const body = signUpBody();
    await call(server, 'POST', '/auth/email/signup', {
      body,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
    const mail = await mailTo(body.email, /reset-password\?token=/);
    expect(mail).toContain('Subject: Сброс пароля');
    expect(mail).toContain('Задать новый пароль: https://solar.example/reset-password?token=');
  });
});
