/**
 * Listening with a pool of accepting sockets (issue 10, chat time to first chunk).
 *
 * Node's event loop (libuv since 1.45) accepts at most one new connection per listening
 * socket per loop turn. While chat streams keep the loop busy, a turn takes several
 * milliseconds, so 200 people connecting at once waited up to 3 s for their first byte,
 * one connection per turn. `listenWithAcceptors` opens `acceptors` listening sockets on
 * the same address with SO_REUSEPORT; the kernel spreads new connections across them, and
 * every socket hands its connections to the one HTTP server, so each turn accepts up to
 * `acceptors` connections. Requests, hooks, limits and shutdown are unchanged: there is
 * still one server.
 *
 * SO_REUSEPORT would also let a second Solar start on a port already in use and share it
 * silently; a plain probe bind first keeps the usual "address in use" failure. Where the
 * platform has no SO_REUSEPORT (macOS, Windows), one ordinary socket listens.
 */
import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

/** Listening sockets per server: enough that a burst of new connections is taken in a few turns. */
export const ACCEPTORS = 128;

/** The extra listening sockets of a server; close them before closing the server. */
export interface Acceptors {
  /** How many sockets accept connections, the server's own included. */
  readonly count: number;
  /**
   * Stops the extra sockets from accepting, at once. It does not wait for the connections
   * they accepted: those are the server's, and closing the server ends them.
   */
  close(): Promise<void>;
}

/** Listens once on host:port without SO_REUSEPORT and closes; rejects when the port is taken. */
async function probe(host: string, port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, exclusive: true }, resolve);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** True when this platform refused SO_REUSEPORT itself (not the address). */
function reusePortUnsupported(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ERR_INVALID_ARG_VALUE';
}

/**
 * Starts `app` on host:port (port 0 picks a free one) and adds `acceptors - 1` listening
 * sockets on the same address, each passing its connections to `app.server`.
 * Errors: the port in use (EADDRINUSE) and other listen errors reject, as `app.listen` does.
 */
export async function listenWithAcceptors(
  app: FastifyInstance,
  { host, port, acceptors = ACCEPTORS }: { host: string; port: number; acceptors?: number },
): Promise<Acceptors> {
  if (port !== 0) await probe(host, port);
  try {
    await app.listen({ host, port, reusePort: acceptors > 1 } as FastifyListenOptions);
  } catch (error) {
    if (!reusePortUnsupported(error)) throw error;
    await app.listen({ host, port });
    return { count: 1, close: async () => {} };
  }
  const address = app.server.address() as net.AddressInfo;
  const extra: net.Server[] = [];
  // Not close(callback): a net.Server calls back only once every connection it accepted has
  // ended, so waiting here would hold shutdown open (and the server accepting) until the
  // last chat stream finished.
  const closeExtra = async () => {
    for (const acceptor of extra) if (acceptor.listening) acceptor.close();
  };
  try {
    for (let i = 1; i < acceptors; i++) {
      // noDelay as node:http's own listening socket has it: small SSE writes go out at once.
      const acceptor = net.createServer({ noDelay: true }, (socket) =>
        app.server.emit('connection', socket),
      );
      extra.push(acceptor);
      await new Promise<void>((resolve, reject) => {
        acceptor.once('error', reject);
        acceptor.listen({ host: address.address, port: address.port, reusePort: true }, resolve);
      });
    }
  } catch (error) {
    await closeExtra();
    throw error;
  }
  return { count: acceptors, close: closeExtra };
}
