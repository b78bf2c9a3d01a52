/**
 * One balance formula (issue 20, item 5): the domain's rule on an invoice's kept sums
 * (domain/balance.ts) and its SQL (invoicing/balances.ts) agree on every invoice of the seed, and
 * the screens that read them — the invoices list, the outstanding payments list, the job sheet —
 * answer the same amounts, which also equal what the payments and credit notes themselves add up to.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceBalance,
  type StoredAmounts,
  storedBalance,
  storedRetainageBalance,
  toCollectCents,
} from '../src/domain/balance.js';
import type { InvoiceAmounts } from '../src/domain/types.js';
import { balance, invoiceAlias, retainageBalance, toCollect } from '../src/invoicing/balances.js';
import { todayInFrance as todayIso } from '../src/invoicing/today.js';
import { companyApi, hoursInvoice, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
const api = companyApi(
  () => h,
  () => token,
);

interface Row extends StoredAmounts {
  id: number;
  status: string;
  businessJobId: number | null;
  amounts: InvoiceAmounts;
  sqlBalance: number;
  sqlRetainageBalance: number;
  sqlToCollect: number;
}

let rows: Row[];
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@demo.fr');
  const i = invoiceAlias('i');
  const result =
    (await h.db.owner.execute(sql`select i.id, i.status, i.kind, i.credit_note_id is not null as cancelled,
      i.business_job_id as "businessJobId", i.amounts, i.total_incl_tax_cents as "totalInclTaxCents",
      i.retainage_cents as "retainageCents", i.paid_cents as "paidCents",
      i.retainage_paid_cents as "retainagePaidCents", ${balance(i)} as "sqlBalance",
      ${retainageBalance(i)} as "sqlRetainageBalance", ${toCollect(i)} as "sqlToCollect"
    from invoices i where i.company_id = 1 order by i.id`)) as unknown as { rows: Row[] };
  rows = result.rows.map((row) => ({
    ...row,
    sqlBalance: Number(row.sqlBalance),
    sqlRetainageBalance: Number(row.sqlRetainageBalance),
    sqlToCollect: Number(row.sqlToCollect),
  }));
});
afterAll(() => h.close());

/** Every page of a list, read at its largest page size. */
async function everyRow(path: string, limit: number): Promise<Json[]> {
  const all: Json[] = [];
  for (let offset = 0; ; offset += limit) {
    const { status, body } = await api(
      'GET',
      `${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`,
    );
    expect(status).toBe(200);
    all.push(...body.data);
    if (body.data.length < limit) return all;
  }
}

