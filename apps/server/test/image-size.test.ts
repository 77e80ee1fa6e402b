/**
 * Reading an untrusted image header (src/calculator/image-size.ts, on image-size): the
 * declared size of PNG, JPEG and WebP, a declared 20 000 x 20 000 picture read without
 * decoding, and null for unreadable, truncated or mislabelled headers.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../src/calculator/image-size.ts';

const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 37, height: 21, channels: 3, background: '#fa0' } })
    .toFormat(format)
    .toBuffer();

describe('imageSize', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('reads the size of a %s', async (kind) => {
    expect(imageSize(await picture(kind), kind)).toEqual({ width: 37, height: 21 });
  });

  it('reads a huge declared size from the header alone', async () => {
    const png = await picture('png');
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    expect(imageSize(png, 'png')).toEqual({ width: 20_000, height: 20_000 });
  });

  it('answers null for bytes it cannot read, a zero size, or another type than sniffed', async () => {
    expect(imageSize(Buffer.from('not an image at all'), 'png')).toBeNull();
    expect(imageSize(Buffer.alloc(0), 'jpeg')).toBeNull();
    expect(imageSize((await picture('jpeg')).subarray(0, 12), 'jpeg')).toBeNull();
    const zero = await picture('png');
    zero.writeUInt32BE(0, 16);
    expect(imageSize(zero, 'png')).toBeNull();
    expect(imageSize(await picture('webp'), 'png')).toBeNull();
  });
});
