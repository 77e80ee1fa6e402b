/**
 * `kill -9` during writes on PGlite: clients create projects and
 * rename a conversation as fast as the server takes them; the process is killed without
 * warning mid-way; after a restart on the same DATA_DIR every write the server acknowledged
 * (2xx received) is present, and the server works normally.
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
} from './support/process.ts';

const dataDir = tempDir('crash');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during writes (PGlite)', () => {
  it('keeps every acknowledged write', async () => {
    server = await startServer({ DATA_DIR: dataDir, AI_STREAM_DELAY_MS: '0' });
    const api = server.api;
    const token = await adminToken(api);
    const conversation = (await openStream(api, token, 'Hello')).conversationId!;

    const acknowledged: { id: string; address: string }[] = [];
    let sixtyAcknowledged!: () => void;
    const sixty = new Promise<void>((resolve) => (sixtyAcknowledged = resolve));
    let lastTitle: string | undefined;
    let stop = false;
    const writer = async (worker: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const address = `Crash Street ${worker}-${n}`;
          const created = await callJson(api, 'POST', '/projects', {
            token,
            body: { location: { address, latitude: 42.8, longitude: 74.6 }, isDraft: false },
          });
          if (created.status === 201 && acknowledged.push({ id: created.body.id, address }) === 60)
            sixtyAcknowledged();
          const title = `Title ${worker}-${n}`;
          const renamed = await callJson(api, 'PUT', `/chat/conversations/${conversation}/title`, {
            token,
            body: { title },
          });
          if (renamed.status === 200) lastTitle = title;
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    // Let the writes run until 60 are acknowledged, then kill without warning while others
    // are in flight.
    await sixty;
    const killed = await server.stop('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(killed.code).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    server = await startServer({ DATA_DIR: dataDir });
    const again = await adminToken(server.api);
    const list = await callJson(server.api, 'GET', '/projects', { token: again });
    expect(list.status).toBe(200);
    const stored = new Map(
      (list.body as { id: string; location: { address: string } }[]).map((p) => [
        p.id,
        p.location.address,
      ]),
    );
    const lost = acknowledged.filter((write) => stored.get(write.id) !== write.address);
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged projects lost`).toEqual([]);
    // The last acknowledged rename is there, or one that was in flight when it died.
    const history = await callJson(server.api, 'GET', `/chat/history/${conversation}`, {
      token: again,
    });
    expect(history.body.title).toMatch(/^Title \d-\d+$/);
    expect(lastTitle).toBeDefined();
    // And the server takes writes again.
    const more = await callJson(server.api, 'POST', '/projects', {
      token: again,
      body: { location: { address: 'After restart', latitude: 1, longitude: 1 } },
    });
    expect(more.status).toBe(201);
  });
});
