/**
 * Pixel dimensions read from an image's header by the image-size package (PNG IHDR, JPEG
 * SOFn, WebP VP8/VP8L/VP8X), so a small file that declares a huge picture (a decompression
 * bomb) is refused before anything decodes it: the bill photo's OCR and the stored roof
 * photos share the rule ({@link acceptedImageSize}). The header is untrusted: anything
 * unreadable, of another type than the sniffed one, or of zero size answers null.
 */
import { messageText, validationMessages, type ImageKind } from '@solar/domain';
import { imageSize as readImageSize } from 'image-size';
import { HttpError } from '../http-errors.ts';
import { notAnImage } from './upload.ts';

/** The most pixels an uploaded image may declare (a 12 MP phone photo is well under it). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** image-size's name of each kind the upload accepts (upload.ts sniffs the kind). */
const TYPE_OF_KIND: Record<ImageKind, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** The image's size from its header, or null when it cannot be read. */
export function imageSize(bytes: Buffer, kind: ImageKind): ImageSize | null {
  let found: ReturnType<typeof readImageSize>;
  try {
    found = readImageSize(bytes);
  } catch {
    return null;
  }
  if (found.type !== TYPE_OF_KIND[kind]) return null;
  const { width, height } = found;
  return Number.isSafeInteger(width) && Number.isSafeInteger(height) && width > 0 && height > 0
    ? { width, height }
    : null;
}

/**
 * The size of an uploaded image, refused when it cannot be read (415, as a file that is no
 * image) or declares more than {@link MAX_IMAGE_PIXELS} pixels (400 with a `file` field
 * error 'The image must be at most 40 megapixels').
 */
export function acceptedImageSize(bytes: Buffer, kind: ImageKind): ImageSize {
  const size = imageSize(bytes, kind);
  if (!size) throw notAnImage();
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    const message = messageText(validationMessages.imageTooManyPixels.id);
    throw new HttpError(400, 'validation_failed', message, { errors: { file: message } });
  }
  return size;
}
