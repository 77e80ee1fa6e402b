/**
 * The fake's pipeline files (contract in domain
 * pipeline-contract.ts): roof photos (JPEG, PNG or WebP by their bytes, under 10 MB, at
 * most 20 a project, added by inspectors (403 for others) while the inspection is
 * scheduled or recorded (409 `invalid_transition` before))
 * and the proposal PDF, here a tiny valid PDF naming the project (the server draws the
 * real one with pdfkit). Visibility as fake-pipeline.ts: 404 for a project not visible.
 */
import { pipelineMessages, validationMessages as v } from '@solar/domain/messages';
import { permissionsFor } from '@solar/domain/permissions';
import { canAddInspectionPhotos } from '@solar/domain/pipeline';
import { proposalPdfQuerySchema, type InspectionPhoto } from '@solar/domain/pipeline-contract';
import { MAX_INSPECTION_PHOTOS } from '@solar/domain/pipeline';
import { proposalFileName } from '@solar/domain/proposal';
import { parseConfiguration } from '@solar/domain/system-configuration';
import { BILL_IMAGE_MAX_BYTES, detectImageType } from '@solar/domain/validation';
import { recordAudit } from './fake-audit.ts';
import { conflict, visibleProject } from './fake-pipeline.ts';
import { ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import { roleOf, type FakeStore } from './store.ts';

/** The photo and PDF calls of the fake; `auth` is the Authorization header. */
export interface FakePipelineFiles {
  /**
   * `POST /projects/{id}/photos`: `file` is the multipart field `file` (null when none was
   * sent). 201 `InspectionPhoto`; 400 no file; 403; 404; 409 `invalid_transition` or
   * `too_many_photos`; 413; 415.
   */
  uploadPhoto(
    auth: string | null,
    id: string,
    file: { bytes: Uint8Array; size: number } | null,
  ): FakeReply;
  /** `GET /projects/{id}/photos/{photoId}`: the bytes with their type; 404. */
  getPhoto(auth: string | null, id: string, photoId: string): FakeReply;
  /** `GET /projects/{id}/proposal.pdf?locale=`: `application/pdf`; 400; 404; 409 `no_configuration`. */
  proposalPdf(auth: string | null, id: string, query: Record<string, string>): FakeReply;
}

/** The 409 message when a project has no usable configuration (as the server's). */
export const NO_CONFIGURATION_MESSAGE = pipelineMessages.noConfiguration.defaultMessage;

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/** ASCII text safe inside a PDF string literal. */
const pdfText = (text: string) =>
  text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * A minimal valid one-page PDF 1.4 showing `lines` in Helvetica, with a correct cross
 * reference table (byte offsets), so viewers and parsers open it.
 */
export function tinyPdf(lines: readonly string[]): Uint8Array {
  const stream = [
    'BT /F1 14 Tf 56 780 Td 18 TL',
    ...lines.map((line) => `(${pdfText(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** The photo and PDF calls over `store`. */
export function fakePipelineFiles(store: FakeStore): FakePipelineFiles {
  return {
    uploadPhoto: (auth, id, file) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { record } = visibleProject(store, user, id);
        const role = roleOf(user);
        // As transitions: not the caller's to do -> 403; theirs, but not now -> 409.
        if (!permissionsFor(role).canScheduleInspections) refuse(403, 'forbidden');
        if (!canAddInspectionPhotos(role, record.status))
          conflict('invalid_transition', pipelineMessages.invalidTransition.defaultMessage);
        if (!file) refuse(400, 'validation_failed', 'A file is required in the field "file".');
        // Strictly under 10 MB, as the bill photo (domain validation.ts).
        if (file.size >= BILL_IMAGE_MAX_BYTES)
          refuse(413, 'payload_too_large', v.imageTooLarge.defaultMessage);
        const kind = detectImageType(file.bytes);
        if (!kind) refuse(415, 'unsupported_media_type', v.invalidImageType.defaultMessage);
        if (record.photos.length >= MAX_INSPECTION_PHOTOS)
          conflict('too_many_photos', pipelineMessages.tooManyPhotos.defaultMessage);
        const meta: InspectionPhoto = {
          id: store.newId(),
          contentType: CONTENT_TYPES[kind],
          size: file.size,
          createdAt: store.iso(),
        };
        record.photos.push({ meta, bytes: file.bytes });
        recordAudit(store, {
          actorId: user.id,
          action: 'project.addPhoto',
          targetId: id,
          before: null,
          after: meta,
        });
        return ok(meta, 201);
      }),
    getPhoto: (auth, id, photoId) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { record } = visibleProject(store, user, id);
        const photo = record.photos.find((p) => p.meta.id === photoId);
        if (!photo) refuse(404, 'not_found');
        return {
          status: 200,
          body: photo.bytes,
          headers: {
            'Content-Type': photo.meta.contentType,
            'Cache-Control': 'private, max-age=3600',
          },
        };
      }),
    proposalPdf: (auth, id, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { locale } = parse(proposalPdfQuerySchema, query);
        const { project } = visibleProject(store, user, id);
        const configuration = parseConfiguration(project.configuration);
        if (!configuration) conflict('no_configuration', NO_CONFIGURATION_MESSAGE);
        const owner = store.users.get(project.userId);
        return {
          status: 200,
          body: tinyPdf([
            'Solar proposal (fake)',
            `Customer: ${owner?.name ?? ''}`,
            `Location: ${project.location.address}`,
            `System: ${configuration.systemSizeKw} kW DC, ${configuration.panelCount} panels`,
            `Language: ${locale}`,
          ]),
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="${proposalFileName(new Date().toISOString().slice(0, 10))}"`,
            'Cache-Control': 'private, no-store',
          },
        };
      }),
  };
}
