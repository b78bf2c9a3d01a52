import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './invoiceDocuments';

describe('dispositionFileName', () => {
  it("reads the server's name: its UTF-8 form first, else the plain one, else the fallback", () => {
    expect(
      dispositionFileName(
        `attachment; filename="FA-2026-00001.pdf"; filename*=UTF-8''FA-2026-00001.pdf`,
        'x.pdf',
      ),
    ).toBe('FA-2026-00001.pdf');
    expect(
      dispositionFileName(
        `attachment; filename="Avoir _.pdf"; filename*=UTF-8''Avoir%20%C3%A9t%C3%A9.pdf`,
        'x',
      ),
    ).toBe('Avoir été.pdf');
    expect(dispositionFileName('attachment; filename=facture-provisoire-12.pdf', 'x.pdf')).toBe(
      'facture-provisoire-12.pdf',
    );
    expect(dispositionFileName(null, 'facture-12.pdf')).toBe('facture-12.pdf');
  });
});
