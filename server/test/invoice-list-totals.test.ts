/**
 * « Mes factures »' count and sums with no filter or one status, read from the rows the database
 * keeps per company and status (migration 0054, invoice_list_totals; issue 27): after any sequence
 * of the invoicing's own operations — a draft created, edited, deleted; validated, reverted;
 * payments recorded (the invoice's and its retainage's) and deleted; partial credit notes,
 * cancellations — run as the API runs them (bo_app, row-level security), and of bulk statements,
 * the answer is byte for byte the scan's (the same list with a date filter every invoice passes,
 * which scans), and the kept rows are the sums over the invoices. Another company's writes leave a
 * company's answer as it was. On the database the suite runs on (PostgreSQL with DATABASE_URL).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelInvoice,
  createInvoice,
  deleteInvoice,
  deletePayment,
  editInvoice,
  issueCreditNote,
  recordPayment,
  revertInvoice,
  validateInvoice,
} from '../src/invoicing/invoices.js';
import { todayInFrance } from '../src/invoicing/today.js';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
const tokens = new Map<number, string>();
const api = companyApi(
  () => h,
  () => tokens.get(1)!,
);
const today = todayInFrance();
const actor = { sessionId: null };

/** What each company's operations pick from: its customer, rate and retainage job, its invoices. */
interface Company {
  id: number;
  customerId: number;
  vatRateId: number;
  retainageJobId: number;
  pool: number[];
}
const companies = new Map<number, Company>();
/** The operations the invoicing's rules let through. */
const applied: string[] = [];

const rowsOf = async <T>(statement: ReturnType<typeof sql>) =>
  ((await h.db.owner.execute(statement)) as unknown as { rows: T[] }).rows;

const line = (vatRateId: number, cents: number) => ({
  chapter: '',
  label: 'Pose',
  unit: 'h',
  quantityMilli: 1000,
  unitPriceCents: cents,
  vatRateId,
});

beforeAll(async () => {
  h = await bootHarness();
  tokens.set(1, await h.tokenFor('admin@demo.fr'));
  tokens.set(2, await h.tokenFor('admin@autre-demo.fr'));
  for (const id of [1, 2]) {
    const as = tokens.get(id)!;
    const rates = (await api('GET', '/vat-rates', undefined, as, id)).body.data as Json[];
    const customerId = (await api('GET', '/customers?limit=1', undefined, as, id)).body.data[0].id as number;
    const job = await api(
      'POST',
      '/business-jobs',
      { name: 'Retenue de garantie', customerId, retainageBasisPoints: 500 },
      as,
      id,
    );
    expect(job.status).toBe(200);
    companies.set(id, {
      id,
      customerId,
      vatRateId: rates.find((r) => r.basisPoints === 2000)!.id,
      retainageJobId: job.body.data.id,
      pool: [],
    });
  }
});
afterAll(() => h.close());

/** The filters the kept rows answer, each with its scanning twin (a date every invoice is after). */
const cases = [
  '/invoices?totals=only',
  '/invoices?totals=only&status=PROVISOIRE',
  '/invoices?totals=only&status=VALIDATED',
  // A full first page with its totals (`totals=true`, the default).
  '/invoices?limit=2',
  '/invoices?limit=2&status=VALIDATED',
];
const scanning = (path: string) => `${path}&from=1900-01-01`;

/** The answer's body as sent, for each case of `company`. */
async function answers(company: number, path: (p: string) => string = (p) => p) {
  const texts: string[] = [];
  for (const c of cases) {
    const response = await h.request('GET', `/v2/companies/${company}${path(c)}`, {
      token: tokens.get(company)!,
    });
    expect(response.status).toBe(200);
    texts.push(await response.text());
  }
  return texts;
}

