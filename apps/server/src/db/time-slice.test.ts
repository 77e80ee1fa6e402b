import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTurnBudget } from '../turn-budget.ts';
import { shareEventLoop } from './time-slice.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  shareEventLoop(client, createTurnBudget(4));
});
afterAll(() => client.close());

/** Runs `count` queries one after another; returns how many had finished when a timer set at the start fired. */
async function timerDuring(count: number): Promise<number | undefined> {
  let finished = 0;
  let atTimer: number | undefined;
  setTimeout(() => {
    atTimer = finished;
  }, 0);
  for (let i = 0; i < count; i++) {
    await client.query('select count(*) from generate_series(1, 2000)');
    finished++;
  }
  return atTimer;
}

describe('shareEventLoop', () => {
  it('lets timers and I/O run between queries while the database is busy', async () => {
    const atTimer = await timerDuring(300);
    expect(atTimer).toBeDefined();
    expect(atTimer!).toBeLessThan(300);
  });

  it('keeps the answers and their order, in and out of transactions', async () => {
    await client.exec('create table if not exists t (n int)');
    const inserts = Array.from({ length: 50 }, (_, i) =>
      client.query('insert into t values ($1)', [i]),
    );
    await Promise.all(inserts);
    await client.transaction(async (tx) => {
      for (let i = 50; i < 100; i++) await tx.query('insert into t values ($1)', [i]);
    });
    const { rows } = await client.query<{ n: number }>('select n from t');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
