import { describe, expect, it } from 'vitest';
import { isPrintable, printableText, unprintableCharacters } from './printable';

describe('what the invoice PDF can print', () => {
  it('prints French, Turkish, Vietnamese and other Latin names whole, composed or not', () => {
    for (const name of ['Rénovation Œuvre', 'Yılmaz İnşaat SARL', 'Nguyễn Văn Đức', 'Łódź', 'Ħamrun'])
      expect(unprintableCharacters(name)).toEqual([]);
    expect(unprintableCharacters('Nguyễn'.normalize('NFD'))).toEqual([]);
  });

  it('names each character it cannot print once, in order', () => {
    expect(unprintableCharacters('山田 山田 — شركة — 🏠')).toEqual(['山', '田', 'ش', 'ر', 'ك', 'ة', '🏠']);
  });

  it('reads tabs, odd spaces and invisible marks as layout, and keeps line breaks', () => {
    expect(printableText('a\tb\u2009c\u200bd\r\ne\u202ff')).toBe('a b cd\ne\u00a0f');
    expect(isPrintable(0x20)).toBe(true);
    expect(isPrintable(0x1f)).toBe(false);
    expect(isPrintable(0x1ec5)).toBe(true);
  });
});
