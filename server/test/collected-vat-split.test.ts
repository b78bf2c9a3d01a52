/**
 * The VAT a payment collects, kept by the database (migration 0045, issue 24's reporting): the SQL
 * function `collected_vat_cents` is the domain's `collectedVat` (shares by largest remainder, each
 * share's VAT rounded half away from zero, reverse charge without VAT) for any amount and rates
 * (fast-check, on the database the suite runs on: PostgreSQL with DATABASE_URL); the triggers keep
 * `payments.collected_vat_cents` right whatever a statement writes, and when the invoice's amounts
 * change.
 */
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { invoices, payments } from '../src/db/schema.js';
import { type RatePart, vatOnReceipt } from '../src/domain/accountingEntries.js';
import { openTestDatabase } from './support/harness.js';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(() => drop());

const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
  ((await db.owner.execute(statement)) as unknown as { rows: T[] }).rows;

/** The domain's answer: the VAT of the lines a payment makes due on receipts. */
const domainVat = (amount: number, byRate: RatePart[], reverseCharge: boolean) =>
  vatOnReceipt(amount, { reverseCharge, byRate, due: 'receipts' }).reduce((sum, line) => sum + line.vat, 0);

const part = fc.record({
  vatRate: fc.constantFrom(0, 210, 550, 1000, 2000),
  ht: fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  vat: fc.integer({ min: -400_000_000, max: 400_000_000 }),
  depositHt: fc.constant(0),
});
const paymentCase = fc.record({
  amount: fc.oneof(fc.integer({ min: -5_000_000, max: 5_000_000 }), fc.integer({ min: -3, max: 3 })),
  byRate: fc.oneof(
    fc.array(part, { maxLength: 4 }),
    // Small amounts, where the remainders' ties and the half cents are.
    fc.array(
      fc.record({
        vatRate: fc.constantFrom(0, 550, 2000),
        ht: fc.integer({ min: -50, max: 50 }),
        vat: fc.integer({ min: -10, max: 10 }),
        depositHt: fc.constant(0),
      }),
      { maxLength: 4 },
    ),
  ),
  reverseCharge: fc.boolean(),
});

describe('collected_vat_cents', () => {
  it("equals the domain's collectedVat for any payment and rates", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(paymentCase, { minLength: 50, maxLength: 50 }), async (cases) => {
        const rows = await rowsOf<{ vat: string }>(sql`select collected_vat_cents(
            (c ->> 'amount')::bigint, c -> 'byRate', (c ->> 'reverseCharge')::boolean)::text as vat
          from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as t(c, n) order by n`);
        expect(rows.map((r) => Number(r.vat))).toEqual(
          cases.map((c) => domainVat(c.amount, c.byRate, c.reverseCharge)),
        );
      }),
      { numRuns: 40 },
    );
  });

  it("is kept on every payment: whatever is written, and when the invoice's amounts change", async () => {
    const [paid] = await rowsOf<{
      id: number;
      invoice_id: number;
      amount_cents: number;
    }>(sql`select p.id, p.invoice_id, p.amount_cents
      from payments p join invoices i on i.id = p.invoice_id
      where p.amount_cents <> 0 and jsonb_array_length(i.amounts -> 'byRate') > 0 and not i.reverse_charge
      order by p.id limit 1`);
    const [invoice] = await db.owner
      .select({ amounts: invoices.amounts, reverseCharge: invoices.reverseCharge })
      .from(invoices)
      .where(eq(invoices.id, paid!.invoice_id));
    const byRate = (invoice!.amounts as { byRate: RatePart[] }).byRate;
    const stored = async () =>
      (
        await db.owner
          .select({ vat: payments.collectedVatCents })
          .from(payments)
          .where(eq(payments.id, paid!.id))
      )[0]!.vat;
    // The seed's payments were written through the trigger.
    expect(await stored()).toBe(domainVat(paid!.amount_cents, byRate, false));
    expect(await stored()).not.toBe(0);
    // A statement that writes a wrong figure, or changes the amount, gets the formula's.
    await db.owner.update(payments).set({ collectedVatCents: 1 }).where(eq(payments.id, paid!.id));
    expect(await stored()).toBe(domainVat(paid!.amount_cents, byRate, false));
    await db.owner.update(payments).set({ amountCents: 12_345 }).where(eq(payments.id, paid!.id));
    expect(await stored()).toBe(domainVat(12_345, byRate, false));
    // The invoice's reverse charge, then its rates: its payments follow.
    await db.owner.update(invoices).set({ reverseCharge: true }).where(eq(invoices.id, paid!.invoice_id));
    expect(await stored()).toBe(0);
    const halved = byRate.map((p) => ({ ...p, vat: Math.trunc(p.vat / 2) }));
    await db.owner
      .update(invoices)
      .set({ reverseCharge: false, amounts: { ...(invoice!.amounts as object), byRate: halved } })
      .where(eq(invoices.id, paid!.invoice_id));
    expect(await stored()).toBe(domainVat(12_345, halved, false));
    expect(await stored()).not.toBe(domainVat(12_345, byRate, false));
  });
});
