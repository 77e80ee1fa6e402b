/**
 * Roof photos of a project's inspection: `POST /projects/{id}/photos`
 * reads multipart field `file` with the bill upload's checks (calculator/upload.ts: JPEG,
 * PNG or WebP by their bytes, strictly under 10 MB, read as it streams; image-size.ts: a
 * readable header declaring at most 40 megapixels, as the bill reader), stores it in project_photos with an audit_log row, at most
 * MAX_INSPECTION_PHOTOS per project (409 `too_many_photos`, counted under the project's row
 * lock). `GET /projects/{id}/photos/{photoId}` answers the bytes to whoever sees the project.
 */
import {
  MAX_INSPECTION_PHOTOS,
  pipelineMessages,
  type ImageKind,
  type InspectionPhoto,
} from '@solar/domain';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedImageSize } from '../calculator/image-size.ts';
import {
  closeIfStillSending,
  notAnImage,
  readImageStream,
  tooLarge,
} from '../calculator/upload.ts';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { photoAccess, seesProject, type ProjectCaller } from './access.ts';
import { addParticipant, isParticipant } from './participants.ts';
import { invalidTransition, pipelineConflict, type PipelineActor } from './pipeline-service.ts';
import { lockProject } from './pipeline-repository.ts';
import { isProjectId } from './repository.ts';
import { projectPhotos, projects, type ProjectRow } from './schema.ts';
import { forbidden, notFound } from './service.ts';

/** The media type of each accepted kind. */
const CONTENT_TYPE: Record<ImageKind, InspectionPhoto['contentType']> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** A photo as read from the upload. */
export interface UploadedPhoto {
  bytes: Buffer;
  contentType: InspectionPhoto['contentType'];
}

/** 409 `too_many_photos`. */
const tooMany = () =>
  pipelineConflict('too_many_photos', pipelineMessages.tooManyPhotos.defaultMessage);

/** The verdict of photoAccess as an error, or nothing when allowed. */
function refuse(verdict: ReturnType<typeof photoAccess>): void {
  if (verdict === 'not_found') throw notFound();
  if (verdict === 'forbidden') throw forbidden();
  if (verdict === 'invalid_transition') throw invalidTransition();
}

/**
 * The photo of a multipart request: 415 not multipart or not an image; 413 at 10 MB or
 * more; 400 without a `file` field, for a malformed body, or over 40 megapixels.
 */
export async function readPhoto(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UploadedPhoto> {
  if (!request.isMultipart()) throw notAnImage();
  const failed = (error: unknown) => {
    closeIfStillSending(request, reply);
    if (error instanceof HttpError) return error;
    if ((error as { statusCode?: number }).statusCode === 413) return tooLarge();
    return new HttpError(400, 'validation_failed', 'The upload is not a valid multipart form');
  };
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw failed(error);
  }
  if (!part || part.fieldname !== 'file') {
    throw failed(
      new HttpError(400, 'validation_failed', 'Please choose a photo (form field "file")', {
        errors: { file: 'Please choose a photo' },
      }),
    );
  }
  try {
    const image = await readImageStream(part.file);
    acceptedImageSize(image.bytes, image.kind);
    return { bytes: image.bytes, contentType: CONTENT_TYPE[image.kind] };
  } catch (error) {
    throw failed(error);
  }
}

/** The photo service over `db`; `now` is the clock of the token expiry check (epoch ms). */
export function createPhotoService(db: Db, now: () => number = Date.now) {
  async function rowOf(id: string): Promise<ProjectRow | undefined> {
    if (!isProjectId(id)) return undefined;
    const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
    return row;
  }

  return {
    /**
     * Checks, before the upload is read, that the caller may add a photo to project `id`
     * now (404, 403, 409); the write checks again under the row lock.
     */
    async mayAdd(caller: ProjectCaller, id: string): Promise<void> {
      const row = await rowOf(id);
      if (!row) throw notFound();
      refuse(photoAccess(caller, { ownerId: row.userId, status: row.status }, now()));
    },

    /** Stores `photo` on project `id` with an audit row; 404, 403, 409. */
    async add(actor: PipelineActor, id: string, photo: UploadedPhoto): Promise<InspectionPhoto> {
      if (!isProjectId(id)) throw notFound();
      return db.transaction(async (tx) => {
        const row = await lockProject(tx, id);
        if (!row) throw notFound();
        refuse(photoAccess(actor, { ownerId: row.userId, status: row.status }, now()));
        const [held] = await tx
          .select({ n: count() })
          .from(projectPhotos)
          .where(eq(projectPhotos.projectId, id));
        if ((held?.n ?? 0) >= MAX_INSPECTION_PHOTOS) throw tooMany();
        const [stored] = await tx
          .insert(projectPhotos)
          .values({
            projectId: id,
            contentType: photo.contentType,
            size: photo.bytes.length,
            data: photo.bytes,
            uploadedBy: actor.userId,
          })
          .returning({
            id: projectPhotos.id,
            contentType: projectPhotos.contentType,
            size: projectPhotos.size,
            createdAt: projectPhotos.createdAt,
          });
        await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
        await addParticipant(tx, row, actor.userId);
        const meta = { ...stored!, createdAt: stored!.createdAt.toISOString() };
        await tx.insert(auditLog).values({
          actorId: actor.userId,
          action: 'project.addPhoto',
          targetId: id,
          before: null,
          after: meta,
          clientAddress: actor.clientAddress,
        });
        return meta;
      });
    },

    /** The bytes and type of photo `photoId` of project `id`; 404 unseen or unknown. */
    async get(caller: ProjectCaller, id: string, photoId: string) {
      const row = await rowOf(id);
      if (!row) throw notFound();
      const participant =
        caller.userId !== row.userId && (await isParticipant(db, row.id, caller.userId));
      if (!seesProject(caller, { ownerId: row.userId, status: row.status, participant }, now())) {
        throw notFound();
      }
      if (!isProjectId(photoId)) throw notFound();
      const [photo] = await db
        .select({ contentType: projectPhotos.contentType, data: projectPhotos.data })
        .from(projectPhotos)
        .where(and(eq(projectPhotos.id, photoId), eq(projectPhotos.projectId, id)))
        .limit(1);
      if (!photo) throw notFound();
      return { contentType: photo.contentType, bytes: Buffer.from(photo.data) };
    },
  };
}

/** The service's type. */
export type PhotoService = ReturnType<typeof createPhotoService>;
