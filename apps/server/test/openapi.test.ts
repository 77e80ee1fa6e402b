/**
 * The OpenAPI document for integrators: `GET /api/v1/openapi.json` of a started
 * app (with the web build and the metrics on, so that neither can leak into it) passes
 * `redocly lint` with the recommended rules, with no error and no warning; and the parts
 * the rules cannot see are checked here: every operation has an operationId and a summary,
 * declares `security` (`[]` exactly on the public ones), documents its 4xx answers with the
 * shared Error body, and describes each answer (no "Default Response"); shared schemas are
 * named in components/schemas; DELETE /projects/{id} is 204 without a body; the chat
 * stream is `text/event-stream` and the bill upload multipart.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const redocly = path.join(root, 'node_modules', '.bin', 'redocly');

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

let server: TestServer;
let work: string;
let file: string;
let doc: Document;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'solar-openapi-'));
  await writeFile(path.join(work, 'index.html'), '<!doctype html><title>Solar</title>');
  server = await startTestServer('pglite', {
    WEB_DIST: work,
    METRICS: 'on',
    METRICS_TOKEN: 'a-metrics-token-of-at-least-32-characters',
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const response = await fetch(`${address}/api/v1/openapi.json`);
  expect(response.status).toBe(200);
  const text = await response.text();
  doc = JSON.parse(text) as Document;
  file = path.join(work, 'openapi.json');
  await writeFile(file, text);
});
afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${url}`,
      operation,
    })),
  );

describe('GET /api/v1/openapi.json', () => {
  it('passes redocly lint (recommended rules) with no error and no warning', async () => {
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(
        redocly,
        ['lint', '--extends=recommended', '--format=json', file],
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
      ));
    } catch (error) {
      // redocly exits 1 when it finds errors; its report is still on stdout.
      stdout = (error as { stdout?: string }).stdout ?? '';
    }
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('lists API operations only: not the web app, the docs or the metrics', () => {
    expect(Object.keys(doc.paths)).not.toContain('/');
    for (const url of Object.keys(doc.paths)) {
      expect(url).not.toMatch(/^\/(metrics|docs|openapi\.json)/);
    }
    expect(operations().length).toBeGreaterThan(30);
  });

  it('names, summarises and secures every operation, with its 4xx answers', () => {
    const ids = new Set<string>();
    for (const { key, operation } of operations()) {
      expect(operation.operationId, key).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId!), key).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, key).toBeTruthy();
      expect(Array.isArray(operation.security), key).toBe(true);
      const errors = Object.keys(operation.responses).filter((s) => /^[45]/.test(s));
      expect(
        errors.some((s) => s.startsWith('4')),
        key,
      ).toBe(true);
      for (const status of errors.filter((s) => s !== '408')) {
        expect(operation.responses[status]!.content?.['application/json']?.schema, key).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
    expect(doc.components.schemas.Error).toBeDefined();
    // A sample of the public ones, and of the protected ones.
    const byKey = Object.fromEntries(operations().map((o) => [o.key, o.operation]));
    for (const key of ['POST /auth/email/signin', 'GET /health/ready', 'GET /geo/search']) {
      expect(byKey[key]!.security, key).toEqual([]);
    }
    for (const key of ['GET /auth/me', 'POST /chat/stream', 'PUT /admin/users/{id}']) {
      expect(byKey[key]!.security, key).toEqual([{ bearer: [] }]);
    }
  });

  it('describes every answer in words of its own, never "Default Response"', () => {
    const vague = operations().flatMap(({ key, operation }) =>
      Object.entries(operation.responses)
        .filter(([, answer]) => !answer.description || answer.description === 'Default Response')
        .map(([status]) => `${key} ${status}`),
    );
    expect(vague).toEqual([]);
  });

  it('answers DELETE /projects/{id} with 204 and no body', () => {
    const deleted = doc.paths['/projects/{id}']!.delete!.responses['204']!;
    expect(deleted.description).toBeTruthy();
    expect(deleted.content).toBeUndefined();
  });

  it('names the shared schemas in components/schemas and refers to them', () => {
    const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
    const body = (key: string, status: string) => {
      const [method, url] = key.split(' ') as [string, string];
      return doc.paths[url]![method.toLowerCase()]!.responses[status]!.content!['application/json']!
        .schema;
    };
    for (const key of ['GET /projects/{id}', 'PUT /projects/{id}']) {
      expect(body(key, '200'), key).toEqual(ref('Project'));
    }
    expect(body('POST /projects', '201')).toEqual(ref('Project'));
    for (const key of ['GET /projects/{id}/pipeline', 'POST /projects/{id}/transitions']) {
      expect(body(key, '200'), key).toEqual(ref('ProjectPipeline'));
    }
    for (const key of ['GET /admin/users/{id}', 'PUT /admin/users/{id}']) {
      expect(body(key, '200'), key).toEqual(ref('AdminUserDetail'));
    }
    for (const key of ['POST /auth/email/signin', 'POST /auth/google/signin']) {
      expect(body(key, '200'), key).toEqual(ref('AuthResponse'));
    }
    expect(body('GET /auth/me', '200')).toEqual(ref('MeResponse'));
    expect(body('GET /admin/jobs', '200')).toMatchObject({
      properties: { items: { items: ref('Job') } },
    });
    expect(body('POST /admin/jobs/{id}/retry', '200')).toEqual(ref('Job'));
    // Every component is used; none is a request-side copy nobody refers to.
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    for (const id of Object.keys(doc.components.schemas)) {
      expect(text, id).toContain(`"#/components/schemas/${id}"`);
    }
  });

  it('documents the chat stream as text/event-stream and the bill upload as multipart', () => {
    const stream = doc.paths['/chat/stream']!.post!;
    expect(Object.keys(stream.responses['200']!.content!)).toEqual(['text/event-stream']);
    const upload = doc.paths['/calculator/bill-extract']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    // Success answers that have no response schema still say their status.
    expect(Object.keys(doc.paths['/auth/email/signup']!.post!.responses)).toContain('201');
    expect(Object.keys(doc.paths['/auth/signout']!.post!.responses)).toContain('204');
  });
});
