/**
 * Images for the logo tests: real ones made by sharp, and headers written by hand that declare any
 * size over a few bytes of data (the image bombs of issue 19).
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), body, u32be(zlib.crc32(body))]);
}

/**
 * A valid PNG file declaring `width` × `height` 8-bit grey pixels, with 12 bytes of compressed
 * data: 69 bytes in all. A decoder would allocate the whole declared image.
 */
export function pngBomb(width = 30_000, height = 30_000): Uint8Array {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 0, 0, 0, 0])]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(100))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header declaring the size. */
export function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

/** A GIF whose logical screen is small and whose one frame reaches `width` × `height`. */
export function gifHeader(width: number, height: number, screen = 1): Uint8Array {
  const le = (value: number) => [value & 0xff, value >> 8];
  return Uint8Array.from([
    ...Buffer.from('GIF89a'),
    ...le(screen),
    ...le(screen),
    0,
    0,
    0, // no global colour table
    0x2c,
    ...le(0),
    ...le(0),
    ...le(width),
    ...le(height),
    0, // no local colour table
    2, // LZW minimum code size
    2,
    0x4c,
    0x01,
    0, // one sub-block, then the terminator
    0x3b,
  ]);
}

/** An extended WebP (VP8X) declaring its canvas, with no image data after it. */
export function webpHeader(width: number, height: number): Uint8Array {
  const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
  const chunk = [...Buffer.from('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  return Uint8Array.from([
    ...Buffer.from('RIFF'),
    ...[chunk.length + 4, 0, 0, 0],
    ...Buffer.from('WEBP'),
    ...chunk,
  ]);
}

export type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** A real image of that size: a gradient with some transparency (JPEG: none). */
export async function realImage(
  format: RasterFormat,
  width: number,
  height: number,
  options: { lossless?: boolean; opaque?: boolean } = {},
): Promise<Uint8Array> {
  const created = sharp({
    create: { width, height, channels: 4, background: { r: 230, g: 140, b: 20, alpha: 0.6 } },
  });
  // Opaque: no alpha channel (a lossy WebP is then a plain VP8 chunk, not VP8X).
  const image = options.opaque ? created.flatten({ background: '#ffffff' }) : created;
  const written =
    format === 'png'
      ? image.png()
      : format === 'jpeg'
        ? image.jpeg()
        : format === 'gif'
          ? image.gif()
          : image.webp({ lossless: options.lossless ?? false });
  return new Uint8Array(await written.toBuffer());
}
