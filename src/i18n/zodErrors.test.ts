import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { frenchErrorMap, isFrenchDate } from './zodErrors';

const schema = z.object({
  name: z.string().min(1),
  email: z.email(),
  quantity: z.number(),
  date: z.string().refine(isFrenchDate, { message: 'La date doit respecter le format JJ/MM/AAAA.' }),
});

const messages = (value: unknown) => {
  const result = schema.safeParse(value, { error: frenchErrorMap });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('French validation messages (spec section 5)', () => {
  it('gives the exact sentences', () => {
    expect(messages({ name: '', email: 'pas-un-email', quantity: 'douze', date: '2026-01-01' })).toEqual({
      name: 'Ce champ est obligatoire.',
      email: 'Ce champ doit être une adresse email valide.',
      quantity: 'Ce champ doit être un nombre.',
      date: 'La date doit respecter le format JJ/MM/AAAA.',
    });
  });

  it('calls a missing value required, whatever its type', () => {
    expect(messages({})).toMatchObject({
      name: 'Ce champ est obligatoire.',
      quantity: 'Ce champ est obligatoire.',
    });
  });

  it('accepts valid input', () => {
    expect(messages({ name: 'Dupont', email: 'a@b.fr', quantity: 3, date: '05/01/2026' })).toEqual({});
  });
});
