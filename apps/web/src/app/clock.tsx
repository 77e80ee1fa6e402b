/**
 * The app's clock, epoch ms. Production uses Date.now; stories and route tests pass a
 * frozen one so dates, token expiry and screenshots are stable.
 */
import { createContext, use } from 'react';

const ClockContext = createContext<() => number>(() => Date.now());

export const ClockProvider = ClockContext;

/** The current time function (call it when you need "now"). */
export function useNow(): () => number {
  return use(ClockContext);
}