describe('one balance formula', () => {
  it('the seed has what the formula distinguishes: paid, part-paid, retainage, credit notes, a cancelled invoice', () => {
    const validated = rows.filter((row) => row.status === 'VALIDATED');
    expect(validated.some((row) => row.kind === 'credit_note')).toBe(true);
    expect(validated.some((row) => row.cancelled)).toBe(true);
    expect(validated.some((row) => row.retainageCents > 0)).toBe(true);
    expect(validated.some((row) => row.paidCents > 0 && storedBalance(row) > 0)).toBe(true);
    expect(validated.some((row) => row.paidCents > 0 && storedBalance(row) === 0)).toBe(true);
  });

  it('the SQL expressions are the domain functions, invoice by invoice', () => {
    for (const row of rows) {
      expect({
        id: row.id,
        balance: row.sqlBalance,
        retainage: row.sqlRetainageBalance,
        toCollect: row.sqlToCollect,
      }).toEqual({
        id: row.id,
        balance: storedBalance(row),
        retainage: storedRetainageBalance(row),
        toCollect: toCollectCents(row),
      });
    }
  });

  it('the kept sums give what the payments and credit notes add up to (invoiceBalance on the rows themselves)', async () => {
    const payments = (
      (await h.db.owner.execute(
        sql`select invoice_id as "invoiceId", amount_cents as "amountCents", is_retainage as "isRetainage" from payments where company_id = 1`,
      )) as unknown as { rows: { invoiceId: number; amountCents: number; isRetainage: boolean }[] }
    ).rows;
    const creditNotes = (
      (await h.db.owner.execute(
        sql`select credited_invoice_id as "invoiceId", amounts from invoices
          where company_id = 1 and kind = 'credit_note' and status = 'VALIDATED'`,
      )) as unknown as { rows: { invoiceId: number; amounts: InvoiceAmounts }[] }
    ).rows;
    const standing = rows.filter(
      (row) => row.status === 'VALIDATED' && row.kind !== 'credit_note' && !row.cancelled,
    );
    expect(standing.length).toBeGreaterThan(0);
    for (const row of standing) {
      const fromRecords = invoiceBalance({
        amounts: { ...row.amounts, due: row.totalInclTaxCents - row.retainageCents },
        creditNotes: creditNotes.filter((c) => c.invoiceId === row.id).map((c) => c.amounts),
        payments: payments.filter((p) => p.invoiceId === row.id && !p.isRetainage).map((p) => p.amountCents),
      });
      expect({ id: row.id, balance: fromRecords }).toEqual({ id: row.id, balance: storedBalance(row) });
    }
  });

  it('the invoices list and the outstanding payments list answer the same balance for each invoice', async () => {
    const listed = await everyRow('/invoices', 200);
    const owedLines = await everyRow('/payments/outstanding', 2000);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(listed.length).toBe(rows.length);
    for (const invoice of listed) {
      expect({ id: invoice.id, balance: invoice.balanceCents }).toEqual({
        id: invoice.id,
        balance: storedBalance(byId.get(invoice.id)!),
      });
    }
    const listedBalance = new Map(
      listed.map((invoice) => [invoice.id as number, invoice.balanceCents as number]),
    );
    const invoiceLines = owedLines.filter((line) => line.key.startsWith('invoice-'));
    expect(invoiceLines.length).toBeGreaterThan(0);
    for (const line of owedLines) {
      const row = byId.get(line.invoiceId)!;
      const expected = line.key.startsWith('invoice-')
        ? listedBalance.get(line.invoiceId)
        : storedRetainageBalance(row);
      expect({ key: line.key, balance: line.balanceCents }).toEqual({ key: line.key, balance: expected });
    }
    // Every standing invoice with something owed has its line, and no other.
    const owedIds = rows
      .filter(
        (row) =>
          row.status === 'VALIDATED' &&
          row.kind !== 'credit_note' &&
          !row.cancelled &&
          storedBalance(row) > 0,
      )
      .map((row) => row.id);
    expect(invoiceLines.map((line) => line.invoiceId).sort()).toEqual(owedIds.sort());
  });

  it("a job's « reste à encaisser » is its invoices' balances added up: their TTC less every payment", async () => {
    const jobIds = [
      ...new Set(
        rows
          .filter((row) => row.status === 'VALIDATED' && row.businessJobId)
          .map((row) => row.businessJobId!),
      ),
    ];
    expect(jobIds.length).toBeGreaterThan(0);
    for (const jobId of jobIds) {
      const { status, body } = await api('GET', `/business-jobs/${jobId}`);
      expect(status).toBe(200);
      const ofJob = rows.filter((row) => row.businessJobId === jobId && row.status === 'VALIDATED');
      const amounts = body.data.amounts;
      expect({ jobId, remaining: amounts.remainingCents }).toEqual({
        jobId,
        remaining: ofJob.reduce((sum, row) => sum + toCollectCents(row), 0),
      });
      expect(amounts.remainingCents).toBe(amounts.invoicedInclTaxCents - amounts.paidCents);
    }
  });

  it('the reporting says what the lists add up to: invoiced (credit notes deducted), received', async () => {
    const validated = rows.filter((row) => row.status === 'VALIDATED');
    const invoiced = validated.reduce((sum, row) => sum + row.totalInclTaxCents, 0);
    const toCollect = validated.reduce((sum, row) => sum + toCollectCents(row), 0);
    const [received] = (
      (await h.db.owner.execute(
        sql`select coalesce(sum(amount_cents), 0)::int as total from payments where company_id = 1`,
      )) as unknown as { rows: { total: number }[] }
    ).rows;
    expect(toCollect).toBe(invoiced - Number(received!.total));
    // Every date of the seed (test/reporting.test.ts reconciles each figure with its list).
    const [bounds] = (
      (await h.db.owner.execute(sql`select to_char(least(min(i.date), min(p.paid_on)), 'YYYY-MM-DD') as "from",
          to_char(greatest(max(i.date), max(p.paid_on)), 'YYYY-MM-DD') as "to"
        from invoices i left join payments p on p.invoice_id = i.id where i.company_id = 1`)) as unknown as {
        rows: { from: string; to: string }[];
      }
    ).rows;
    const { body } = await api('GET', `/reporting/summary?from=${bounds!.from}&to=${bounds!.to}`);
    expect(body.data.invoicedInclTaxCents).toBe(invoiced);
    expect(body.data.receivedCents).toBe(Number(received!.total));
  });

  it("a retainage payment is checked against the retainage's balance the lists show, a credit note's share deducted", async () => {
    const admin = await h.tokenFor('admin@demo.fr');
    const as = (method: 'GET' | 'POST', path: string, body?: unknown) => api(method, path, body, admin);
    const rates = (await as('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
    const vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
    const customerId = (await as('GET', '/customers?limit=1')).body.data[0].id as number;
    const job = (
      await as('POST', '/business-jobs', { name: 'Retenue et avoir', customerId, retainageBasisPoints: 500 })
    ).body.data;
    const created = (
      await as('POST', '/invoices', {
        ...hoursInvoice({ customerId, businessJobId: job.id, units: 10, vatRateId, date: todayIso() }),
      })
    ).body.data;
    const invoice = (await as('POST', `/invoices/${created.id}/validate`, { version: created.version })).body
      .data;
    expect(invoice.retainageCents).toBeGreaterThan(0);
    const gesture = await as('POST', `/invoices/${invoice.id}/credit-notes`, {
      lines: [{ label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: 10_000, vatRateId }],
    });
    expect(gesture.status).toBe(200);
    const [kept] = (
      (await h.db.owner.execute(sql`select kind, credit_note_id is not null as cancelled,
          total_incl_tax_cents as "totalInclTaxCents", retainage_cents as "retainageCents",
          paid_cents as "paidCents", retainage_paid_cents as "retainagePaidCents"
        from invoices where id = ${invoice.id}`)) as unknown as { rows: StoredAmounts[] }
    ).rows;
    const owedRetainage = storedRetainageBalance(kept!);
    // The credit note took its share of the retainage: less is owed on it than was withheld.
    expect(owedRetainage).toBeLessThan(invoice.retainageCents);
    const payRetainage = (amountCents: number) =>
      as('POST', '/payments/batch-pay', {
        payments: [
          { invoiceId: invoice.id, isRetainage: true, amountCents, paidOn: todayIso(), mode: 'transfer' },
        ],
      });
    const over = await payRetainage(invoice.retainageCents);
    expect(over.body.data.failed.map((f: Json) => f.key)).toEqual(['payment_exceeds_balance']);
    const whole = await payRetainage(owedRetainage);
    expect(whole.body.data.paid).toHaveLength(1);
  });
});
