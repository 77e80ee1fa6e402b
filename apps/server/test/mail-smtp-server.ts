/**
 * A real SMTP server for the mail suites: `smtp-server` from npm, started by the test on a
 * port of 127.0.0.1, each message parsed with `mailparser` (the same libraries a mail
 * provider's tooling uses, none of them ours). It can be stopped (the port then refuses
 * connections, as a server that is down does) and started again on the same port.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the server accepted: the envelope and the parsed mail. */
export interface ReceivedMail {
  from: string;
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMail[];
  /** The messages to `address` whose subject is `subject`. */
  to(address: string, subject?: string): ReceivedMail[];
  /** Closes the port: connections are refused until `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port (nothing when it already listens). */
  start(): Promise<void>;
}

/** Starts the server on a free port (see the file comment). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  async function listen() {
    if (server) return;
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.server.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        current.server.off('error', reject);
        resolve();
      });
    });
    port = (current.server.address() as AddressInfo).port;
  }

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address, subject) =>
      received.filter(
        (r) => r.to.includes(address) && (subject === undefined || r.mail.subject === subject),
      ),
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: listen,
  };
}
