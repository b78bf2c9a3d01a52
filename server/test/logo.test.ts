import { describe, expect, it } from 'vitest';
import { logoHeaders, sniffLogoType } from '../src/preferences/logo.js';

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
