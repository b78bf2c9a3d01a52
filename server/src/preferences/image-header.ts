/**
 * An image's size read from its header only, before anything decodes it: the decoders allocate
 * what the header declares (a 69-byte PNG declaring 30 000 × 30 000 px took a PDF render to
 * 7.2 GB). Pure functions over the bytes; they never throw: bytes they cannot read are null, and
 * the caller refuses them. PNG (IHDR), JPEG (the first SOFn frame header), GIF (the logical screen
 * and every frame's rectangle) and WebP (VP8, VP8L, VP8X). SVG is text the server never rasterises.
 */

export type RasterType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface ImageSize {
  type: RasterType;
  width: number;
  height: number;
}

export interface PixelLimits {
  /** Width or height. */
  maxSide: number;
  /** Width × height. */
  maxPixels: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u32le = (b: Uint8Array, i: number) => u32be(Uint8Array.of(b[i + 3]!, b[i + 2]!, b[i + 1]!, b[i]!), 0);
const has = (b: Uint8Array, text: string, at: number) =>
  at + text.length <= b.length && [...text].every((char, k) => b[at + k] === char.charCodeAt(0));

const sized = (type: RasterType, width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

/** PNG: the signature, then IHDR first (13 bytes: width, height, both 32-bit big-endian). */
function png(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || u32be(b, 8) !== 13 || !has(b, 'IHDR', 12)) return null;
  return sized('image/png', u32be(b, 16), u32be(b, 20));
}

/** The start-of-frame markers that carry a frame's size (not DHT C4, JPG C8, DAC CC). */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * JPEG: the segments after SOI, each skipped by its length, up to the first frame header (SOFn:
 * length, precision, height, width). A scan (SOS) or the end (EOI) before it, a height of 0
 * (defined later by DNL), bytes that are not a marker, or a segment past the end: unreadable.
 * Each step moves forward at least two bytes, so a hostile file cannot loop.
 */
function jpeg(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return null;
    const marker = b[i++]!;
    // Markers without a segment: SOI, TEM, RSTn.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0x00 || marker === 0xd9 || marker === 0xda) return null;
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    if (isFrameHeader(marker)) {
      if (length < 8 || i + 7 > b.length) return null;
      return sized('image/jpeg', u16be(b, i + 5), u16be(b, i + 3));
    }
    i += length;
  }
  return null;
}

/**
 * GIF: the logical screen (little-endian width and height at 6 and 8), and every frame's image
 * descriptor, whose rectangle may reach past the screen: the size is what holds them all. The
 * blocks are walked by their lengths (color tables, extensions and image data in sub-blocks); a
 * file cut short gives the frames read so far.
 */
function gif(b: Uint8Array): ImageSize | null {
  if (b.length < 13) return null;
  let width = u16le(b, 6);
  let height = u16le(b, 8);
  const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let i = 13 + colorTable(b[10]!);
  const skipSubBlocks = () => {
    while (i < b.length && b[i] !== 0) i += b[i]! + 1;
    i++; // the terminator
  };
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      i += 2; // introducer and label
      skipSubBlocks();
    } else if (block === 0x2c) {
      if (i + 10 > b.length) break;
      width = Math.max(width, u16le(b, i + 1) + u16le(b, i + 5));
      height = Math.max(height, u16le(b, i + 3) + u16le(b, i + 7));
      i += 10 + colorTable(b[i + 9]!) + 1; // descriptor, local table, LZW code size
      skipSubBlocks();
    } else {
      return null;
    }
  }
  return sized('image/gif', width, height);
}

/** WebP: RIFF, then the first chunk's own header (lossy VP8, lossless VP8L or extended VP8X). */
function webp(b: Uint8Array): ImageSize | null {
  const data = 20;
  if (has(b, 'VP8 ', 12)) {
    if (b.length < data + 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a)
      return null;
    return sized('image/webp', u16le(b, data + 6) & 0x3fff, u16le(b, data + 8) & 0x3fff);
  }
  if (has(b, 'VP8L', 12)) {
    if (b.length < data + 5 || b[data] !== 0x2f) return null;
    const bits = u32le(b, data + 1);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (has(b, 'VP8X', 12)) {
    if (b.length < data + 10) return null;
    return sized('image/webp', u24le(b, data + 4) + 1, u24le(b, data + 7) + 1);
  }
  return null;
}

/** The raster image's type and size from its header, or null when it is none it can read. */
export function readImageHeader(bytes: Uint8Array): ImageSize | null {
  if (has(bytes, '\x89PNG\r\n\x1a\n', 0)) return png(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (has(bytes, 'GIF87a', 0) || has(bytes, 'GIF89a', 0)) return gif(bytes);
  if (has(bytes, 'RIFF', 0) && has(bytes, 'WEBP', 8)) return webp(bytes);
  return null;
}

/** The size is within the limits (each side, and the pixels in all). */
export const withinPixelLimits = (size: Pick<ImageSize, 'width' | 'height'>, limits: PixelLimits) =>
  size.width <= limits.maxSide &&
  size.height <= limits.maxSide &&
  size.width * size.height <= limits.maxPixels;

/** The size that fits inside the box, proportions kept, never enlarged. */
export function fitInside(
  size: Pick<ImageSize, 'width' | 'height'>,
  box: { width: number; height: number },
): { width: number; height: number } {
  const scale = Math.min(box.width / size.width, box.height / size.height, 1);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
