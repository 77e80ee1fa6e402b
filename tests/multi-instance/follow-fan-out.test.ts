/**
 * Following running replies on another instance costs one Redis connection per process,
 * not one per follower (apps/server/src/chat/stream-reader.ts), and a user follows at most
 * MAX_FOLLOWS_PER_USER replies at once per process: two real server processes on a fresh
 * PostgreSQL database and a Redis database of their own (so that `CLIENT LIST` can count
 * their connections alone), replies run on instance 1 at a slow pace, and 50 follows (5
 * users x 10) are opened on instance 2; the 11th follow of a user is refused with 429.
 * Every follower still gets its reply's last event when the replies are stopped.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callJson, ROOT, startServer, tempDir } from '../resilience/support/process.ts';
import type { ServerProcess } from '../resilience/support/process.ts';
import { pg, postgresAnswers, redisAnswers, redisUrl } from './services.ts';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const missing = [
  ...((await postgresAnswers(postgresUrl)) ? [] : [`PostgreSQL at ${postgresUrl}`]),
  ...((await redisAnswers(redisUrl)) ? [] : [`Redis at ${redisUrl}`]),
];
if (missing.length > 0) {
  console.warn(`SKIPPED: the follow fan-out checks need ${missing.join(' and ')}`);
}

/** Replies one user may follow at once on one server process (chat/stop-routes.ts). */
const MAX_FOLLOWS_PER_USER = 10;

/** The server's ioredis (tests/ has no dependency of its own on it). */
const { Redis } = createRequire(path.join(ROOT, 'apps/server/package.json'))('ioredis') as {
  Redis: new (url: string) => {
    client(subcommand: 'LIST'): Promise<string>;
    quit(): Promise<unknown>;
  };
};

/** The server's SSE parser (eventsource-parser), as the API client and server tests use it. */
const { EventSourceParserStream } = (await import(
  createRequire(path.join(ROOT, 'apps/server/package.json')).resolve('eventsource-parser/stream')
)) as {
  EventSourceParserStream: new () => TransformStream<string, { event?: string; data: string }>;
};

/** An open follow: its first events, and a promise of all its events once it ends. */
interface Follow {
  first: Promise<string>;
  all: Promise<string[]>;
}

/** Opens `GET /chat/stream/{id}` on `api`; the events' names (`message` when unnamed). */
async function follow(api: string, token: string, id: string): Promise<Follow | number> {
  const response = await fetch(`${api}/chat/stream/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) {
    await response.body?.cancel();
    return response.status;
  }
  let firstSeen: (name: string) => void = () => {};
  const first = new Promise<string>((resolve) => (firstSeen = resolve));
  const all = (async () => {
    const names: string[] = [];
    const events = response
      .body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    for await (const event of events) {
      // Comments (heartbeats) are not events; an unnamed event is a `message`.
      const name = event.event ?? 'message';
      names.push(name);
      firstSeen(name);
    }
    return names;
  })();
  return { first, all };
}

describe.skipIf(missing.length > 0)('following replies across instances', () => {
  const name = `solar_follow_${randomBytes(5).toString('hex')}`;
  // A Redis database of this suite only: its connections are the two servers'.
  const db = randomInt(1, 16);
  const redisDb = new URL(`/${db}`, redisUrl).href;
  let one: ServerProcess;
  let two: ServerProcess;
  let admin: string;
  let redis: InstanceType<typeof Redis>;

  const admin$ = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  /** The Redis connections of the two servers (every client of the suite's database). */
  const connections = async () =>
    (await redis.client('LIST')).split('\n').filter((line) => line.includes(` db=${db} `)).length;

  beforeAll(async () => {
    await admin$(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisDb,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AI_PROVIDER: 'offline',
      // Slow replies: they run until the suite stops them.
      AI_STREAM_DELAY_MS: '1000',
    };
    one = await startServer({ ...env, DATA_DIR: tempDir('follow-1') });
    two = await startServer({ ...env, DATA_DIR: tempDir('follow-2') });
    admin = await adminToken(one.api);
    redis = new Redis(redisDb);
  }, 120_000);
  afterAll(async () => {
    await redis?.quit();
    await one?.stop('SIGTERM');
    await two?.stop('SIGTERM');
    await admin$(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  });

  /** A new client with a reply running on instance 1: its token and conversation id. */
  async function clientWithReply() {
    const email = `client.${randomBytes(4).toString('hex')}@example.com`;
    const body = {
      name: 'Aida',
      email,
      password: 'Client12345',
      userType: 4,
      emailConfirmed: true,
    };
    expect((await callJson(one.api, 'POST', '/admin/users', { token: admin, body })).status).toBe(
      201,
    );
    const signedIn = await callJson(two.api, 'POST', '/auth/email/signin', {
      body: { email, password: body.password },
    });
    const token = signedIn.body.token as string;
    const response = await fetch(`${one.api}/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello', conversationId: null }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The first words: by then the conversation is stored (the first chunk comes before).
    while (!/"textDelta":"[^"]/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the reply ended before its first words');
      text += decoder.decode(value, { stream: true });
    }
    const id = /"conversationId":"([^"]+)"/.exec(text)![1]!;
    // The sender leaves; the reply runs on (and instance 2's followers read it from Redis).
    await reader.cancel();
    return { token, id };
  }

  it(`50 follows of 5 users on instance 2 add at most 1 Redis connection; the ${MAX_FOLLOWS_PER_USER + 1}th follow of a user is 429`, async () => {
    const users = [];
    for (let i = 0; i < 5; i += 1) users.push(await clientWithReply());
    const before = await connections();

    const follows: Follow[] = [];
    for (const user of users) {
      for (let i = 0; i < MAX_FOLLOWS_PER_USER; i += 1) {
        const opened = await follow(two.api, user.token, user.id);
        if (typeof opened === 'number') throw new Error(`follow refused: ${opened}`);
        follows.push(opened);
      }
    }
    // Every follow has read its reply's start (so it reads the rest through Redis now).
    await Promise.all(follows.map((f) => f.first));
    const during = await connections();
    expect(during - before).toBeLessThanOrEqual(1);

    const refused = await fetch(`${two.api}/chat/stream/${users[0]!.id}`, {
      headers: { authorization: `Bearer ${users[0]!.token}` },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // Stopped on instance 1: every follower on instance 2 gets the final event live.
    for (const user of users) {
      const stopped = await callJson(one.api, 'POST', `/chat/stop/${user.id}`, {
        token: user.token,
      });
      expect(stopped.status).toBe(204);
    }
    const events = await Promise.all(follows.map((f) => f.all));
    for (const names of events) expect(names.at(-1)).toBe('complete');
    const after = await connections();
    console.info(
      `Redis connections of the two servers: ${before} before, ${during} with ${follows.length} follows, ${after} after`,
    );
    expect(after).toBeLessThanOrEqual(before + 1);
  }, 180_000);
});
