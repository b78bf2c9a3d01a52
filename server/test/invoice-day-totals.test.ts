/**
 * The per-day sums of the validated invoices that the database keeps for the reporting (migration
 * 0048, invoice_day_totals; issue 24's summary at 100 000 invoices): after any sequence of the invoicing's own operations — validate, revert, partial credit
 * note, cancel (a credit note, or a draft deleted), payment recorded or deleted — run as the API
 * runs them (bo_app, row-level security), and of bulk statements (dates moved, amounts changed,
 * a no-op write of the paid amounts), each day's row equals the sums computed directly. fast-check, on the database the suite runs on (PostgreSQL with
 * DATABASE_URL). Kept small: a few runs of a few operations (each operation is a real transaction).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelInvoice,
  deletePayment,
  issueCreditNote,
  recordPayment,
  revertInvoice,
  validateInvoice,
} from '../src/invoicing/invoices.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, hoursInvoice } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
const api = companyApi(
  () => h,
  () => admin,
);
const today = todayInFrance();
let vatRateId: number;
/** The invoices the operations pick from: drafts made here, and the credit notes they issue. */
const pool: number[] = [];
/** The operations the invoicing's rules let through. */
const applied: string[] = [];

const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
  ((await h.db.owner.execute(statement)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  const customerId = (await api('GET', '/customers?limit=1')).body.data[0].id as number;
  for (let units = 1; units <= 5; units++) {
    const created = await api(
      'POST',
      '/invoices',
      hoursInvoice({ customerId, units, vatRateId, date: today }),
    );
    expect(created.status).toBe(200);
    pool.push(created.body.data.id);
  }
});
afterAll(() => h.close());

/** The kept rows that hold something, against the same sums over the invoices (every company). */
async function keptAndComputed() {
  const columns = sql`invoice_count::int as n, excl_tax_cents::text as excl, vat_cents::text as vat,
    incl_tax_cents::text as incl, credit_note_count::int as cn, credit_note_excl_tax_cents::text as cn_excl,
    credit_note_vat_cents::text as cn_vat, credit_note_incl_tax_cents::text as cn_incl`;
  const kept = await rowsOf(sql`select company_id, to_char(day, 'YYYY-MM-DD') as day, ${columns}
    from invoice_day_totals
    where invoice_count <> 0 or excl_tax_cents <> 0 or vat_cents <> 0 or incl_tax_cents <> 0
      or credit_note_count <> 0 or credit_note_excl_tax_cents <> 0 or credit_note_vat_cents <> 0
      or credit_note_incl_tax_cents <> 0
    order by 1, 2`);
  const computed = await rowsOf(sql`select company_id, to_char(day, 'YYYY-MM-DD') as day, ${columns}
    from (select company_id, date as day, count(*) as invoice_count,
        sum(total_excl_tax_cents) as excl_tax_cents, sum(total_vat_cents) as vat_cents,
        sum(total_incl_tax_cents) as incl_tax_cents,
        count(*) filter (where kind = 'credit_note') as credit_note_count,
        coalesce(sum(total_excl_tax_cents) filter (where kind = 'credit_note'), 0) as credit_note_excl_tax_cents,
        coalesce(sum(total_vat_cents) filter (where kind = 'credit_note'), 0) as credit_note_vat_cents,
        coalesce(sum(total_incl_tax_cents) filter (where kind = 'credit_note'), 0) as credit_note_incl_tax_cents
      from invoices where status = 'VALIDATED' group by company_id, date) d
    order by 1, 2`);
  return { kept, computed };
}

const actor = { sessionId: null };
/** One of the invoicing's operations on an invoice of the pool, as the API runs it (refusals are fine). */
const operation = fc.record({
  kind: fc.constantFrom('validate', 'validate', 'revert', 'creditNote', 'cancel', 'pay', 'unpay', 'bulk'),
  pick: fc.nat(),
  cents: fc.integer({ min: 1, max: 5_000 }),
  days: fc.integer({ min: -40, max: 0 }),
});

async function run(op: { kind: string; pick: number; cents: number; days: number }) {
  const id = pool[op.pick % pool.length]!;
  if (op.kind === 'bulk') {
    // Statements touching many rows at once: the paid amounts written again (nothing moves), a day
    // moved and amounts changed on a few invoices (validated or not), in one statement each.
    await h.db.owner.execute(sql`update invoices set paid_cents = paid_cents where company_id = 1`);
    await h.db.owner.execute(sql`update invoices
      set date = date + ${op.days}::int,
        total_excl_tax_cents = total_excl_tax_cents + ${op.cents}::int,
        total_incl_tax_cents = total_incl_tax_cents + ${op.cents}::int
      where company_id = 1 and id % 7 = ${op.pick % 7}`);
    return;
  }
  const out = await h.db.withTenant(1, async (tx) => {
    if (op.kind === 'validate') return validateInvoice(tx, 1, id, actor);
    if (op.kind === 'revert') return revertInvoice(tx, 1, id, actor, 'Erreur de saisie');
    if (op.kind === 'cancel') return cancelInvoice(tx, 1, id, actor, today);
    if (op.kind === 'pay')
      return recordPayment(tx, 1, { invoiceId: id, amountCents: op.cents, paidOn: today, mode: 'transfer' });
    if (op.kind === 'unpay') {
      const [paid] = (
        (await tx.execute(
          sql`select id from payments where invoice_id = ${id} order by id desc limit 1`,
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      return paid ? deletePayment(tx, 1, paid.id) : { ok: false };
    }
    const issued = await issueCreditNote(
      tx,
      1,
      id,
      [{ label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: op.cents, vatRateId }],
      actor,
      today,
    );
    if (issued.ok) pool.push(issued.value);
    return issued;
  });
  if (out.ok) applied.push(op.kind);
}

describe('invoice_day_totals', () => {
  it('holds the seed: each day is the sum of its validated invoices', async () => {
    const { kept, computed } = await keptAndComputed();
    expect(computed.length).toBeGreaterThan(0);
    expect(kept).toEqual(computed);
  });

  it('stays the sum of the validated invoices after any validations, credit notes, reverts and cancels', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 5 }), async (ops) => {
        for (const op of ops) await run(op);
        const { kept, computed } = await keptAndComputed();
        expect(kept).toEqual(computed);
      }),
      {
        numRuns: 6,
        // Once in order, whatever the random runs draw: each operation on one invoice.
        examples: [
          [
            ['validate', 'pay', 'creditNote', 'unpay', 'pay', 'revert', 'cancel', 'bulk'].map((kind) => ({
              kind,
              pick: 0,
              cents: 1_234,
              days: -3,
            })),
          ],
        ],
      },
    );
    // The rules let some of them through: the sums did move.
    expect(applied).toContain('validate');
    expect(applied).toContain('pay');
  }, 60_000);
});
