/**
 * Customer bodies the contract refuses, one fault each, with the field and the code the refusal
 * names. The form's tests and the server's tests both walk this list: what the form refuses, the
 * server refuses too, with the same field and code.
 */
import type { FieldCode } from '../fields.js';

/** A professional as the form sends it: every field, keys that check. */
export const validProfessionalBody = {
  type: 'professional',
  civility: 'Mme',
  firstName: 'Claire',
  lastName: 'Fontaine',
  companyName: 'SCI Les Terrasses du Rhône',
  job: 'Gérante',
  email: 'claire.fontaine@terrasses-rhone.fr',
  phone: '04 78 12 34 56',
  cellPhone: '+33 6 12 34 56 78',
  fax: '',
  address: '12 quai Perrache',
  zipCode: '69002',
  city: 'Lyon',
  country: 'France',
  vatNumber: 'FR18521987654',
  siret: '52198765400014',
  paymentDeadline: { rule: 'endOfMonth', value: 45 },
  paymentModes: ['transfer', 'sepa'],
  comments: 'Accès au chantier par la cour.',
} as const;

/** A private customer abroad: a Belgian zip code and phone number. */
export const validPrivateBody = {
  ...validProfessionalBody,
  type: 'private',
  civility: 'M.',
  firstName: 'Julien',
  lastName: 'Moreau',
  companyName: '',
  job: '',
  email: 'julien.moreau@exemple.fr',
  phone: '+32 2 123 45 67',
  cellPhone: '',
  zipCode: '1000',
  city: 'Bruxelles',
  country: 'Belgique',
  vatNumber: '',
  siret: '',
  paymentDeadline: { rule: 'date', value: '2027-01-31' },
  paymentModes: null,
} as const;

export interface RejectedCustomer {
  kind: string;
  base: 'professional' | 'private';
  /** Fields replaced in the base; undefined removes the field. */
  change: Record<string, unknown>;
  field: string;
  code: FieldCode;
  /** A create only: an edit that leaves the field out keeps the stored value. */
  createOnly?: boolean;
}

const pro = (kind: string, change: Record<string, unknown>, field: string, code: FieldCode) =>
  ({ kind, base: 'professional', change, field, code }) as const;
const individual = (kind: string, change: Record<string, unknown>, field: string, code: FieldCode) =>
  ({ kind, base: 'private', change, field, code }) as const;

export const rejectedCustomers: readonly RejectedCustomer[] = [
  pro('SIRET whose Luhn key is wrong', { siret: '52198765400013' }, 'siret', 'siret'),
  pro('SIRET that is not 14 digits', { siret: '5219876540' }, 'siret', 'siret'),
  pro('French VAT number whose key is wrong', { vatNumber: 'FR19521987654' }, 'vatNumber', 'vat_number'),
  pro('VAT number of no shape', { vatNumber: 'TVA-123' }, 'vatNumber', 'vat_number'),
  pro(
    'deadline « date » with a number',
    { paymentDeadline: { rule: 'date', value: 5 } },
    'paymentDeadline.value',
    'date',
  ),
  pro(
    'deadline « date » that is no day',
    { paymentDeadline: { rule: 'date', value: '2027-02-30' } },
    'paymentDeadline.value',
    'date',
  ),
  pro(
    'deadline « days » with a date',
    { paymentDeadline: { rule: 'days', value: '2027-01-31' } },
    'paymentDeadline.value',
    'number',
  ),
  pro(
    'deadline of 400 days',
    { paymentDeadline: { rule: 'days', value: 400 } },
    'paymentDeadline.value',
    'number',
  ),
  pro(
    'deadline of 1.5 days',
    { paymentDeadline: { rule: 'endOfMonth', value: 1.5 } },
    'paymentDeadline.value',
    'number',
  ),
  pro(
    'shift to day 0 of the month',
    { paymentDeadline: { rule: 'dayOfMonth', value: 0 } },
    'paymentDeadline.value',
    'number',
  ),
  pro(
    'shift to day 32 of the month',
    { paymentDeadline: { rule: 'dayOfMonth', value: 32 } },
    'paymentDeadline.value',
    'number',
  ),
  pro('deadline without a value', { paymentDeadline: { rule: 'days' } }, 'paymentDeadline.value', 'required'),
  pro(
    'deadline of an unknown rule',
    { paymentDeadline: { rule: 'weekly', value: 7 } },
    'paymentDeadline.rule',
    'invalid',
  ),
  individual(
    'company name on a private customer',
    { companyName: 'Moreau SARL' },
    'companyName',
    'professional_only',
  ),
  individual('SIRET on a private customer', { siret: '52198765400014' }, 'siret', 'professional_only'),
  individual(
    'VAT number on a private customer',
    { vatNumber: 'FR18521987654' },
    'vatNumber',
    'professional_only',
  ),
  pro('professional without a company name', { companyName: '' }, 'companyName', 'required'),
  individual('private customer without a last name', { lastName: '  ' }, 'lastName', 'required'),
  pro('email that is not one', { email: 'claire@' }, 'email', 'email'),
  pro('last name over 100 characters', { lastName: 'L'.repeat(101) }, 'lastName', 'too_long'),
  pro('company name over 200 characters', { companyName: 'C'.repeat(201) }, 'companyName', 'too_long'),
  pro('comments over 4000 characters', { comments: 'c'.repeat(4001) }, 'comments', 'too_long'),
  pro('French zip code of four digits', { zipCode: '6900' }, 'zipCode', 'zip_code'),
  pro('French phone number too short', { phone: '04 78 12 34' }, 'phone', 'phone'),
  pro('French mobile number with letters', { cellPhone: '06 AB 34 56 78' }, 'cellPhone', 'phone'),
  individual('foreign phone number with letters', { phone: 'appeler le soir' }, 'phone', 'phone'),
  individual('foreign zip code with symbols', { zipCode: '#1000' }, 'zipCode', 'zip_code'),
  pro('no payment mode', { paymentModes: [] }, 'paymentModes', 'required'),
  pro('unknown payment mode', { paymentModes: ['bitcoin'] }, 'paymentModes.0', 'invalid'),
  pro('a payment mode twice', { paymentModes: ['check', 'check'] }, 'paymentModes', 'invalid'),
  pro('unknown customer type', { type: 'company' }, 'type', 'invalid'),
  { ...pro('no customer type', { type: undefined }, 'type', 'required'), createOnly: true },
];

/** The base with one fault, as a JSON body. */
export function rejectedBody({ base, change }: RejectedCustomer): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...(base === 'professional' ? validProfessionalBody : validPrivateBody),
    ...change,
  };
  for (const [name, value] of Object.entries(change)) if (value === undefined) delete body[name];
  return body;
}
