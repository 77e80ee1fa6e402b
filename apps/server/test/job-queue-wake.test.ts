/**
 * The job queue's wake-up (apps/server/src/jobs/queue.ts): a job enqueued while the worker
 * is between its last look for work and its next timer runs at once, not at the next poll.
 * The worker's read of the next due time is held open while the job is enqueued, which is
 * the moment a wake could be lost.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../src/jobs/queue.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('job queue wake-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs a job enqueued while the worker reads its next due time', async () => {
    const { db } = server.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const readingDue = new Promise<void>((resolve) => (reading = resolve));
    // The worker's database: its next-due read waits until the test lets it go.
    const gated = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (query: Parameters<typeof db.execute>[0]) => {
          const text = JSON.stringify(query);
          if (text.includes('min(next_attempt_at)')) {
            reading();
            await held;
          }
          return target.execute(query);
        };
      },
    });
    const ran: string[] = [];
    // A poll far longer than the test: only a wake can run the job in time.
    const queue = createJobQueue({ db: gated, pollMs: 600_000, log: server.app.log });
    queue.handle('test.wake', {
      run: async (job) => {
        ran.push(String(job.payload.id));
      },
      retry: { baseMs: 10, maxMs: 10, maxAttempts: 1 },
      leaseMs: 10_000,
      label: 'wake test job',
    });
    queue.start();
    try {
      await readingDue;
      await queue.enqueue('test.wake', { id: 'late' });
      release();
      await vi.waitFor(() => expect(ran).toEqual(['late']), { timeout: 5_000, interval: 20 });
    } finally {
      release();
      await queue.stop();
    }
  });
});
