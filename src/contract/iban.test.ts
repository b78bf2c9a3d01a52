import { describe, expect, it } from 'vitest';
import { fieldCodeMessage } from '../i18n/fieldCodeMessages';
import { bankFields, ibanProblem } from './banks';

/** A valid French IBAN (check digits 76, RIB key 89). */
const valid = 'FR7630006000011234567890189';

describe('the IBAN rule (issue 26: a wrong check digit is not a format error)', () => {
  it('a valid IBAN, spaced or not, passes', () => {
    expect(ibanProblem(valid)).toBeNull();
    expect(bankFields.iban.safeParse('fr76 3000 6000 0112 3456 7890 189').success).toBe(true);
  });

  it('a check digit or the RIB key typed wrong is iban_checksum, with its own sentence', () => {
    for (const wrong of ['FR7730006000011234567890189', 'FR7630006000011234567890188']) {
      expect(ibanProblem(wrong)).toBe('iban_checksum');
      const parsed = bankFields.iban.safeParse(wrong);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['iban_checksum']);
    }
    expect(fieldCodeMessage('iban_checksum')).toBe(
      "La clé de contrôle de l'IBAN ne correspond pas : un chiffre est sans doute mal saisi.",
    );
  });

  it('a wrong length, country or character is still a format error', () => {
    for (const wrong of [
      'FR76300060000112345',
      'ZZ7630006000011234567890189',
      'FR76300060000112345678901A9',
    ]) {
      expect(ibanProblem(wrong)).toBe('iban');
      expect(bankFields.iban.safeParse(wrong).error?.issues.map((issue) => issue.message)).toEqual(['iban']);
    }
    expect(fieldCodeMessage('iban')).toBe("Le format de l'IBAN est incorrect.");
  });
});
