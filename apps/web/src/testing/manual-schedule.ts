/**
 * A timer for route tests that moves only when the test says so: `advance(ms)` runs, in
 * order, what falls due within `ms`. A delay's rule (nothing before it, the action at it)
 * is then checked without waiting for wall time.
 */
import type { Schedule } from '../app/clock.tsx';

export interface ManualSchedule {
  schedule: Schedule;
  /** Moves the time on by `ms` and runs what fell due, in order. */
  advance(ms: number): void;
  /** How many scheduled runs are waiting. */
  readonly pending: number;
}

export function manualSchedule(): ManualSchedule {
  let time = 0;
  let serial = 0;
  const waiting = new Map<number, { at: number; run: () => void }>();
  return {
    schedule: (run, ms) => {
      const id = ++serial;
      waiting.set(id, { at: time + ms, run });
      return () => waiting.delete(id);
    },
    advance(ms) {
      const until = time + ms;
      for (;;) {
        const next = [...waiting.entries()]
          .filter(([, entry]) => entry.at <= until)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!next) break;
        waiting.delete(next[0]);
        time = next[1].at;
        next[1].run();
      }
      time = until;
    },
    get pending() {
      return waiting.size;
    },
  };
}
