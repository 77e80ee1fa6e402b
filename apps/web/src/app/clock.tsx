/**
 * The app's clock: "now" in epoch ms, and the timer that runs something later. Production
 * uses Date.now and setTimeout; stories and route tests pass a frozen now so dates, token
 * expiry and screenshots are stable, and a manual timer (testing/manual-schedule.ts) so a
 * delay is stepped through, not waited for.
 */
import { createContext, use } from 'react';

const ClockContext = createContext<() => number>(() => Date.now());

export const ClockProvider = ClockContext;

/** The current time function (call it when you need "now"). */
export function useNow(): () => number {
  return use(ClockContext);
}

/** Runs `run` once after `ms` milliseconds; the answer cancels it if it has not run. */
export type Schedule = (run: () => void, ms: number) => () => void;

/** The browser's own timer. */
export const browserSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

const ScheduleContext = createContext<Schedule>(browserSchedule);

export const ScheduleProvider = ScheduleContext;

/** The timer the app schedules its own delays with (a redirect after a message). */
export function useSchedule(): Schedule {
  return use(ScheduleContext);
}
