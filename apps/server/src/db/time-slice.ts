/**
 * PGlite runs PostgreSQL inside this process, on the event loop's own thread: while it works
 * nothing else does. `shareEventLoop` makes its queries take their turn from the process's
 * background budget (turn-budget.ts), so new connections and first chunks go on between
 * slices. Queries keep their order and PGlite's own locks still serialize them.
 */
import type { PGlite } from '@electric-sql/pglite';
import { backgroundWork, type TurnBudget } from '../turn-budget.ts';

/** Makes every query and transaction of `client` take its turn from `budget` first. */
export function shareEventLoop(client: PGlite, budget: TurnBudget = backgroundWork): void {
  const run = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    await budget.take();
    return run(...args);
  };
}
