/**
 * PGlite runs PostgreSQL inside this process, on the event loop's own thread: while it works
 * nothing else does. Under load (issue 10: 200 concurrent chat streams) one loop turn could
 * run hundreds of queries back to back, and new requests waited seconds to be read.
 * `shareEventLoop` makes PGlite take turns: once the queries of one event-loop turn have
 * used `sliceMs`, the next query waits for the following turn, so accepting connections,
 * reading requests and writing answers go on between slices. Queries keep their order and
 * PGlite's own locks still serialize them; only when they run changes.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Database work allowed per event-loop turn before PGlite yields, ms. */
export const PGLITE_SLICE_MS = 4;

/** Wraps `client.execProtocolStream`, the call every query and transaction goes through. */
export function shareEventLoop(client: PGlite, sliceMs: number = PGLITE_SLICE_MS): void {
  const run = client.execProtocolStream.bind(client);
  /** When this turn's slice began; undefined once the turn is over. */
  let sliceStart: number | undefined;
  const startSlice = () => {
    sliceStart = performance.now();
    setImmediate(() => {
      sliceStart = undefined;
    });
  };
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    if (sliceStart === undefined) startSlice();
    else if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      if (sliceStart === undefined) startSlice();
    }
    return run(...args);
  };
}
