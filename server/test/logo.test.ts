import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logoRules } from '../../src/contract/preferences.js';
import { fitInside, readImageHeader, withinPixelLimits } from '../src/preferences/image-header.js';
import {
  checkLogoBytes,
  logoBoxes,
  logoHeaders,
  normaliseLogo,
  sniffLogoType,
} from '../src/preferences/logo.js';
import {
  gifHeader,
  jpegHeader,
  pngBomb,
  type RasterFormat,
  realImage,
  webpHeader,
} from './support/images.js';

const text = (value: string) => new TextEncoder().encode(value);

describe('what a logo upload is, from its bytes', () => {
  it('knows the accepted images by their signatures', () => {
    expect(sniffLogoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffLogoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogoType(text('GIF89a....'))).toBe('image/gif');
    expect(sniffLogoType(text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(
      sniffLogoType(text('\uFEFF<?xml version="1.0"?>\n<!-- logo --><svg viewBox="0 0 1 1"></svg>')),
    ).toBe('image/svg+xml');
  });

  it('refuses anything else, HTML and PDF included', () => {
    for (const other of ['<html><body></body></html>', '%PDF-1.7', '<svgx>', 'GIF90a', '']) {
      expect(sniffLogoType(text(other)), other).toBeNull();
    }
  });

  it('serves an SVG as an attachment, every file nosniff and sandboxed', () => {
    expect(logoHeaders('image/svg+xml')['Content-Disposition']).toMatch(/^attachment/);
    expect(logoHeaders('image/png')['Content-Disposition']).toBe('inline');
    for (const type of ['image/png', 'image/svg+xml']) {
      expect(logoHeaders(type)['X-Content-Type-Options']).toBe('nosniff');
      expect(logoHeaders(type)['Content-Security-Policy']).toContain('sandbox');
    }
  });
});

describe("an image's size, from its header only", () => {
  const formats: [RasterFormat, { lossless?: boolean; opaque?: boolean }][] = [
    ['png', {}],
    ['jpeg', {}],
    ['gif', {}],
    ['webp', { opaque: true }], // VP8
    ['webp', { lossless: true }], // VP8L
    ['webp', {}], // VP8X (alpha)
  ];

  it('reads the size of real PNG, JPEG, GIF and WebP (VP8, VP8L, VP8X) files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...formats),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 1, max: 600 }),
        async ([format, options], width, height) => {
          const bytes = await realImage(format, width, height, options);
          expect(readImageHeader(bytes)).toEqual({ type: `image/${format}`, width, height });
        },
      ),
      { numRuns: 24 },
    );
  });

  it('reads what a crafted header declares, however little data follows', () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBe(69);
    expect(readImageHeader(bomb)).toEqual({ type: 'image/png', width: 30_000, height: 30_000 });
    expect(readImageHeader(jpegHeader(60_000, 50_000))).toEqual({
      type: 'image/jpeg',
      width: 60_000,
      height: 50_000,
    });
    // A GIF's frame may reach past its logical screen: the size holds the frame.
    expect(readImageHeader(gifHeader(40_000, 3))).toEqual({ type: 'image/gif', width: 40_000, height: 3 });
    expect(readImageHeader(webpHeader(16_000_000, 2))).toEqual({
      type: 'image/webp',
      width: 16_000_000,
      height: 2,
    });
  });

  it('a header cut short, a JPEG scan before its frame, a zero size: unreadable (null)', async () => {
    const png = await realImage('png', 10, 10);
    const jpeg = await realImage('jpeg', 10, 10);
    for (const cut of [8, 16, 23]) expect(readImageHeader(png.subarray(0, cut)), `png ${cut}`).toBeNull();
    expect(readImageHeader(jpegHeader(10, 10).subarray(0, 24))).toBeNull();
    expect(readImageHeader(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0xff, 0xd9]))).toBeNull();
    expect(readImageHeader(jpegHeader(10, 0))).toBeNull();
    expect(readImageHeader(pngBomb(0, 10))).toBeNull();
    expect(readImageHeader(jpeg.subarray(0, 3))).toBeNull();
    expect(readImageHeader(new TextEncoder().encode('<svg></svg>'))).toBeNull();
  });

  it('fuzz: any bytes, and any cut or corruption of a real or crafted header, never throw', async () => {
    const seeds = [
      pngBomb(),
      jpegHeader(5000, 4000),
      gifHeader(300, 200),
      webpHeader(300, 200),
      ...(await Promise.all(formats.map(([format, options]) => realImage(format, 17, 9, options)))),
    ];
    const mangled = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
      )
      .map(([seed, cut, flips]) => {
        const bytes = seed.slice(0, seed.length === 0 ? 0 : cut % (seed.length + 1));
        for (const [at, value] of flips) if (bytes.length > 0) bytes[at % bytes.length] = value;
        return bytes;
      });
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 64 }), mangled),
        fc.constantFrom(...logoRules.contentTypes),
        (bytes, declared) => {
          const size = readImageHeader(bytes);
          if (size) {
            expect(Number.isInteger(size.width) && size.width > 0).toBe(true);
            expect(Number.isInteger(size.height) && size.height > 0).toBe(true);
          }
          // The upload's check answers an image or one of the two refusals, nothing else.
          const check = checkLogoBytes(bytes, declared);
          if (check.ok) expect(check.contentType).toBe(declared);
          else expect(['file_too_large', 'unsupported_file_format']).toContain(check.key);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('what an upload may be', () => {
  it('the 69-byte PNG declaring 30 000 × 30 000 px is too large; so are huge JPEG, GIF and WebP headers', () => {
    expect(checkLogoBytes(pngBomb(), 'image/png')).toEqual({ ok: false, key: 'file_too_large' });
    expect(checkLogoBytes(jpegHeader(60_000, 50_000), 'image/jpeg')).toEqual({
      ok: false,
      key: 'file_too_large',
    });
    expect(checkLogoBytes(gifHeader(40_000, 3), 'image/gif')).toMatchObject({ key: 'file_too_large' });
    expect(checkLogoBytes(webpHeader(9000, 10), 'image/webp')).toMatchObject({ key: 'file_too_large' });
  });

  it('the limits: each side at most maxSide, the whole at most maxPixels', () => {
    const { maxSide, maxPixels } = logoRules;
    expect(withinPixelLimits({ width: maxSide, height: maxPixels / maxSide }, logoRules)).toBe(true);
    expect(withinPixelLimits({ width: maxSide + 1, height: 1 }, logoRules)).toBe(false);
    expect(withinPixelLimits({ width: 4097, height: 4096 }, logoRules)).toBe(false);
    expect(checkLogoBytes(pngBomb(4096, 4096), 'image/png')).toMatchObject({ ok: true });
    expect(checkLogoBytes(pngBomb(4097, 4096), 'image/png')).toMatchObject({ key: 'file_too_large' });
  });

  it('a raster image whose header cannot be read is unsupported; an SVG needs no header', () => {
    expect(checkLogoBytes(pngBomb().subarray(0, 20), 'image/png')).toEqual({
      ok: false,
      key: 'unsupported_file_format',
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    expect(checkLogoBytes(svg, 'image/svg+xml')).toEqual({
      ok: true,
      contentType: 'image/svg+xml',
      size: null,
    });
  });
});

describe('a logo made to the size a document needs', () => {
  it('reduced into its box, proportions kept, never enlarged; a GIF or WebP becomes a PNG', async () => {
    const box = logoBoxes.logo;
    const large = await normaliseLogo(await realImage('png', 2000, 700), 'image/png', box);
    expect(large).toMatchObject({ contentType: 'image/png', width: 667, height: 233 });
    expect(readImageHeader(large.bytes)).toEqual({ type: 'image/png', width: 667, height: 233 });
    const small = await normaliseLogo(await realImage('jpeg', 120, 40), 'image/jpeg', box);
    expect(readImageHeader(small.bytes)).toEqual({ type: 'image/jpeg', width: 120, height: 40 });
    for (const format of ['gif', 'webp'] as const) {
      const made = await normaliseLogo(
        await realImage(format, 800, 800),
        `image/${format}`,
        logoBoxes['footer-logo'],
      );
      expect(readImageHeader(made.bytes)).toEqual({ type: 'image/png', width: 109, height: 109 });
    }
    expect(fitInside({ width: 2000, height: 700 }, box)).toEqual({ width: 667, height: 233 });
  });

  it('turned upright, its metadata (EXIF, GPS) dropped', async () => {
    // 300 × 100 stored, EXIF orientation 6 (to be turned a quarter): upright it is 100 × 300.
    const rotated = new Uint8Array(
      await sharp({ create: { width: 300, height: 100, channels: 3, background: '#c80' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    const made = await normaliseLogo(rotated, 'image/jpeg', logoBoxes.logo);
    expect(readImageHeader(made.bytes)).toMatchObject({ width: 78, height: 234 });
    expect((await sharp(made.bytes).metadata()).exif).toBeUndefined();
  });

  it('a header that passed but data that does not decode is refused (it throws; the route answers 415)', async () => {
    await expect(normaliseLogo(pngBomb(100, 100), 'image/png', logoBoxes.logo)).rejects.toThrow();
  });
});
