/**
 * Property-based: generated bodies, query strings and path values thrown at every operation of
 * the OpenAPI document (and at the sign-in forms) never get a 5xx nor a stack trace, only a 2xx or
 * a 4xx with an error key. NUL bytes, wrong types, malformed JSON and multipart, empty edits.
 */

import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  banks,
  businessJobs,
  customers,
  invoices,
  libraryFamilies,
  libraryItems,
  notifications,
  quotes,
  vatRates,
} from '../src/db/schema.js';
import { bootHarness, type Harness } from './support/harness.js';
import { fillPath, type Operation, openApiDocument, operationsOf, sampleBody } from './support/openapi.js';

let h: Harness;
let token: string;
/** Rows of company 1 (the caller's), so that generated requests also reach the handlers' depths. */
const own: Record<string, number> = {};
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
  own.user = await h.userId('user@demo.fr');
  const [customer] = await h.db.owner
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, 1))
    .limit(1);
  own.customer = customer!.id;
  const adminId = await h.userId('admin@demo.fr');
  const [notification] = await h.db.owner
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, adminId))
    .limit(1);
  own.notification = notification!.id;
  own.admin = adminId;
  for (const [key, table] of [
    ['businessJob', businessJobs],
    ['quote', quotes],
    ['invoice', invoices],
    ['bank', banks],
    ['vatRate', vatRates],
  ] as const) {
    const [first] = await h.db.owner
      .select({ id: table.id })
      .from(table)
      .where(eq(table.companyId, 1))
      .limit(1);
    own[key] = first!.id;
  }
});
afterAll(() => h.close());
beforeAll(async () => {
  // The price library (issue 22) has no seed yet: one item of company 1.
  const [item] = await h.db.owner
    .insert(libraryItems)
    .values({ companyId: 1, kind: 'equipment', designation: 'Bétonnière', unitCostCents: 2500 })
    .returning({ id: libraryItems.id });
  own.libraryItem = item!.id;
  const [family] = await h.db.owner
    .insert(libraryFamilies)
    .values({ companyId: 1, name: 'Maçonnerie' })
    .returning({ id: libraryFamilies.id });
  own.libraryFamily = family!.id;
});

const doc = await openApiDocument();
const operations = operationsOf(doc);

/** The caller's own row for a path parameter (same keys as the isolation table). */
const ownRow: Record<string, () => number> = {
  'users/{userId}': () => own.admin!,
  'users/{id}': () => own.user!,
  'customers/{customerId}': () => own.customer!,
  'customers/{id}': () => own.customer!,
  'notifications/{notificationId}': () => own.notification!,
  'business-jobs/{id}': () => own.businessJob!,
  // « Gestion chantier »: the seed has no purchase; a number names none (404), never a 5xx.
  'purchases/{purchaseId}': () => 1,
  'quotes/{id}': () => own.quote!,
  'invoices/{id}': () => own.invoice!,
  'banks/{id}': () => own.bank!,
  'vat-rates/{id}': () => own.vatRate!,
  'items/{id}': () => own.libraryItem!,
  'families/{id}': () => own.libraryFamily!,
  // « Mes applications » (issue 23): the seeded groups start at 1; an application is named, not numbered.
  'measure-groups/{id}': () => 1,
  'applications/{type}': () => 1,
  'measure-groups/{externalId}': () => 1,
};

const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '%00',
  '💥',
  "'; drop table users; --",
  '',
  ' ',
  '0',
  '-1',
  '1e999',
  'null',
  '99999999999999999999',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(text, scalar, { maxKeys: 3 }),
);

/** Known field names with hostile values (so validation passes sometimes and the database sees them). */
function objectFor(op: Operation, rows: Record<string, number>) {
  const base = op.jsonBody ? (sampleBody(doc, op.jsonBody, rows) as Record<string, unknown>) : {};
  const names = Object.keys(base).concat(propertyNames(op));
  return fc
    .dictionary(names.length ? fc.constantFrom(...names) : text, fc.oneof(value, text), { maxKeys: 4 })
    .map((changes) => ({ ...base, ...changes }));
}

function propertyNames(op: Operation): string[] {
  let schema = op.jsonBody as { $ref?: string; properties?: Record<string, unknown> } | undefined;
  if (schema?.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()!] as typeof schema;
  return Object.keys(schema?.properties ?? {});
}

/** A body as bytes on the wire with its content type: JSON, broken JSON, text, multipart, form. */
function bodyFor(op: Operation, rows: Record<string, number>) {
  const json = (v: unknown) => ({ type: 'application/json', raw: JSON.stringify(v) ?? 'null' });
  return fc.oneof(
    objectFor(op, rows).map(json),
    value.map(json),
    fc
      .constantFrom('{', '{"id":', '[1,', 'nul', '"\\u0000"', '{"a":"\\ud800"}')
      .map((raw) => ({ type: 'application/json', raw })),
    text.map((raw) => ({ type: 'text/plain', raw })),
    text.map((raw) => ({ type: 'multipart/form-data; boundary=xyz', raw: `--xyz\r\n${raw}` })),
    fc.constant({ type: 'multipart/form-data', raw: 'no boundary at all' }),
    fc
      .dictionary(text, text, { maxKeys: 3 })
      .map((d) => ({ type: 'application/x-www-form-urlencoded', raw: new URLSearchParams(d).toString() })),
    fc.constant({ type: '', raw: '' }),
  );
}

