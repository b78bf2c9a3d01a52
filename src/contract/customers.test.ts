import { describe, expect, it } from 'vitest';
import { customerInputSchema, customerRuleIssues } from './customers';
import { fieldCodes } from './fields';
import {
  rejectedBody,
  rejectedCustomers,
  validPrivateBody,
  validProfessionalBody,
} from './testing/rejectedCustomers';

/** Field → code of the first issue per field, as the server's 422 says them. */
function codesOf(body: unknown): Record<string, string> {
  const result = customerInputSchema.safeParse(body);
  if (result.success) return {};
  const codes: Record<string, string> = {};
  for (const issue of result.error.issues) codes[issue.path.join('.')] ??= issue.message;
  return codes;
}

describe('customer contract', () => {
  it('accepts a professional in France and a private customer abroad', () => {
    expect(codesOf(validProfessionalBody)).toEqual({});
    expect(codesOf(validPrivateBody)).toEqual({});
  });

  it('normalises what it keeps: email lower-case, SIRET without spaces, VAT upper-case, texts trimmed', () => {
    const parsed = customerInputSchema.parse({
      ...validProfessionalBody,
      email: ' Claire.Fontaine@Terrasses-Rhone.fr ',
      siret: '521 987 654 00014',
      vatNumber: 'fr 18 521987654',
      city: '  Lyon ',
      civility: null,
    });
    expect(parsed).toMatchObject({
      email: 'claire.fontaine@terrasses-rhone.fr',
      siret: '52198765400014',
      vatNumber: 'FR18521987654',
      city: 'Lyon',
      civility: '',
    });
  });

  for (const rejected of rejectedCustomers) {
    it(`refuses ${rejected.kind}: ${rejected.field} → ${rejected.code}`, () => {
      expect(codesOf(rejectedBody(rejected))).toEqual({ [rejected.field]: rejected.code });
    });
  }

  it('lists at least the 17 kinds of faults of the issue, each code a known one', () => {
    expect(rejectedCustomers.length).toBeGreaterThanOrEqual(17);
    for (const { code } of rejectedCustomers) expect(fieldCodes).toContain(code);
  });

  it('a zip code and phone numbers follow the country: French ones abroad are not required', () => {
    const belgian = customerInputSchema.parse(validPrivateBody);
    expect(customerRuleIssues({ ...belgian, country: 'France' })).toEqual({
      phone: 'phone',
      zipCode: 'zip_code',
    });
    expect(
      customerRuleIssues({ ...belgian, country: 'FRANCE', phone: '01.23.45.67.89', zipCode: '75001' }),
    ).toEqual({});
    expect(
      customerRuleIssues({ ...belgian, country: '', phone: '0033 1 23 45 67 89', zipCode: '75001' }),
    ).toEqual({});
  });
});
