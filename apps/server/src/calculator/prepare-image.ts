/**
 * The image the OCR reads: the upload decoded by sharp (libvips, in its
 * own threads), turned upright from its EXIF orientation, made grey and scaled down so its
 * longer side is at most OCR_MAX_SIDE pixels. Recognition time grows with the pixels: a
 * 39-megapixel noise PNG held a worker for 20 s; at most 4 megapixels it takes a fraction
 * of that, while the print of a bill photo stays legible.
 */
import sharp from 'sharp';

/** The longer side of the image handed to the OCR, pixels. */
export const OCR_MAX_SIDE = 2000;

/**
 * Decodes `bytes` (JPEG, PNG or WebP) and returns a PNG of at most OCR_MAX_SIDE pixels a
 * side (smaller images keep their size). Rejects when the bytes cannot be decoded or the
 * picture has more than `maxPixels` pixels (sharp checks before decoding).
 */
export async function prepareForOcr(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .resize({
      width: OCR_MAX_SIDE,
      height: OCR_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
