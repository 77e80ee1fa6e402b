/**
 * Reading the bill photo of `POST /calculator/bill-extract` (docs/product.md#quick-calculator; the
 * OpenAPI document): multipart field `file`, JPEG, PNG or WebP as told by its first bytes (not its
 * name or declared type), strictly under 10 MB.
 *
 * The size limit is enforced while the upload streams in: reading stops at the first
 * chunk that reaches the limit (at most one chunk past it is ever held), and the type is
 * checked as soon as the first bytes arrive, so a non-image is refused without reading the
 * rest. A request whose Content-Length already says it is too big is refused before any
 * of its body is read. After such an early answer the unread rest of the request is left
 * in the socket, which is closed shortly after the answer if the client keeps sending.
 */
import {
  BILL_IMAGE_MAX_BYTES,
  detectImageType,
  messageText,
  validationMessages,
  type ImageKind,
} from '@solar/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { HttpError } from '../http-errors.ts';

/** Room for the multipart headers and boundaries around the file, bytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** How long a client that keeps sending after the early answer gets before its socket is closed. */
const GRACE_MS = 2000;

/**
 * The @fastify/multipart settings of an image upload route (one file field and a few small
 * fields); the reader stops at the size limit itself, `fileSize` is the parser's backstop.
 */
export const IMAGE_MULTIPART_OPTIONS = {
  limits: {
    fileSize: BILL_IMAGE_MAX_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    parts: 6,
    headerPairs: 50,
  },
} as const;

/** The OpenAPI `multipartBody` of an image upload: one required field `file`, described. */
export function imageFileBody(description: string) {
  return {
    type: 'object',
    required: ['file'],
    properties: { file: { type: 'string', format: 'binary', description } },
  } as const;
}

/** 415 'Please upload a valid image file (JPEG, PNG, or WebP)'. */
export const notAnImage = () =>
  new HttpError(415, 'unsupported_media_type', messageText(validationMessages.invalidImageType.id));

/** 413 'File size must be less than 10MB'. */
export const tooLarge = () =>
  new HttpError(413, 'payload_too_large', messageText(validationMessages.imageTooLarge.id));

/** An accepted image: its bytes and kind. */
export interface BillImage {
  bytes: Buffer;
  kind: ImageKind;
}

/**
 * Reads `stream` into memory, stopping as soon as the bytes read reach `maxBytes` (413) or
 * the first 12 bytes are not JPEG, PNG or WebP (415). Returns the bytes otherwise.
 */
export async function readImageStream(
  stream: AsyncIterable<Buffer> & Partial<Pick<Readable, 'destroy'>>,
  maxBytes: number = BILL_IMAGE_MAX_BYTES,
): Promise<BillImage> {
  const chunks: Buffer[] = [];
  let total = 0;
  let kind: ImageKind | null | undefined;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total >= maxBytes) {
      chunks.length = 0;
      throw tooLarge();
    }
    chunks.push(chunk);
    if (kind === undefined && total >= 12) {
      kind = detectImageType(Buffer.concat(chunks));
      if (kind === null) {
        chunks.length = 0;
        throw notAnImage();
      }
    }
  }
  const bytes = Buffer.concat(chunks);
  kind ??= detectImageType(bytes);
  if (!kind) throw notAnImage();
  return { bytes, kind };
}

/**
 * onRequest check: 413 at once when Content-Length is over the limit plus multipart
 * overhead, before any of the body is read.
 */
export async function refuseOversizedBody(request: FastifyRequest, reply: FastifyReply) {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > BILL_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    closeIfStillSending(request, reply);
    throw tooLarge();
  }
}

/**
 * Closes the connection `GRACE_MS` after the answer when the request body is still not
 * fully received (the client ignored the early 413/415 and keeps sending).
 */
export function closeIfStillSending(request: FastifyRequest, reply: FastifyReply): void {
  reply.raw.once('finish', () => {
    if (request.raw.complete) return;
    const timer = setTimeout(() => {
      const socket = request.raw.socket as { destroy?: unknown } | null | undefined;
      // (An injected request's socket is a stand-in without destroy.)
      if (!request.raw.complete && typeof socket?.destroy === 'function') socket.destroy();
    }, GRACE_MS);
    timer.unref();
    request.raw.once('end', () => clearTimeout(timer));
  });
}

/**
 * The bill image of a multipart request (see the file comment). Errors: 415 when the
 * request is not multipart or the file is not an image; 413 at 10 MB or more; 400 when
 * there is no `file` field or the multipart body is malformed.
 */
export async function readBillImage(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<BillImage> {
  if (!request.isMultipart()) throw notAnImage();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    throw asUploadError(error);
  }
  if (!part || part.fieldname !== 'file') {
    closeIfStillSending(request, reply);
    throw new HttpError(
      400,
      'validation_failed',
      'Please choose a bill image (form field "file")',
      {
        errors: { file: 'Please choose a bill image' },
      },
    );
  }
  try {
    return await readImageStream(part.file);
  } catch (error) {
    closeIfStillSending(request, reply);
    throw asUploadError(error);
  }
}

/** Multipart errors as the contract's answers. */
function asUploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return tooLarge();
  return new HttpError(400, 'validation_failed', 'The upload is not a valid multipart form');
}
