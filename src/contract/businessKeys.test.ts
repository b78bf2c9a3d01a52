import { describe, expect, it } from 'vitest';
import { frenchVatKey, isValidSiret, isValidVatNumber } from './businessKeys';

describe('SIRET', () => {
  it('accepts 14 digits whose Luhn sum is a multiple of 10, spaces allowed', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
  });
  it('refuses a wrong key, a wrong length or letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
  });
});

describe('VAT number', () => {
  it('computes the French key from the SIREN: (12 + 3 × (SIREN mod 97)) mod 97', () => {
    expect(frenchVatKey('303265045')).toBe('40');
    expect(frenchVatKey('732829320')).toBe('44');
  });
  it('accepts a French number with its key, in any case and with spaces', () => {
    expect(isValidVatNumber('FR40303265045')).toBe(true);
    expect(isValidVatNumber('fr 44 732829320')).toBe(true);
  });
  it('refuses a French number with another key or a bad shape', () => {
    expect(isValidVatNumber('FR41303265045')).toBe(false);
    expect(isValidVatNumber('FR4030326504')).toBe(false);
    expect(isValidVatNumber('FRXX303265045')).toBe(false);
  });
  it("checks another country's number for its shape only", () => {
    expect(isValidVatNumber('DE123456789')).toBe(true);
    expect(isValidVatNumber('D1')).toBe(false);
  });
});
