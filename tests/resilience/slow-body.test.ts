/**
 * Slow bodies: clients that send their headers and then trickle the body
 * a byte at a time are answered 408 and disconnected by the server (its REQUEST_TIMEOUT_MS),
 * and the server keeps serving others meanwhile. Before the fix such sockets stayed open
 * for as long as the client kept trickling (past 110 s in the attack): the test's own
 * limit (GIVE_UP_MS) then closes them without an answer.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startServer, tempDir, type ServerProcess } from './support/process.ts';

const REQUEST_TIMEOUT_MS = 1500;
/** The test's own limit on a socket: the timeout, Node's 1 s check interval, ample slack. */
const GIVE_UP_MS = REQUEST_TIMEOUT_MS + 1000 + 5500;
const SOCKETS = 20;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({
    DATA_DIR: tempDir('slow-body'),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
});
afterAll(async () => {
  await server?.stop('SIGTERM');
});

/**
 * Sends a POST whose 1000-byte body comes a byte every 200 ms; what the server answered and
 * whether it closed the socket (not the test's own limit).
 */
function trickle(port: number): Promise<{ answer: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    let answer = '';
    let closedByServer = true;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/auth/email/signin HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
      );
    });
    const timer = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 200);
    // The test's own limit: a socket still open then has not been cut off.
    const giveUp = setTimeout(() => {
      closedByServer = false;
      socket.destroy();
    }, GIVE_UP_MS);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ answer, closedByServer });
    });
  });
}

describe('slow bodies', () => {
  it(`${SOCKETS} sockets trickling a body are answered 408 and closed after the request timeout`, async () => {
    const sockets = Array.from({ length: SOCKETS }, () => trickle(server.port));
    // Others are served meanwhile.
    const health = await callJson(server.api, 'GET', '/health');
    expect(health.status).toBe(200);
    const outcomes = await Promise.all(sockets);
    for (const outcome of outcomes) {
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(outcome.closedByServer).toBe(true);
    }
  }, 30_000);
});
