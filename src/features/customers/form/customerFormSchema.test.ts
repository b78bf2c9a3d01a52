import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../api/customers';
import { rejectedBody, rejectedCustomers } from '../../../contract/testing/rejectedCustomers';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { frenchErrorMap } from '../../../i18n/zodErrors';
import { privateCustomer, professionalCustomer } from '../testing/customerFixtures';
import {
  type CustomerFormValues,
  customerFormSchema,
  customerToForm,
  emptyCustomerForm,
  formToCustomerInput,
} from './customerFormSchema';

/** Field → message, as the form shows them. */
function errorsOf(values: CustomerFormValues): Record<string, string> {
  const result = customerFormSchema.safeParse(values, { error: frenchErrorMap });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const pro = (changes: Partial<CustomerFormValues> = {}) => ({
  ...emptyCustomerForm('professional'),
  ...changes,
});
const individual = (changes: Partial<CustomerFormValues> = {}) => ({
  ...emptyCustomerForm('private'),
  ...changes,
});

describe('customer form schema', () => {
  it('a professional needs a company name, a private customer a last name', () => {
    expect(errorsOf(pro())).toEqual({ companyName: 'Ce champ est obligatoire.' });
    expect(errorsOf(individual())).toEqual({ lastName: 'Ce champ est obligatoire.' });
    expect(errorsOf(pro({ companyName: 'Menuiserie Blanc' }))).toEqual({});
    expect(errorsOf(individual({ lastName: 'Roussel' }))).toEqual({});
  });

  it('checks the email, the SIRET and the VAT number only once typed', () => {
    expect(
      errorsOf(
        pro({ companyName: 'X', email: 'pas-un-email', siret: '73282932000075', vatNumber: 'FR41303265045' }),
      ),
    ).toEqual({
      email: 'Ce champ doit être une adresse email valide.',
      siret: "Ce numéro SIRET n'est pas valide.",
      vatNumber: "Ce numéro de TVA intracommunautaire n'est pas valide.",
    });
    expect(
      errorsOf(
        pro({ companyName: 'X', email: 'a@b.fr', siret: '73282932000074', vatNumber: 'FR40303265045' }),
      ),
    ).toEqual({});
  });

  it('a typed code is required and letters, digits, - and _ only', () => {
    expect(errorsOf(individual({ lastName: 'A', codeMode: 'manual' }))).toEqual({
      customerCode: 'Ce champ est obligatoire.',
    });
    expect(
      errorsOf(individual({ lastName: 'A', codeMode: 'manual', customerCode: 'A B' })).customerCode,
    ).toBe('Lettres, chiffres, « - » et « _ » uniquement, 20 caractères au plus.');
  });

  it('checks phone numbers and the zip code in the French format in France, loosely abroad', () => {
    expect(errorsOf(pro({ companyName: 'X', phone: '04 78 12 34', zipCode: '6900' }))).toEqual({
      phone: "Ce numéro de téléphone n'est pas valide.",
      zipCode: "Ce code postal n'est pas valide.",
    });
    expect(
      errorsOf(pro({ companyName: 'X', phone: '+32 2 123 45 67', zipCode: '1000', country: 'Belgique' })),
    ).toEqual({});
    expect(errorsOf(pro({ companyName: 'X', phone: '04.78.12.34.56', zipCode: '69002' }))).toEqual({});
  });

  it('a specific deadline needs a number of days, a day of month or a dd/MM/yyyy date', () => {
    const deadline = (deadlineRule: CustomerFormValues['deadlineRule'], deadlineValue: string) =>
      errorsOf(individual({ lastName: 'A', deadlineMode: 'specific', deadlineRule, deadlineValue }))
        .deadlineValue;
    expect(deadline('days', '')).toBe('Ce champ est obligatoire.');
    expect(deadline('days', 'trente')).toBe('Ce champ doit être un nombre.');
    expect(deadline('days', '400')).toBe('Ce champ doit être un nombre.');
    expect(deadline('dayOfMonth', '32')).toBe('Ce champ doit être un nombre.');
    expect(deadline('date', '2027-01-31')).toBe('La date doit respecter le format JJ/MM/AAAA.');
    expect(deadline('date', '31/01/2027')).toBeUndefined();
    expect(deadline('endOfMonth', '45')).toBeUndefined();
  });

  it('specific payment modes need at least one', () => {
    expect(errorsOf(individual({ lastName: 'A', modesMode: 'specific' })).paymentModes).toBe(
      'Ce champ est obligatoire.',
    );
  });
});

/** The field of the form that shows a contract path. */
const formFieldOf = (path: string) =>
  path === 'paymentDeadline.rule'
    ? 'deadlineRule'
    : path.startsWith('paymentDeadline')
      ? 'deadlineValue'
      : path.split('.')[0]!;

describe('the form refuses what the contract refuses (the list the server test walks too)', () => {
  // The form cannot produce these: its type is a radio, and a private customer's company fields
  // are hidden and never sent (tested below).
  const unreachable = new Set(['type', 'companyName:professional_only', 'siret:professional_only']);
  for (const rejected of rejectedCustomers) {
    const key = `${rejected.field}:${rejected.code}`;
    if (unreachable.has(rejected.field) || unreachable.has(key) || key === 'vatNumber:professional_only') {
      continue;
    }
    it(`${rejected.kind}: « ${fieldCodeMessage(rejected.code)} » under ${formFieldOf(rejected.field)}`, () => {
      const stored = {
        ...rejectedBody(rejected),
        id: 1,
        customerCode: '00001',
        customerCodeAuto: true,
        version: 1,
      };
      const form = customerToForm(stored as Customer);
      expect(errorsOf(form)[formFieldOf(rejected.field)]).toBe(fieldCodeMessage(rejected.code));
    });
  }
});

describe('form ↔ API', () => {
  it('reads a customer into the form and sends it back unchanged', () => {
    const form = customerToForm(professionalCustomer);
    expect(form).toMatchObject({
      codeMode: 'auto',
      deadlineMode: 'specific',
      deadlineValue: '45',
      modesMode: 'specific',
    });
    const {
      id: _id,
      customerCode: _code,
      customerCodeAuto: _auto,
      version: _version,
      ...fields
    } = professionalCustomer;
    expect(formToCustomerInput(form)).toEqual(fields);
  });

  it('general defaults are sent as null; a manual code is sent; a date goes back to ISO', () => {
    const input = formToCustomerInput({
      ...customerToForm(privateCustomer),
      codeMode: 'manual',
      customerCode: 'MOR-1',
    });
    expect(input).toMatchObject({ paymentDeadline: null, paymentModes: null, customerCode: 'MOR-1' });
    const dated = customerToForm({
      ...privateCustomer,
      paymentDeadline: { rule: 'date', value: '2027-01-31' },
    });
    expect(dated.deadlineValue).toBe('31/01/2027');
    expect(formToCustomerInput(dated).paymentDeadline).toEqual({ rule: 'date', value: '2027-01-31' });
  });

  it("a private customer's hidden company fields are not sent", () => {
    const input = formToCustomerInput({ ...customerToForm(professionalCustomer), type: 'private' });
    expect(input).toMatchObject({ companyName: '', siret: '', vatNumber: '' });
  });
});
