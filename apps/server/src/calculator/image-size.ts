/**
 * Pixel dimensions read from an image's header by the image-size package (PNG IHDR, JPEG
 * SOFn, WebP VP8/VP8L/VP8X), so a small file that declares a huge picture (a decompression
 * bomb) is refused before the OCR decodes it (issue 9, bill-extract). The header is
 * untrusted: anything unreadable, of another type than the sniffed one, or of zero size
 * answers null.
 */
import type { ImageKind } from '@solar/domain';
import { imageSize as readImageSize } from 'image-size';

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
