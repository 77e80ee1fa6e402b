/**
 * Shutdown: SIGTERM while chat streams are open. New requests are
 * refused at once; the open streams either finish or end early with an error chunk and
 * `complete`, and every reply is stored (finished, or marked interrupted); the process exits
 * 0 within SHUTDOWN_BOUND_MS; after a restart on the same DATA_DIR the history shows it all.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  callJson,
  openStream,
  startServer,
  tempDir,
  type ServerProcess,
  type StreamOutcome,
} from './support/process.ts';

/** Exit within this after SIGTERM (the server gives streams 5 s, then stops them). */
const SHUTDOWN_BOUND_MS = 9_000;

const dataDir = tempDir('shutdown');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with open chat streams', () => {
  it('refuses new requests, stores every open reply and exits in time', async () => {
    // Slow replies (0.4 s a word) so that the streams outlive the shutdown grace period.
    server = await startServer({ DATA_DIR: dataDir, AI_STREAM_DELAY_MS: '400' });
    const token = await adminToken(server.api);
    let started = 0;
    let allStarted!: () => void;
    const ready = new Promise<void>((resolve) => (allStarted = resolve));
    const streams = [1, 2, 3].map((n) =>
      openStream(server!.api, token, `Stream ${n}: how many panels for a 3000 som bill?`, () => {
        if (++started === 3) allStarted();
      }),
    );
    await ready;
    await new Promise((resolve) => setTimeout(resolve, 800));

    const stopped = server.stop('SIGTERM', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A new request while shutting down is refused: connection refused, or 503.
    const late = await fetch(`${server.api}/health`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const { code, ms } = await stopped;
    const outcomes: StreamOutcome[] = await Promise.all(streams);
    expect(code, server.output()).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_BOUND_MS);
    for (const outcome of outcomes) {
      expect(outcome.conversationId).toBeDefined();
      // Each stream ended properly (complete event), with or without an error chunk.
      expect(outcome.completed, JSON.stringify(outcome)).toBe(true);
    }
    // The replies are longer than the grace period: they were stopped, not finished.
    expect(outcomes.filter((o) => o.error).length).toBeGreaterThan(0);

    // Restart on the same data: each reply is stored, whole or marked interrupted.
    server = await startServer({ DATA_DIR: dataDir });
    const again = await adminToken(server.api);
    for (const outcome of outcomes) {
      const history = await callJson(server.api, 'GET', `/chat/history/${outcome.conversationId}`, {
        token: again,
      });
      expect(history.status).toBe(200);
      const [user, assistant] = history.body.messages as {
        role: string;
        content: string;
        interrupted: boolean;
      }[];
      expect(user?.role).toBe('user');
      expect(assistant?.role).toBe('assistant');
      expect(assistant!.content).toBe(outcome.text);
      if (outcome.error) expect(assistant!.interrupted).toBe(true);
    }
  });
});
