import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWithAcceptors, type Acceptors } from './listen.ts';

let app: FastifyInstance | undefined;
let acceptors: Acceptors | undefined;
afterEach(async () => {
  await acceptors?.close();
  await app?.close();
  app = acceptors = undefined;
});

function build(): FastifyInstance {
  const server = Fastify();
  server.get('/ping', async () => ({ ok: true }));
  return server;
}

describe('listenWithAcceptors', () => {
  it('serves every connection of a burst through the one app', async () => {
    app = build();
    acceptors = await listenWithAcceptors(app, { host: '127.0.0.1', port: 0, acceptors: 8 });
    expect(acceptors.count).toBe(8);
    const { port } = app.server.address() as net.AddressInfo;
    const bodies = await Promise.all(
      Array.from({ length: 64 }, () =>
        fetch(`http://127.0.0.1:${port}/ping`, { headers: { connection: 'close' } }).then((r) =>
          r.json(),
        ),
      ),
    );
    expect(bodies).toEqual(Array.from({ length: 64 }, () => ({ ok: true })));
  });

  it('fails with EADDRINUSE on a port another server holds, as a plain listen does', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      app = build();
      await expect(
        listenWithAcceptors(app, { host: '127.0.0.1', port, acceptors: 4 }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('stops accepting on the address once closed with the app', async () => {
    app = build();
    acceptors = await listenWithAcceptors(app, { host: '127.0.0.1', port: 0, acceptors: 4 });
    const { port } = app.server.address() as net.AddressInfo;
    await acceptors.close();
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/ping`)).rejects.toThrow();
  });

  it('stops accepting at once while connections it took are still open', async () => {
    app = build();
    acceptors = await listenWithAcceptors(app, { host: '127.0.0.1', port: 0, acceptors: 4 });
    const { port } = app.server.address() as net.AddressInfo;
    // Enough open connections that the kernel hands some to the extra sockets.
    const sockets = await Promise.all(
      Array.from(
        { length: 32 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect({ host: '127.0.0.1', port }, () => resolve(socket));
          }),
      ),
    );
    try {
      const closed = await Promise.race([
        acceptors.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
      ]);
      expect(closed).toBe('closed');
      expect(sockets.every((socket) => !socket.destroyed)).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
