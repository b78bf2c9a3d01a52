import type { FieldCode } from '../contract/fields';
import { validationMessages } from './validationMessages';

/**
 * The French sentence of each field code of the shared contract (a form's own check or a server's
 * 422 `fields`). Typed by the contract's list: a new code does not compile until it has its sentence.
 */
export const fieldCodeMessages: Record<FieldCode, string> = {
  required: validationMessages.required,
  email: validationMessages.email,
  number: validationMessages.number,
  date: validationMessages.date,
  date_too_late: validationMessages.dateTooLate,
  boolean: validationMessages.invalid,
  string: validationMessages.invalid,
  invalid: validationMessages.invalid,
  too_long: validationMessages.tooLong,
  too_short: validationMessages.tooShort,
  siret: validationMessages.siret,
  vat_number: validationMessages.vatNumber,
  phone: validationMessages.phone,
  zip_code: validationMessages.zipCode,
  professional_only: validationMessages.professionalOnly,
  customer_code: validationMessages.customerCodeFormat,
  iban: validationMessages.iban,
  iban_checksum: validationMessages.ibanChecksum,
  bic: validationMessages.bic,
  account_number: validationMessages.accountNumber,
  unknown: validationMessages.unknownField,
};

/** The sentence for a code; an unknown one (a newer server) reads as « not valid ». */
export function fieldCodeMessage(code: string): string {
  return (fieldCodeMessages as Record<string, string>)[code] ?? validationMessages.invalid;
}