/** Every company's kept rows added up per status, against the same sums over the invoices. */
async function keptAndComputed() {
  const kept = await rowsOf(sql`select company_id, status, sum(hits)::text as hits,
      sum(total_excl_tax_cents)::text as excl, sum(total_vat_cents)::text as vat,
      sum(total_incl_tax_cents)::text as incl, sum(balance_cents)::text as balance
    from invoice_list_totals group by company_id, status
    having (sum(hits), sum(total_excl_tax_cents), sum(total_vat_cents), sum(total_incl_tax_cents),
      sum(balance_cents)) <> (0, 0, 0, 0, 0)
    order by 1, 2`);
  const computed = await rowsOf(sql`select company_id, status, count(*)::text as hits,
      sum(total_excl_tax_cents)::text as excl, sum(total_vat_cents)::text as vat,
      sum(total_incl_tax_cents)::text as incl,
      sum(case when kind = 'credit_note' then 0 when credit_note_id is not null then -paid_cents
        else total_incl_tax_cents - retainage_cents - paid_cents end)::text as balance
    from invoices group by company_id, status order by 1, 2`);
  return { kept, computed };
}

async function expectKeptEqualsScan() {
  const { kept, computed } = await keptAndComputed();
  expect(kept).toEqual(computed);
  for (const company of [1, 2]) expect(await answers(company)).toEqual(await answers(company, scanning));
}

/** One of the invoicing's operations, as the API runs it (refusals are fine). */
const operation = fc.record({
  kind: fc.constantFrom(
    'create',
    'createOnJob',
    'edit',
    'validate',
    'validate',
    'revert',
    'pay',
    'payRetainage',
    'unpay',
    'creditNote',
    'cancel',
    'delete',
    'bulk',
  ),
  company: fc.constantFrom(1, 1, 2),
  pick: fc.nat(),
  cents: fc.integer({ min: 1, max: 50_000 }),
});
type Operation = { kind: string; company: number; pick: number; cents: number };

async function run(op: Operation) {
  const c = companies.get(op.company)!;
  if (op.kind === 'bulk') {
    // Statements touching many rows at once: the paid amounts written again (nothing moves), amounts
    // changed on some invoices of every status and kind, in one statement each.
    await h.db.owner.execute(sql`update invoices set paid_cents = paid_cents where company_id = ${c.id}`);
    await h.db.owner.execute(sql`update invoices
      set total_excl_tax_cents = total_excl_tax_cents + ${op.cents}::int,
        total_incl_tax_cents = total_incl_tax_cents + ${op.cents}::int
      where company_id = ${c.id} and id % 7 = ${op.pick % 7}`);
    return;
  }
  // `pick` 0: the latest invoice created (credit notes go to the pool's front).
  const id = c.pool.length > 0 ? c.pool[c.pool.length - 1 - (op.pick % c.pool.length)]! : 0;
  const out = await h.db.withTenant(c.id, async (tx) => {
    if (op.kind === 'create' || op.kind === 'createOnJob') {
      const created = await createInvoice(
        tx,
        c.id,
        {
          kind: 'simple',
          customerId: c.customerId,
          ...(op.kind === 'createOnJob' ? { businessJobId: c.retainageJobId } : {}),
          lines: [line(c.vatRateId, op.cents)],
        },
        today,
      );
      if (created.ok) c.pool.push(created.value);
      return created;
    }
    if (op.kind === 'edit')
      return editInvoice(
        tx,
        c.id,
        id,
        { lines: [line(c.vatRateId, op.cents), line(c.vatRateId, 100)] },
        actor,
      );
    if (op.kind === 'validate') return validateInvoice(tx, c.id, id, actor);
    if (op.kind === 'revert') return revertInvoice(tx, c.id, id, actor, 'Erreur de saisie');
    if (op.kind === 'cancel') return cancelInvoice(tx, c.id, id, actor, today);
    if (op.kind === 'delete') return deleteInvoice(tx, c.id, id, actor);
    if (op.kind === 'pay' || op.kind === 'payRetainage')
      return recordPayment(tx, c.id, {
        invoiceId: id,
        amountCents: op.cents,
        paidOn: today,
        mode: 'transfer',
        isRetainage: op.kind === 'payRetainage',
      });
    if (op.kind === 'unpay') {
      const [paid] = (
        (await tx.execute(
          sql`select id from payments where invoice_id = ${id} order by id desc limit 1`,
        )) as unknown as { rows: { id: number }[] }
      ).rows;
      return paid ? deletePayment(tx, c.id, paid.id) : { ok: false };
    }
    const issued = await issueCreditNote(
      tx,
      c.id,
      id,
      [{ label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: op.cents, vatRateId: c.vatRateId }],
      actor,
      today,
    );
    if (issued.ok) c.pool.unshift(issued.value);
    return issued;
  });
  if (out.ok) applied.push(op.kind);
}

