/**
 * Everything CPU-bound that runs on the event loop's thread between requests takes turns
 * (issue 10, chat time to first chunk). PGlite runs PostgreSQL inside this process, and the
 * offline assistant makes words as fast as the CPU allows; while either works, nothing else
 * does. Under load (200 concurrent chat streams) one loop turn ran hundreds of queries and
 * words back to back, and new connections, accepted one per turn, waited for them.
 *
 * A {@link TurnBudget} lets such work use at most `sliceMs` of each event-loop turn: once
 * the turn's slice is used, the next piece of work waits for a following turn, so accepting
 * connections, reading requests and writing first chunks go on between slices. Work keeps
 * its order (waiters resume first in, first out); only when it runs changes.
 */
/** Background work allowed per event-loop turn, ms. */
export const TURN_SLICE_MS = 0.5;

/** A share of each event-loop turn for background work. */
export interface TurnBudget {
  /**
   * Resolves when the caller may work: at once while this turn's slice lasts, otherwise in
   * the first later turn that has some left. The time until the next `take` counts
   * against the slice.
   */
  take(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Creates a budget of `sliceMs` per event-loop turn. */
export function createTurnBudget(sliceMs: number = TURN_SLICE_MS): TurnBudget {
  /** When this turn's slice began; undefined once the turn is over. */
  let sliceStart: number | undefined;
  const startSlice = () => {
    sliceStart = performance.now();
    setImmediate(() => {
      sliceStart = undefined;
    });
  };
  const spent = () => sliceStart !== undefined && performance.now() - sliceStart >= sliceMs;
  return {
    async take() {
      while (spent()) await nextTurn();
      if (sliceStart === undefined) startSlice();
    },
  };
}

/** The one budget of this process: there is one event loop, so every user shares it. */
export const backgroundWork: TurnBudget = createTurnBudget();
