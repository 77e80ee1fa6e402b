/**
 * Bill and inspection photos (docs/product.md#quick-calculator): which files are accepted,
 * and what kind of image a file's first bytes say it is. Free of zod, so a screen that takes
 * a photo does not load the form schemas.
 */
import { validationMessages as m, type MessageDescriptor } from './messages.ts';

/** Accepted bill photo MIME types (docs/product.md#quick-calculator: JPEG, JPG, PNG, WebP). */
export const BILL_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** Bill photos must be smaller than 10 MB = 10 x 1024 x 1024 bytes (docs/product.md#quick-calculator). */
export const BILL_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The first problem of a photo, checked on the `File`'s `type` and `size` (bytes), or null when
 * it is acceptable (docs/product.md#quick-calculator): a type other than the allowed MIME types
 * gives 'Please upload a valid image file (JPEG, PNG, or WebP)'; a size that is not a number
 * of bytes 'Invalid value'; a size of {@link BILL_IMAGE_MAX_BYTES} or more 'File size must be
 * less than 10MB' (exactly 10 MB is refused).
 */
export function validateBillImage(file: {
  readonly type: string;
  readonly size: number;
}): MessageDescriptor | null {
  if (!(BILL_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return m.invalidImageType;
  }
  if (!Number.isFinite(file.size) || file.size < 0) return m.invalidValue;
  if (file.size >= BILL_IMAGE_MAX_BYTES) return m.imageTooLarge;
  return null;
}

/**
 * An image type recognised from a file's first bytes (`POST /calculator/bill-extract` in the
 * OpenAPI document).
 */
export type ImageKind = 'jpeg' | 'png' | 'webp';

/**
 * Reads JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) or WebP (RIFF....WEBP) magic bytes
 * (`POST /calculator/bill-extract` in the OpenAPI document).
 */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  const starts = (offset: number, ...values: number[]) =>
    values.every((value, i) => bytes[offset + i] === value);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}
