/**
 * Bill images made by the tests themselves: lines of text rendered with a system font
 * (DejaVu Sans covers Latin and Cyrillic) on white, encoded as PNG, JPEG or WebP by
 * @napi-rs/canvas; plus a multipart body builder for raw uploads.
 */
import { createCanvas } from '@napi-rs/canvas';

/** An image format the endpoint accepts. */
export type BillFormat = 'png' | 'jpeg' | 'webp';

/** Renders `lines` as a bill photo (black text on white, 32 px) in `format`. */
export async function billImage(lines: string[], format: BillFormat): Promise<Buffer> {
  const canvas = createCanvas(900, 80 + lines.length * 56);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '32px "DejaVu Sans", sans-serif';
  lines.forEach((line, i) => g.fillText(line, 40, 64 + i * 56));
  if (format === 'png') return canvas.encode('png');
  return canvas.encode(format, 95);
}

/** The 1x1 PNG of the contract suite. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file part; returns the body and its content type. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; fileName?: string; type?: string } = {},
): { body: Buffer; contentType: string } {
  const boundary = `----solar${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.fileName ?? 'bill.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
