/**
 * Roof photos of an inspection: `POST /projects/{id}/photos` takes a
 * JPEG, PNG or WebP (told by its bytes) strictly under 10 MB in multipart field `file`,
 * from someone who schedules inspections while the inspection is scheduled or recorded,
 * at most 20 per project; `GET /projects/{id}/photos/{photoId}` gives the bytes to whoever
 * sees the project. A photo declaring over 40 megapixels is refused like a bill photo.
 * Every refusal (400, 403, 404, 409, 413, 415) stores nothing. PGlite,
 * and PostgreSQL with TEST_DATABASE_URL.
 */
import { MAX_INSPECTION_PHOTOS } from '@solar/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { projectPhotos } from '../src/projects/schema.ts';
import { billImage, multipartBody, TINY_PNG, type BillFormat } from './calculator-images.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import {
  call,
  projectOf,
  putInStatus,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

const MB = 1024 * 1024;

describe.each(databaseKinds)('inspection photos on %s', (kind) => {
  let server: TestServer;
  let client: PipelineUser;
  let inspector: PipelineUser;
  let manager: PipelineUser;
  let installer: PipelineUser;
  let stranger: PipelineUser;

  beforeAll(async () => {
    server = await startTestServer(kind, { PROJECTS_RATE_LIMIT: '100000' });
    client = await userOf(server, 'client_residential');
    inspector = await userOf(server, 'roof_inspector');
    manager = await userOf(server, 'project_manager');
    installer = await userOf(server, 'installer');
    stranger = await userOf(server, 'client_commercial');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const photoCount = async (id: string) =>
    (
      await server.database.db
        .select({ n: count() })
        .from(projectPhotos)
        .where(eq(projectPhotos.projectId, id))
    )[0]!.n;

  /** Uploads `file` as `user` (multipart field `field`). */
  async function upload(
    user: PipelineUser,
    id: string,
    file: Buffer,
    options: { field?: string; type?: string } = {},
  ) {
    const { body, contentType } = multipartBody(file, options);
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/photos`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A project of the client in `status`. */
  async function projectIn(status: Parameters<typeof putInStatus>[2]) {
    const id = await projectOf(server, client);
    await putInStatus(server, id, status);
    return id;
  }

  it.each(['png', 'jpeg', 'webp'] as BillFormat[])(
    'stores a %s and gives its bytes back to whoever sees the project',
    async (format) => {
      const id = await projectIn('inspection_scheduled');
      const image = await billImage(['Roof, south side'], format);
      const stored = await upload(inspector, id, image, { type: 'application/octet-stream' });
      expect(stored.status, JSON.stringify(stored.body)).toBe(201);
      expect(stored.body).toEqual({
        id: expect.any(String),
        contentType: `image/${format}`,
        size: image.length,
        createdAt: expect.any(String),
      });
      const pipeline = await call(server, 'GET', `/projects/${id}/pipeline`, {
        token: client.token,
      });
      expect(pipeline.body.photos).toEqual([stored.body]);
      for (const viewer of [client, inspector, manager]) {
        const bytes = await server.app.inject({
          method: 'GET',
          url: `/api/v1/projects/${id}/photos/${stored.body.id}`,
          headers: { authorization: `Bearer ${viewer.token}` },
        });
        expect(bytes.statusCode).toBe(200);
        expect(bytes.headers['content-type']).toBe(`image/${format}`);
        expect(bytes.headers['cache-control']).toMatch(/^private/);
        expect(bytes.rawPayload.equals(image)).toBe(true);
      }
      const [audit] = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, id));
      expect(audit).toMatchObject({
        action: 'project.addPhoto',
        actorId: inspector.id,
        after: { id: stored.body.id, size: image.length },
      });
    },
  );

  it('keeps a photo from those who do not see the project, and unknown ids are 404', async () => {
    const id = await projectIn('inspected');
    const stored = await upload(manager, id, TINY_PNG);
    expect(stored.status).toBe(201);
    const other = await projectIn('inspected');
    const photo = `/projects/${id}/photos/${stored.body.id}`;
    expect((await call(server, 'GET', photo, { token: stranger.token })).status).toBe(404);
    // The installer does not see a project before the proposal is accepted.
    expect((await call(server, 'GET', photo, { token: installer.token })).status).toBe(404);
    const missing = '3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b';
    for (const url of [
      `/projects/${id}/photos/${missing}`,
      `/projects/${id}/photos/not-an-id`,
      `/projects/${other}/photos/${stored.body.id}`,
    ]) {
      expect((await call(server, 'GET', url, { token: client.token })).status, url).toBe(404);
    }
  });

  it.each([
    ['the owner, who does not inspect', 'client', 'inspection_scheduled', 403, 'forbidden'],
    ['an installer, who does not see it', 'installer', 'inspection_scheduled', 404, 'not_found'],
    [
      'an inspector before the inspection is scheduled',
      'inspector',
      'quote_requested',
      409,
      'invalid_transition',
    ],
    [
      'an inspector once it is out of their queue',
      'inspector',
      'proposal_accepted',
      404,
      'not_found',
    ],
    [
      'a manager after the proposal is accepted',
      'manager',
      'proposal_accepted',
      409,
      'invalid_transition',
    ],
  ] as const)('refuses %s', async (_what, who, status, expected, code) => {
    const user = { client, installer, inspector, manager }[who];
    const id = await projectIn(status);
    const answer = await upload(user, id, TINY_PNG);
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
    expect(answer.body.code).toBe(code);
    expect(await photoCount(id)).toBe(0);
  });

  it('refuses what is not a JPEG, PNG or WebP under 10 MB, storing nothing', async () => {
    const id = await projectIn('inspection_scheduled');
    const padded = (size: number) => {
      const bytes = Buffer.alloc(size);
      TINY_PNG.copy(bytes);
      return bytes;
    };
    const notImage = await upload(inspector, id, Buffer.from('GIF89a not really an image at all'), {
      type: 'image/png',
    });
    expect(notImage).toMatchObject({
      status: 415,
      body: { message: 'Please upload a valid image file (JPEG, PNG, or WebP)' },
    });
    // A PNG signature with a header that cannot be read.
    const broken = Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.alloc(40, 0xff)]);
    expect((await upload(inspector, id, broken)).status).toBe(415);
    const tooBig = { status: 413, body: { message: 'File size must be less than 10MB' } };
    expect(await upload(inspector, id, padded(10 * MB))).toMatchObject(tooBig);
    expect(await upload(inspector, id, padded(11 * MB))).toMatchObject(tooBig);
    const wrongField = await upload(inspector, id, TINY_PNG, { field: 'photo' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors).toEqual({ file: 'Please choose a photo' });
    const json = await call(server, 'POST', `/projects/${id}/photos`, {
      token: inspector.token,
      body: { file: 'x' },
    });
    expect(json.status).toBe(415);
    expect(await photoCount(id)).toBe(0);
    // Just under the limit is accepted.
    expect((await upload(inspector, id, padded(10 * MB - 1))).status).toBe(201);
  });

  it('refuses a photo declaring more than 40 megapixels (60000 x 60000), as the bill reader does', async () => {
    const id = await projectIn('inspection_scheduled');
    const declared = (width: number, height: number) => {
      const png = Buffer.from(TINY_PNG);
      png.writeUInt32BE(width, 16);
      png.writeUInt32BE(height, 20);
      return png;
    };
    const bomb = await upload(inspector, id, declared(60_000, 60_000));
    expect(bomb.status).toBe(400);
    expect(bomb.body).toMatchObject({
      code: 'validation_failed',
      errors: { file: 'The image must be at most 40 megapixels' },
    });
    expect(await photoCount(id)).toBe(0);
    // Exactly 40 megapixels is allowed (8000 x 5000).
    expect((await upload(inspector, id, declared(8000, 5000))).status).toBe(201);
  });

  it(`holds at most ${MAX_INSPECTION_PHOTOS} photos per project`, async () => {
    const id = await projectIn('inspection_scheduled');
    for (let i = 0; i < MAX_INSPECTION_PHOTOS; i++) {
      expect((await upload(inspector, id, TINY_PNG)).status).toBe(201);
    }
    const refused = await upload(inspector, id, TINY_PNG);
    expect(refused).toEqual({
      status: 409,
      body: {
        code: 'too_many_photos',
        message: 'This project already has 20 photos. Remove one before adding another.',
      },
    });
    expect(await photoCount(id)).toBe(MAX_INSPECTION_PHOTOS);
  });
});
