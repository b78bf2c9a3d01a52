/**
 * The documents' pure pieces, without a database: amounts and dates as the XML and the PDF write
 * them, the code lists, and which company fields an invoice cannot be validated without.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatIsoDate, formatPercent } from '../../src/contract/format.js';
import { countryCode, documentTypeCode, unitCode } from '../src/documents/codes.js';
import { missingCompanyFields } from '../src/documents/company-mentions.js';
import { xmlAmount, xmlDate, xmlDecimal, xmlPercent } from '../src/documents/format.js';
import type { CompanyRow } from '../src/documents/invoice-data.js';

describe('amounts as the documents write them', () => {
  it('XML amounts: dot, two decimals, the sign; read back they are the same cents', () => {
    expect(xmlAmount(123456)).toBe('1234.56');
    expect(xmlAmount(-5)).toBe('-0.05');
    expect(xmlAmount(0)).toBe('0.00');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(Math.round(Number(xmlAmount(cents)) * 100)).toBe(cents);
      }),
      { numRuns: 1000 },
    );
  });

  it('quantities and rates without useless zeros; French money and dates for the PDF', () => {
    expect(xmlDecimal(12_500, 3)).toBe('12.5');
    expect(xmlDecimal(-1_000, 3)).toBe('-1');
    expect(xmlPercent(550)).toBe('5.5');
    expect(xmlPercent(2000)).toBe('20');
    expect(xmlDate('2026-01-31')).toBe('20260131');
    expect(formatCents(123456789)).toBe('1\u202f234\u202f567,89\u00a0€');
    expect(formatCents(-190500)).toBe('-1\u202f905,00\u00a0€');
    expect(formatPercent(550)).toBe('5,5\u00a0%');
    expect(formatIsoDate('2026-01-31')).toBe('31/01/2026');
  });
});

describe('code lists', () => {
  it('units typed by tradespeople map to UN/ECE Rec 20, unknown ones to C62', () => {
    expect(['m²', 'forfait', 'h', 'ml', 'u', 'M2', 'palette'].map(unitCode)).toEqual([
      'MTK',
      'LS',
      'HUR',
      'MTR',
      'C62',
      'MTK',
      'C62',
    ]);
  });

  it('countries: France by default, French names, ISO codes, else the VAT number prefix', () => {
    expect(countryCode('')).toBe('FR');
    expect(countryCode('france')).toBe('FR');
    expect(countryCode('Belgique')).toBe('BE');
    expect(countryCode('Royaume-Uni')).toBe('GB');
    expect(countryCode('République tchèque')).toBe('CZ');
    expect(countryCode('de')).toBe('DE');
    expect(countryCode('Grèce', '')).toBe('GR');
    expect(countryCode('Hellas', 'EL123456789')).toBe('GR');
  });

  it('document types: 386 deposit, 381 credit note, 380 the others', () => {
    expect(
      ['deposit', 'credit_note', 'progress', 'final', 'simple'].map((k) => documentTypeCode(k as never)),
    ).toEqual(['386', '381', '380', '380', '380']);
  });
});

describe('mandatory company mentions', () => {
  const complete = {
    name: 'Martin Rénovation',
    legalForm: 'SARL',
    capitalCents: 1_000_000,
    address: '12 rue des Artisans',
    zipCode: '69003',
    city: 'Lyon',
    siret: '81234567600017',
    rcs: 'RCS Lyon 812 345 676',
    apeCode: '4399C',
    vatNumber: 'FR19812345676',
    insuranceName: 'SMABTP',
    insuranceAddress: '8 rue Louis Armand, 75015 Paris',
    insuranceContractNumber: 'DEC-2024-118734',
  } as CompanyRow;

  it('none missing on a complete company; each blank one is named', () => {
    expect(missingCompanyFields(complete)).toEqual({});
    expect(missingCompanyFields({ ...complete, siret: ' ', insuranceName: '', capitalCents: 0 })).toEqual({
      capital: 'required',
      siret: 'required',
      insuranceName: 'required',
    });
  });

  it('a sole trader has no share capital to state', () => {
    expect(missingCompanyFields({ ...complete, legalForm: 'EI', capitalCents: 0 })).toEqual({});
    expect(missingCompanyFields({ ...complete, legalForm: 'Micro-entreprise', capitalCents: 0 })).toEqual({});
  });
});
