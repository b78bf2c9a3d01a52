import { describe, expect, it } from 'vitest';
import {
  defaultCreditNotePattern,
  defaultNumbering,
  formatInvoiceNumber,
  parseNumberPattern,
  quoteNumberPattern,
  quoteSequence,
  sequenceFor,
  sequencePeriod,
} from '../../src/domain/index.js';

describe('invoice numbers', () => {
  it('formats the default pattern as FA-2026-00001', () => {
    expect(formatInvoiceNumber(defaultNumbering.invoicePattern, 1, '2026-03-01')).toBe('FA-2026-00001');
    expect(formatInvoiceNumber(defaultNumbering.invoicePattern, 123_456, '2026-03-01')).toBe(
      'FA-2026-123456',
    );
    expect(formatInvoiceNumber('F{AA}{MM}/{NNN}', 7, '2027-11-05')).toBe('F2711/007');
    expect(formatInvoiceNumber('{N}', 42, '2027-11-05')).toBe('42');
  });

  it('accepts one counter and the year and month marks only', () => {
    expect(parseNumberPattern('FA-{AAAA}-{NNNNN}').ok).toBe(true);
    for (const bad of ['FA-{AAAA}', 'FA-{NNN}-{NN}', 'FA-{XX}-{NNN}', 'FA-{NNN', 'FA}-{NNN}', '']) {
      expect(parseNumberPattern(bad)).toEqual({ ok: false, key: 'invalid_number_pattern' });
    }
    expect(() => formatInvoiceNumber('FA', 1, '2026-03-01')).toThrow(RangeError);
  });

  it('numbers credit notes in the invoices sequence unless they have their own', () => {
    expect(sequenceFor('factureAvoir', defaultNumbering, '2026-03-01')).toEqual({
      name: 'invoice',
      year: 2026,
      pattern: 'FA-{AAAA}-{NNNNN}',
    });
    const own = { ...defaultNumbering, creditNotePattern: defaultCreditNotePattern };
    expect(sequenceFor('factureAvoir', own, '2026-03-01')).toEqual({
      name: 'creditNote',
      year: 2026,
      pattern: 'AV-{AAAA}-{NNNNN}',
    });
    expect(sequenceFor('factureAcompte', own, '2026-03-01').name).toBe('invoice');
    expect(sequenceFor('facture', own, '2026-03-01').name).toBe('invoice');
  });

  it('restarts the counter each year only when the pattern shows the year', () => {
    expect(sequenceFor('facture', defaultNumbering, '2027-01-02').year).toBe(2027);
    expect(
      sequenceFor('facture', { invoicePattern: 'F{AA}-{NNNN}', creditNotePattern: null }, '2027-01-02').year,
    ).toBe(2027);
    expect(
      sequenceFor('facture', { invoicePattern: 'F-{MM}-{NNNN}', creditNotePattern: null }, '2027-01-02').year,
    ).toBe(null);
  });
});

describe('quote numbers', () => {
  it('their own sequence per year, DE-2026-00001; the counter row is keyed by the year', () => {
    const sequence = quoteSequence('2026-12-31');
    expect(sequence).toEqual({ name: 'quote', year: 2026, pattern: quoteNumberPattern });
    expect(sequencePeriod(sequence)).toBe('2026');
    expect(formatInvoiceNumber(sequence.pattern, 1, '2026-12-31')).toBe('DE-2026-00001');
    expect(sequencePeriod(quoteSequence('2027-01-01'))).toBe('2027');
    expect(sequencePeriod({ name: 'invoice', year: null, pattern: 'F-{NNNN}' })).toBe('');
  });
});
