import Fastify from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogger, requestLoggerFactory } from './request-logger.ts';

/** A pino logger writing parsed lines into `lines`, with a redaction path as app.ts has. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: { paths: ['*.password'], censor: '[redacted]' } }, stream);
  let children = 0;
  const original = logger.child;
  logger.child = function (this: typeof logger, ...args: Parameters<typeof original>) {
    children++;
    return original.apply(this, args);
  } as typeof logger.child;
  return { lines, logger, children: () => children };
}

describe('RequestLogger', () => {
  it('makes no pino child while every call is below the level', () => {
    const { lines, logger, children } = capture('warn');
    const log = new RequestLogger(logger, { reqId: 'req-1' }, {});
    log.info({ req: { method: 'GET' } }, 'incoming request');
    log.debug('details');
    log.trace('more');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('error')).toBe(true);
  });

  it('writes what the pino child would: bindings, message and redaction', () => {
    const { lines, logger, children } = capture('warn');
    const log = new RequestLogger(logger, { reqId: 'req-2' }, {});
    log.warn({ body: { password: 'secret-1' } }, 'odd request');
    log.error('failed');
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 40,
      reqId: 'req-2',
      msg: 'odd request',
      body: { password: '[redacted]' },
    });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'req-2', msg: 'failed' });
  });

  it("follows a route's own level over the parent's", () => {
    const { lines, logger } = capture('warn');
    const log = new RequestLogger(logger, { reqId: 'req-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('shown');
    log.trace('hidden');
    expect(lines.map((line) => line.msg)).toEqual(['shown']);

    const quiet = new RequestLogger(logger, { reqId: 'req-4' }, { level: 'silent' });
    quiet.fatal('never');
    expect(lines).toHaveLength(1);
  });

  it('hands child() and level changes to the real child', () => {
    const { lines, logger } = capture('warn');
    const log = new RequestLogger(logger, { reqId: 'req-5' }, {});
    log.child({ part: 'mail' }).warn('nested');
    log.level = 'info';
    log.info('now shown');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'req-5', part: 'mail', msg: 'nested' }),
      expect.objectContaining({ reqId: 'req-5', msg: 'now shown' }),
    ]);
    expect(logger.level).toBe('warn');
  });

  it("gives Fastify's request logs their request id", async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'info', stream },
      childLoggerFactory: requestLoggerFactory,
    });
    app.get('/boom', async (request) => {
      request.log.warn('about to fail');
      throw new Error('boom');
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/boom' });
      expect(answer.statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const ofRequest = lines.filter((line) => line.reqId !== undefined);
    expect(ofRequest.map((line) => line.msg)).toEqual([
      'incoming request',
      'about to fail',
      'boom',
      'request completed',
    ]);
    expect(new Set(ofRequest.map((line) => line.reqId)).size).toBe(1);
  });
});
