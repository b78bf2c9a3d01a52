/**
 * The check keys of French business identifiers: a SIRET (14 digits, Luhn) and a French
 * intra-community VAT number (FR + 2-digit key + the 9-digit SIREN).
 */

/** Luhn over the 14 digits (La Poste's SIRETs, which follow another rule, are rare enough to ignore). */
export function isValidSiret(text: string): boolean {
  const digits = text.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(digits[13 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/**
 * A French number must carry the key of its SIREN; another EU country's number is checked for
 * its shape only (two letters, then 2 to 13 letters or digits).
 */
export function isValidVatNumber(text: string): boolean {
  const value = text.replace(/\s/g, '').toUpperCase();
  const french = /^FR(\d{2})(\d{9})$/.exec(value);
  if (french) return french[1] === frenchVatKey(french[2]!);
  if (value.startsWith('FR')) return false;
  return /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(value);
}
