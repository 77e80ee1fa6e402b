/**
 * Contract tests: roof photos and the proposal PDF (domain
 * pipeline-contract.ts). Photos: multipart `file`, JPEG/PNG/WebP by their bytes (415
 * otherwise), under 10 MB (413), at most 20 a project (409 `too_many_photos`), added only
 * by someone who schedules inspections (403 for others) while the inspection is scheduled
 * or recorded (before: 409 `invalid_transition`, as a transition the status does not
 * allow), read back as bytes with their type. The PDF: `application/pdf` for a configured
 * project the caller may see; 409 `no_configuration`; 400 for an unknown locale.
 */
import { MAX_INSPECTION_PHOTOS } from '@solar/domain/pipeline';
import { BILL_IMAGE_MAX_BYTES } from '@solar/domain/validation';
import { describe, expect, it } from 'vitest';
import type { ContractKit } from './kit.ts';
import { PIXEL_PNG, type PipelineKit } from './pipeline-kit.ts';

/** Photos and the proposal PDF. */
export function pipelineFilesContract(kit: ContractKit, p: PipelineKit): void {
  const { errorShape } = kit;
  const { client, staff, project, pipeline, advance, expectStatus, upload, download } = p;
  const pdfText = (bytes: Uint8Array) => String.fromCharCode(...bytes.slice(0, 5));

  /** A project of a new client whose inspection a new inspector has scheduled. */
  async function scheduled() {
    const owner = await client();
    const inspector = await staff(3);
    const { id } = await project(owner);
    await advance(id, [
      [owner, { action: 'requestQuote' }],
      [inspector, { action: 'scheduleInspection', date: '2054-12-03' }],
    ]);
    return { owner, inspector, id };
  }

  describe('project photos and proposal PDF', () => {
    it('an inspector adds a roof photo (201); its bytes come back with their type; the owner sees it', async () => {
      const { owner, inspector, id } = await scheduled();
      const added = await upload(inspector, id, PIXEL_PNG);
      expect({ status: added.status, body: added.body }).toEqual({
        status: 201,
        body: { ...p.photoShape, contentType: 'image/png', size: PIXEL_PNG.length },
      });
      const photoId = added.body!.id as string;
      expect(expectStatus(await pipeline(owner, id), 200).photos).toEqual([added.body]);
      const photo = await download(owner, `projects/${id}/photos/${photoId}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\/png/);
      expect(photo.headers.get('cache-control')).toMatch(/private/);
      expect([...photo.bytes]).toEqual([...PIXEL_PNG]);
      const stranger = await client();
      expect((await download(stranger, `projects/${id}/photos/${photoId}`)).status).toBe(404);
      expect((await download(owner, `projects/${id}/photos/${owner.user.id}`)).status).toBe(404);
      expect((await download(null, `projects/${id}/photos/${photoId}`)).status).toBe(401);
    });

    it('refuses a non-image (415), 10 MB or more (413), the owner (403) and a stranger (404)', async () => {
      const { owner, inspector, id } = await scheduled();
      const text = new TextEncoder().encode('not an image, just text pretending');
      const notImage = await upload(inspector, id, text, 'image/png');
      expect({ status: notImage.status, body: notImage.body }).toEqual({
        status: 415,
        body: errorShape('unsupported_media_type'),
      });
      const huge = new Uint8Array(BILL_IMAGE_MAX_BYTES);
      huge.set(PIXEL_PNG);
      const tooBig = await upload(inspector, id, huge);
      expect({ status: tooBig.status, body: tooBig.body }).toEqual({
        status: 413,
        body: errorShape('payload_too_large'),
      });
      expect((await upload(owner, id, PIXEL_PNG)).status).toBe(403);
      expect((await upload(await client(), id, PIXEL_PNG)).status).toBe(404);
      expect(expectStatus(await pipeline(owner, id), 200).photos).toEqual([]);
    });

    it(`holds at most ${MAX_INSPECTION_PHOTOS} photos a project (409 too_many_photos)`, async () => {
      const { owner, inspector, id } = await scheduled();
      for (let i = 0; i < MAX_INSPECTION_PHOTOS; i += 1) {
        expect((await upload(inspector, id, PIXEL_PNG)).status).toBe(201);
      }
      const over = await upload(inspector, id, PIXEL_PNG);
      expect({ status: over.status, body: over.body }).toEqual({
        status: 409,
        body: errorShape('too_many_photos'),
      });
      const photos = expectStatus(await pipeline(owner, id), 200).photos as unknown[];
      expect(photos).toHaveLength(MAX_INSPECTION_PHOTOS);
    });

    it('photos only while the inspection is scheduled or recorded (409 invalid_transition before)', async () => {
      const owner = await client();
      const inspector = await staff(3);
      const { id } = await project(owner);
      await advance(id, [[owner, { action: 'requestQuote' }]]);
      const early = await upload(inspector, id, PIXEL_PNG);
      expect({ status: early.status, body: early.body }).toEqual({
        status: 409,
        body: errorShape('invalid_transition'),
      });
    });

    it('GET /projects/{id}/proposal.pdf answers a PDF to whoever sees the project; 409 without a configuration; 400; 404', async () => {
      const owner = await client();
      const manager = await staff(1);
      const configured = await project(owner);
      for (const [actor, query] of [
        [owner, '?locale=ru'],
        [owner, ''],
        [manager, '?locale=es'],
      ] as const) {
        const pdf = await download(actor, `projects/${configured.id}/proposal.pdf${query}`);
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
        expect(pdfText(pdf.bytes)).toBe('%PDF-');
      }
      const bare = await project(owner, { configured: false });
      const refused = await kit.raw('GET', `projects/${bare.id}/proposal.pdf`, {
        token: owner.token,
      });
      expect(refused).toMatchObject({ status: 409, body: errorShape('no_configuration') });
      const badLocale = await kit.raw('GET', `projects/${configured.id}/proposal.pdf?locale=xx`, {
        token: owner.token,
      });
      expect(badLocale).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: { locale: expect.any(String) } },
      });
      const stranger = await client();
      expect((await download(stranger, `projects/${configured.id}/proposal.pdf`)).status).toBe(404);
      expect((await download(null, `projects/${configured.id}/proposal.pdf`)).status).toBe(401);
    });
  });
}
