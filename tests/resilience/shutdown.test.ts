/**
 * Shutdown: SIGTERM while chat streams are open. New requests are
 * refused at once; the open streams either finish or end early with an error chunk and
 * `complete`, and every reply is stored (finished, or marked interrupted); the process exits
 * 0 by itself (it is killed past SHUTDOWN_BOUND_MS, which its exit code would tell); after
 * a restart on the same DATA_DIR the history shows it all.
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

/** Killed if not exited this long after SIGTERM (the server gives streams 5 s, then stops them). */
const SHUTDOWN_BOUND_MS = 9_000;

const dataDir = tempDir('shutdown');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with open chat streams', () => {
  it('refuses new requests, stores every open reply and exits in time', async () => {
    // Slow replies (0.4 s a word) so that the streams outlive the shutdown grace period;
    // LOG_LEVEL info for the server's 'shutting down' line.
    server = await startServer({
      DATA_DIR: dataDir,
      AI_STREAM_DELAY_MS: '400',
      LOG_LEVEL: 'info',
    });
    const token = await adminToken(server.api);
    // Each reply under way: a few words of it have arrived.
    const replying = new Set<number>();
    let allReplying!: () => void;
    const ready = new Promise<void>((resolve) => (allReplying = resolve));
    const streams = [1, 2, 3].map((n) =>
      openStream(
        server!.api,
        token,
        `Stream ${n}: how many panels for a 3000 som bill?`,
        undefined,
        (text) => {
          if (text.trim().split(/\s+/).length < 2) return;
          replying.add(n);
          if (replying.size === 3) allReplying();
        },
      ),
    );
    await ready;

    const stopped = server.stop('SIGTERM', SHUTDOWN_BOUND_MS);
    await server.waitForOutput('shutting down');
    // A new request while shutting down is refused: connection refused, or 503.
    const late = await fetch(`${server.api}/health`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    const { code } = await stopped;
    const outcomes: StreamOutcome[] = await Promise.all(streams);
    // 0: it exited by itself; 'SIGKILL' had it not by SHUTDOWN_BOUND_MS, 1 on its force timer.
    expect(code, server.output()).toBe(0);
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
