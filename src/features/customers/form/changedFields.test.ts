import { describe, expect, it } from 'vitest';
import { privateCustomer, professionalCustomer } from '../testing/customerFixtures';
import { changedFields } from './changedFields';
import { customerToForm, formToCustomerInput } from './customerFormSchema';

describe('changed fields of an edit', () => {
  it('an untouched customer sends its version only', () => {
    const input = formToCustomerInput(customerToForm(professionalCustomer));
    expect(changedFields(professionalCustomer, input)).toEqual({ version: 3 });
  });

  it('sends what changed, compared as the contract normalises it', () => {
    const form = customerToForm(professionalCustomer);
    const input = formToCustomerInput({
      ...form,
      city: ' Villeurbanne ',
      email: 'CLAIRE.FONTAINE@terrasses-rhone.fr',
      siret: '521 987 654 00014',
      deadlineRule: 'days',
      deadlineValue: '30',
    });
    expect(changedFields(professionalCustomer, input)).toEqual({
      version: 3,
      city: 'Villeurbanne',
      paymentDeadline: { rule: 'days', value: 30 },
    });
  });

  it('a typed code is sent when new or when the stored one was generated; keeping a duplicate too', () => {
    const manual = { ...privateCustomer, customerCode: 'MOR-1', customerCodeAuto: false };
    const input = formToCustomerInput({ ...customerToForm(manual) });
    expect(changedFields(manual, input)).toEqual({ version: 3 });
    expect(changedFields(manual, { ...input, customerCode: 'MOR-2', keepDuplicateCode: true })).toEqual({
      version: 3,
      customerCode: 'MOR-2',
      keepDuplicateCode: true,
    });
    const generated = formToCustomerInput({ ...customerToForm(privateCustomer), codeMode: 'manual' });
    expect(changedFields(privateCustomer, generated)).toEqual({ version: 3, customerCode: '00004' });
  });
});
