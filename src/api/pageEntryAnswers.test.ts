/**
 * The page entry (dist/define.js) parses its answers with valibot, not with the contract's zod
 * schemas: zod's core does not fit its budget. These properties hold those parsers to the contract
 * that the server declares its answers with (and that every server test checks them against): any
 * answer the contract allows, the page entry reads, with the same values. A field renamed or retyped
 * on either side fails here rather than on a platform page.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  notificationListSchema,
  notificationSchema,
  notificationsReadAllSchema,
} from '../contract/notifications';
import { companySettingsSchema } from '../contract/preferences';
import { authorizationSchema } from '../contract/users';
import { companyNameAnswer } from '../features/nav-bar/CompanyName';
import { type AnswerSchema, parseAnswer } from './client';
import { listAnswer, readAllAnswer, readAnswer } from './notifications';
import { authorizationAnswer } from './session';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

/** Values of a contract schema, from its JSON Schema (the kinds the answers use). */
function valuesOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valuesOf));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  // A nullable text or number: `type: ['string', 'null']`.
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => valuesOf({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const model = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valuesOf(field)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(valuesOf(schema.items ?? {}), { maxLength: 3 });
    case 'string':
      return fc.string();
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
  }
  throw new Error(`No values for ${JSON.stringify(schema)}`);
}

const answersOf = (schema: z.ZodType) => valuesOf(z.toJSONSchema(schema, { io: 'output' }) as JsonSchema);

/** Every answer the contract allows is read by the page entry's parser; `check` compares the two readings. */
function holds<Contract extends z.ZodType, Parser extends AnswerSchema>(
  contract: Contract,
  parser: Parser,
  check: (read: ReturnType<typeof parseAnswer<Parser>>, answer: z.output<Contract>) => void,
) {
  fc.assert(
    fc.property(answersOf(contract), (body) => {
      const answer = contract.parse(body);
      check(parseAnswer(parser, '/contract', body), answer);
    }),
  );
}

describe("the page entry's parsers read every answer the contract allows", () => {
  it('the notifications list, as the bell reads it', () => {
    holds(notificationListSchema, listAnswer, (read, answer) => {
      expect(read.info).toEqual(answer.info);
      expect(read.data.map(({ metadata: _, ...rest }) => rest)).toEqual(
        answer.data.map(({ metadata: _, ...rest }) => rest),
      );
      expect(read.data.map(({ metadata }) => metadata)).toEqual(
        answer.data.map(({ metadata }) => ({ link: metadata.link, buttons: metadata.buttons ?? [] })),
      );
    });
  });

  it('a notification marked read, and « Tout marquer comme lu »', () => {
    holds(z.object({ data: notificationSchema }), readAnswer, (read, answer) => {
      expect(read.data.id).toBe(answer.data.id);
      expect(read.data.read_at).toBe(answer.data.read_at);
    });
    holds(notificationsReadAllSchema, readAllAnswer, (read, answer) => expect(read).toEqual(answer));
  });

  it("the signed-in user's authorization, as the session reads it", () => {
    holds(z.object({ data: authorizationSchema }), authorizationAnswer, (read, answer) =>
      expect(read.data).toEqual({ admin: answer.data.admin, scopes: answer.data.scopes }),
    );
  });

  it("the company's name, as the nav bar reads it", () => {
    holds(z.object({ data: companySettingsSchema }), companyNameAnswer, (read, answer) =>
      expect(read.data.name).toBe(answer.data.name),
    );
  });
});