describe('invoice_list_totals', () => {
  it('holds the seed, and the list answers from it what the scan answers', async () => {
    expect((await keptAndComputed()).computed.length).toBeGreaterThan(0);
    await expectKeptEqualsScan();
  });

  it('is what the list reads with no filter or one status', async () => {
    // The kept rows moved by hand (and put back): the answer moves with them, the scan's does not.
    const before = await answers(1);
    await h.db.owner.execute(sql`update invoice_list_totals set hits = hits + 1000 where company_id = 1`);
    try {
      const moved = (await api('GET', '/invoices?totals=only')).body.info.hits as number;
      const scanned = (await api('GET', '/invoices?totals=only&from=1900-01-01')).body.info.hits as number;
      expect(moved).toBeGreaterThanOrEqual(scanned + 1000);
    } finally {
      await h.db.owner.execute(sql`update invoice_list_totals set hits = hits - 1000 where company_id = 1`);
    }
    expect(await answers(1)).toEqual(before);
  });

  it('stays the scan after any creations, edits, validations, payments, credit notes, cancellations and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) await run(op);
        await expectKeptEqualsScan();
      }),
      {
        numRuns: 6,
        // Once in order, whatever the random runs draw: each operation on one invoice of a job
        // holding a retainage, then on a plain one.
        examples: [
          [
            [
              'createOnJob',
              'edit',
              'validate',
              'pay',
              'payRetainage',
              'creditNote',
              'unpay',
              'pay',
              'revert',
              'validate',
              'cancel',
              'create',
              'delete',
              'create',
              'validate',
              'bulk',
            ].map((kind) => ({ kind, company: 1, pick: 0, cents: 12_345 })),
          ],
        ],
      },
    );
    for (const kind of ['create', 'edit', 'validate', 'pay', 'unpay', 'creditNote', 'cancel', 'delete'])
      expect(applied).toContain(kind);
  }, 120_000);

  it('stays the scan when payment batches, one-row payments and new invoices of a company run at once', async () => {
    // On PostgreSQL these transactions really overlap: a batch locks its invoices one by one while
    // single payments hold some of them; neither may wait on the kept rows (no deadlock, no row
    // refused), and the sums still add up once all have committed.
    const c = companies.get(1)!;
    const validated: number[] = [];
    for (let i = 0; i < 6; i++) {
      await run({ kind: 'create', company: 1, pick: 0, cents: 40_000 });
      const id = c.pool[c.pool.length - 1]!;
      const out = await h.db.withTenant(1, (tx) => validateInvoice(tx, 1, id, actor));
      expect(out.ok).toBe(true);
      validated.push(id);
    }
    const payment = (invoiceId: number) => ({ invoiceId, amountCents: 100, paidOn: today, mode: 'transfer' });
    const batches = Array.from({ length: 4 }, (_, n) =>
      api('POST', '/payments/batch-pay', {
        payments: (n % 2 ? [...validated].reverse() : validated).map(payment),
      }),
    );
    const singles = validated.map((id) => api('POST', '/payments/batch-pay', { payments: [payment(id)] }));
    const creations = Array.from({ length: 4 }, () =>
      run({ kind: 'create', company: 1, pick: 0, cents: 999 }),
    );
    const [paidInBatches, paidOneByOne] = await Promise.all([
      Promise.all(batches),
      Promise.all(singles),
      Promise.all(creations),
    ]);
    for (const batch of [...paidInBatches, ...paidOneByOne]) {
      expect(batch.status).toBe(200);
      expect(batch.body.data.failed).toEqual([]);
    }
    await expectKeptEqualsScan();
  }, 120_000);

  it("leaves a company's answer as it was when another company writes", async () => {
    const before = await answers(1);
    for (const kind of ['create', 'validate', 'pay', 'creditNote', 'cancel', 'create', 'delete', 'bulk'])
      await run({ kind, company: 2, pick: 0, cents: 7_777 });
    expect(await answers(1)).toEqual(before);
    await expectKeptEqualsScan();
  });
});