function queryFor(op: Operation) {
  const names = op.queryParams.map((p) => p.name);
  const key = names.length ? fc.oneof(fc.constantFrom(...names), text) : text;
  return fc.dictionary(key, text, { maxKeys: 4 }).map((d) => new URLSearchParams(d).toString());
}

function rowsFor(op: Operation) {
  const entries = op.rowParams.map(({ name, key }) => {
    if (!(key in ownRow)) throw new Error(`${op.name}: no entry for "${key}" in ownRow (test/fuzz.test.ts)`);
    return [name, fc.oneof(fc.constant(ownRow[key]!()), fc.integer(), text)] as const;
  });
  return fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<number | string>>);
}

const stackTrace = /\bat .+:\d+:\d+|node_modules|\b(?:Type|Syntax|Reference|Range)?Error: /;

async function expectNoServerError(
  method: string,
  url: string,
  body: { type: string; raw: string } | undefined,
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body?.type) headers['content-type'] = body.type;
  const response = await h.apps.platform.request(url, {
    method,
    headers,
    ...(body && method !== 'GET' ? { body: body.raw } : {}),
  });
  const answer = await response.text();
  const where = `${method} ${url} ${JSON.stringify(body)} → ${response.status} ${answer.slice(0, 300)}`;
  expect(response.status, where).toBeLessThan(500);
  expect(answer, where).not.toMatch(stackTrace);
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
    expect((JSON.parse(answer) as { error?: { key?: string } }).error?.key, where).toEqual(
      expect.any(String),
    );
  }
}

const renders = (op: { path: string }) => op.path.endsWith('/pdf');

describe('no 5xx and no stack trace, whatever the input', () => {
  it('covers every operation of the document', () => expect(operations.length).toBeGreaterThanOrEqual(16));

  for (const op of operations) {
    it(
      op.name,
      async () => {
        const rows = () => Object.fromEntries(op.rowParams.map(({ name, key }) => [name, ownRow[key]!()]));
        // Hand-picked first: the minimal valid body (an edit that changes nothing) and one NUL byte
        // in each known field.
        const minimal = op.jsonBody ? sampleBody(doc, op.jsonBody, rows()) : undefined;
        const examples: [Record<string, number | string>, string, { type: string; raw: string }][] = [
          [rows(), '', { type: 'application/json', raw: JSON.stringify(minimal ?? {}) }],
          ...propertyNames(op).map(
            (name) =>
              [
                rows(),
                '',
                {
                  type: 'application/json',
                  raw: JSON.stringify({ ...(minimal as object), [name]: 'a\u0000b' }),
                },
              ] as [Record<string, number | string>, string, { type: string; raw: string }],
          ),
          ...op.queryParams.map(
            (p) =>
              [rows(), `${p.name}=a%00b`, { type: '', raw: '' }] as [
                Record<string, number | string>,
                string,
                { type: string; raw: string },
              ],
          ),
        ];
        await fc.assert(
          fc.asyncProperty(rowsFor(op), queryFor(op), bodyFor(op, rows()), async (values, query, body) => {
            const path = fillPath(op.path, { enterprise_id: 1, ...values });
            await expectNoServerError(op.method, query ? `${path}?${query}` : path, body);
          }),
          // A document's every valid id renders a PDF in a worker (seconds each on a busy machine):
          // fewer runs there, and the time they need.
          { numRuns: renders(op) ? 15 : 40, examples },
        );
      },
      renders(op) ? 120_000 : undefined,
    );
  }

  it('malformed percent-encodings in path parameters and query strings', async () => {
    for (const op of operations) {
      for (const raw of ['%', '%ZZ', '%ED%A0%80', '%00', '%C0%AF']) {
        const path = op.path.replace(/\{[^}]+\}/g, raw);
        await expectNoServerError(op.method, `${path}?q=${raw}&limit=${raw}`, undefined);
      }
    }
  });

  for (const path of ['/login', '/logout']) {
    it(`POST ${path} (forms)`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor({ jsonBody: undefined } as Operation, {}), async (body) => {
          await expectNoServerError('POST', path, body);
        }),
        {
          numRuns: 40,
          examples: [
            [{ type: 'multipart/form-data; boundary=xyz', raw: '--xyz\r\nbroken' }],
            [{ type: 'application/x-www-form-urlencoded', raw: 'email=a%00b%40demo.fr&password=x' }],
          ],
        },
      );
    });
  }
});
