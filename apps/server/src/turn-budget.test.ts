import { describe, expect, it } from 'vitest';
import { createTurnBudget } from './turn-budget.ts';

/** Busy-waits `ms` on this thread, as CPU-bound work does. */
function work(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('createTurnBudget', () => {
  it('lets work run on while the turn has some of its slice left', async () => {
    const budget = createTurnBudget(50);
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    for (let i = 0; i < 5; i++) {
      await budget.take();
      work(1);
    }
    expect(immediateRan).toBe(false);
  });

  it('hands the loop to other callbacks once the slice is spent, keeping the work in order', async () => {
    const budget = createTurnBudget(2);
    const order: string[] = [];
    setImmediate(() => order.push('other'));
    for (let i = 0; i < 3; i++) {
      await budget.take();
      work(3);
      order.push(`work ${i}`);
    }
    expect(order.indexOf('other')).toBeGreaterThan(0);
    expect(order.indexOf('other')).toBeLessThan(3);
    expect(order.filter((entry) => entry.startsWith('work'))).toEqual([
      'work 0',
      'work 1',
      'work 2',
    ]);
  });
});
