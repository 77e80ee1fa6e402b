/**
 * A TCP proxy (node:net) between the server and PostgreSQL (or Redis), to simulate faults
 * without touching the machine's shared services:
 * - `cut()` drops every open connection and refuses new ones; `restore()` lets them
 *   through again (an outage: the server hears at once that the peer is gone);
 * - `partition()` keeps every connection open and accepts new ones but forwards nothing in
 *   either direction, as a network partition does (nothing is refused, nothing answers);
 *   `heal()` forwards again, bytes held meanwhile included;
 * - `nextConnection()` resolves when the next client connects (a reconnection attempt).
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  partition(): void;
  heal(): void;
  /** Resolves when the next client connection is accepted (from now on). */
  nextConnection(): Promise<void>;
  close(): Promise<void>;
}

/** One client connection and, once forwarding, its upstream. */
interface Link {
  client: Socket;
  upstream: Socket | undefined;
}

/** Starts a proxy on a free 127.0.0.1 port to `host:port`. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const links = new Set<Link>();
  let partitioned = false;
  const waiting: (() => void)[] = [];
  let server: Server | undefined;
  let listenPort = 0;

  const track = (socket: Socket, link: Link) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      link.client.destroy();
      link.upstream?.destroy();
      links.delete(link);
    });
    socket.on('error', () => {
      link.client.destroy();
      link.upstream?.destroy();
    });
  };
  const forward = (link: Link) => {
    if (!link.upstream) {
      link.upstream = createConnection({ host, port });
      track(link.upstream, link);
    }
    link.client.pipe(link.upstream).pipe(link.client);
  };
  const hold = (link: Link) => {
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.pause();
    link.upstream?.pause();
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const link: Link = { client, upstream: undefined };
        links.add(link);
        track(client, link);
        if (partitioned) client.pause();
        else forward(link);
        for (const resolve of waiting.splice(0)) resolve();
      });
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => {
        const address = server!.address();
        listenPort = typeof address === 'object' && address ? address.port : listenPort;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    port: listenPort,
    cut: stop,
    restore: listen,
    partition() {
      partitioned = true;
      for (const link of links) hold(link);
    },
    heal() {
      partitioned = false;
      for (const link of links) forward(link);
    },
    nextConnection: () => new Promise<void>((resolve) => waiting.push(resolve)),
    close: stop,
  };
}
