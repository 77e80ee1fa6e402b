/**
 * Redis for the server suites: whether the machine's Redis answers (REDIS_TEST_URL,
 * default 127.0.0.1:6379; suites that need it are skipped with a printed reason when not),
 * and a TCP proxy in front of it that can be cut and restored, so the machine's Redis is
 * never touched.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** The Redis the suites use. */
export const redisUrl = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');

/**
 * A TCP proxy to Redis that can be cut (open connections dropped, new ones refused) and
 * restored, so the machine's Redis is never touched.
 */
export async function redisProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = createConnection({
          host: target.hostname,
          port: Number(target.port || 6379),
        });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return { port, cut, restore: listen };
}

/** Whether a Redis answers at `url` (the suite below needs one). */
export async function redisAnswers(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: url.hostname, port: Number(url.port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
