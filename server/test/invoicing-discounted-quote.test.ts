/**
 * Invoicing a quote with a global discount through the API: the accepted quote's lines carry their
 * share of the discount (`quote_lines.discount_cents`, written with the quote); its deposit, its
 * progress statement and its final invoice bill the lines net of it, so they add up to the quote's
 * net total, and the statement's documents (CII XML with a line allowance, PDF) say so and pass the
 * official Factur-X checks. The quote is seeded through drizzle as the quote editor stores it.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/contract/format.js';
import { quoteLines, quotes } from '../src/db/schema.js';
import { discountReason } from '../src/documents/cii-xml.js';
import {
  discountedLineAmounts,
  percentOf,
  pricedLines,
  type QuoteAmounts,
  type QuoteContent,
  quoteAmounts,
  quoteLineHt,
} from '../src/domain/index.js';
import { fatalAsserts, pdfText, prepareSchematrons, schemaErrors } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let admin: string;
const rate = { twenty: 0, ten: 0 };

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function api(method: 'GET' | 'POST', path: string, json?: unknown) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token: admin,
    ...(json !== undefined ? { json } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function ok(method: 'GET' | 'POST', path: string, json?: unknown) {
  const answer = await api(method, path, json);
  if (answer.status !== 200)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as Json;
}

const validate = (invoice: Json) =>
  ok('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });

/** The quote: two chapters, two VAT rates, a 7,5 % discount (shares with remainders to split). */
function content(): QuoteContent {
  const priced = (
    designation: string,
    unit: string,
    quantityMilli: number,
    unitPriceCents: number,
    at: number,
  ) => ({
    kind: 'priced' as const,
    designation,
    unit,
    quantityMilli,
    unitPriceCents,
    vatRateId: at === 2000 ? rate.twenty : rate.ten,
    vatRate: at,
  });
  return {
    items: [
      {
        kind: 'chapter',
        title: 'Gros œuvre',
        items: [
          priced('Fondations', 'm³', 6_250, 18_990, 2000),
          priced('Élévation des murs', 'm²', 48_000, 7_345, 2000),
        ],
      },
      {
        kind: 'chapter',
        title: 'Second œuvre',
        items: [priced('Menuiseries isolantes', 'u', 3_000, 84_950, 1000)],
      },
    ],
    discountRate: 750,
    depositRate: 3000,
    reverseCharge: false,
  };
}

/**
 * The accepted quote as the quote editor stores it: its tree, its totals after the discount, and its
 * priced lines with their discount shares (what invoicing bills).
 */
async function seedQuote(businessJobId: number, customerId: number) {
  const c = content();
  amounts = quoteAmounts(c);
  const number = `DE-2026-9${String(++seededQuotes).padStart(4, '0')}`;
  const [quote] = await h.db.owner
    .insert(quotes)
    .values({
      companyId: 1,
      businessJobId,
      customerId,
      number,
      baseNumber: number,
      title: 'Extension 25 m² avec remise',
      date: '2026-02-10',
      validUntil: '2026-03-12',
      status: 'accepted',
      items: c.items,
      discountBasisPoints: c.discountRate,
      depositBasisPoints: c.depositRate,
      totalExclTaxCents: amounts.ht,
      totalVatCents: amounts.vat,
      totalInclTaxCents: amounts.ttc,
    })
    .returning({ id: quotes.id });
  const nets = discountedLineAmounts(c);
  const chapterOf = (path: readonly number[]) => (c.items[path[0]!] as { title: string }).title;
  const rows = await h.db.owner
    .insert(quoteLines)
    .values(
      pricedLines(c.items).map(({ path, line }, position) => ({
        companyId: 1,
        quoteId: quote!.id,
        position,
        chapter: chapterOf(path),
        label: line.designation,
        unit: line.unit,
        quantityMilli: line.quantityMilli,
        unitPriceCents: line.unitPriceCents,
        vatRateId: line.vatRateId,
        vatBasisPoints: line.vatRate,
        totalExclTaxCents: quoteLineHt(line),
        discountCents: quoteLineHt(line) - nets[position]!.ht,
      })),
    )
    .returning({ id: quoteLines.id, label: quoteLines.label, gross: quoteLines.totalExclTaxCents });
  return {
    quoteId: quote!.id,
    lines: rows.map((row, i) => ({ ...row, net: nets[i]!.ht, vatRate: nets[i]!.vatRate })),
  };
}

let amounts: QuoteAmounts;
/** The quote's lines as stored: id, designation, HT before and after the discount. */
let lines: { id: number; label: string; gross: number; net: number; vatRate: number }[];
let quoteId: number;
/** A second such quote, invoiced at once by its final invoice. */
let direct: Awaited<ReturnType<typeof seedQuote>>;
let seededQuotes = 0;
const issued: Record<'deposit' | 'progress' | 'final', Json> = { deposit: null, progress: null, final: null };

beforeAll(async () => {
  const compiling = prepareSchematrons();
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const rates = (await ok('GET', '/vat-rates')) as { id: number; basisPoints: number }[];
  rate.twenty = rates.find((r) => r.basisPoints === 2000)!.id;
  rate.ten = rates.find((r) => r.basisPoints === 1000)!.id;
  const customer = await ok('POST', '/customers', {
    type: 'professional',
    companyName: 'SCI Les Remises',
    lastName: 'Garnier',
    address: '4 allée des Tilleuls',
    zipCode: '69100',
    city: 'Villeurbanne',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    paymentModes: ['transfer'],
  });
  const job = await ok('POST', '/business-jobs', {
    name: 'Extension avec remise',
    customerId: customer.id,
    siteAddress: '12 chemin des Prés, 69570 Dardilly',
  });

  const seeded = await seedQuote(job.id, customer.id);
  quoteId = seeded.quoteId;
  lines = seeded.lines;
  direct = await seedQuote(job.id, customer.id);
  issued.deposit = await validate(
    await ok('POST', '/invoices', { kind: 'deposit', quoteId, depositBasisPoints: content().depositRate }),
  );
  issued.progress = await validate(
    await ok('POST', '/invoices', {
      kind: 'progress',
      quoteId,
      progress: lines.map((l) => ({ quoteLineId: l.id, progressBasisPoints: 5000 })),
    }),
  );
  issued.final = await validate(await ok('POST', '/invoices', { kind: 'final', quoteId }));
  await compiling;
}, 1_200_000);

afterAll(() => h?.close());

const baseAt = (invoice: Json, vatRate: number) =>
  (invoice.vatTotals as Json[]).find((v) => v.basisPoints === vatRate)?.baseCents ?? 0;

describe('a discounted quote: deposit, 50 % statement, final invoice', () => {
  it('the quote is discounted: every line carries a share, and its total is below its lines', () => {
    expect(amounts.discount).toBeGreaterThan(0);
    expect(lines.every((l) => l.net < l.gross)).toBe(true);
    expect(lines.reduce((s, l) => s + l.net, 0)).toBe(amounts.ht);
  });

  it('the deposit is 30 % of the net bases: the deposit the quote announced', () => {
    for (const r of amounts.byRate) expect(baseAt(issued.deposit, r.vatRate)).toBe(percentOf(r.ht, 3000));
    expect(issued.deposit).toMatchObject({
      totalExclTaxCents: amounts.deposit.ht,
      totalVatCents: amounts.deposit.vat,
      totalInclTaxCents: amounts.deposit.ttc,
    });
  });

  it('the statement bills 50 % of each line net of its discount', () => {
    for (const l of lines) {
      const billed = (issued.progress.lines as Json[]).find((line) => line.quoteLineId === l.id);
      expect(billed).toMatchObject({ progressBasisPoints: 5000, totalExclTaxCents: percentOf(l.net, 5000) });
    }
  });

  it('deposit + statement + final add up to the quote’s net total, per VAT rate', () => {
    const all = [issued.deposit, issued.progress, issued.final];
    expect(all.map((i) => i.status)).toEqual(['VALIDATED', 'VALIDATED', 'VALIDATED']);
    expect(issued.final.kind).toBe('final');
    for (const r of amounts.byRate) expect(all.reduce((s, i) => s + baseAt(i, r.vatRate), 0)).toBe(r.ht);
    expect(all.reduce((s, i) => s + i.totalExclTaxCents, 0)).toBe(amounts.ht);
    expect(all.reduce((s, i) => s + i.totalVatCents, 0)).toBe(amounts.vat);
    expect(all.reduce((s, i) => s + i.totalInclTaxCents, 0)).toBe(amounts.ttc);
  });

  it('nothing is left to invoice on the quote', async () => {
    const detail = await ok('GET', `/quotes/${quoteId}`);
    expect(detail.remainingByRate.map((r: Json) => r.remainingCents)).toEqual([0, 0]);
    const more = await api('POST', '/invoices', {
      kind: 'progress',
      quoteId,
      progress: [{ quoteLineId: lines[0]!.id, progressBasisPoints: 10_000 }],
    });
    // « Fully invoiced » compares what was billed with the net bases.
    expect([more.status, more.body.error.key]).toEqual([409, 'quote_fully_invoiced']);
  });
});

/** Each line of a CII XML: name, quantity, price, amount and its allowance (if any). */
function xmlLines(xml: string) {
  return [
    ...xml.matchAll(
      /<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g,
    ),
  ].map(([, item]) => ({
    name: /<ram:Name>([^<]*)<\/ram:Name>/.exec(item!)?.[1],
    quantity: /<ram:BilledQuantity[^>]*>([^<]*)</.exec(item!)?.[1],
    price: /<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>([^<]*)</.exec(item!)?.[1],
    allowance:
      /<ram:SpecifiedTradeAllowanceCharge>[\s\S]*?<ram:ActualAmount>([^<]*)</.exec(item!)?.[1] ?? null,
    amount: /<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>([^<]*)</.exec(
      item!,
    )?.[1],
  }));
}

async function xmlOf(invoice: Json) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${invoice.id}/factur-x.xml`, {
    token: admin,
  });
  expect(response.status).toBe(200);
  return response.text();
}

const euros = (cents: number) => (cents / 100).toFixed(2);
/** What a statement bills at one percentage on every line: Σ round(net × percent). */
const percentOfLines = (of: readonly { net: number }[], percent: number) =>
  of.reduce((s, l) => s + percentOf(l.net, percent), 0);
/** Whitespace of any kind (the French narrow spaces of amounts included) as one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const containsPlain = (text: string, expected: string) => expect(plain(text)).toContain(plain(expected));

describe('the documents of the discounted quote’s invoices', () => {
  it('the statement’s XML bills the period’s quantity at the quote price, less the discount as a line allowance (BG-27)', async () => {
    const xml = await xmlOf(issued.progress);
    const fondations = lines.find((l) => l.label === 'Fondations')!;
    // 50 % of 6,25 m³ at 189,90 €: 593,44 € before the discount; BT-131 the net half of the line.
    const grossHalf = percentOf(fondations.gross, 5000);
    const netHalf = percentOf(fondations.net, 5000);
    expect(xmlLines(xml)).toContainEqual({
      name: 'Fondations',
      quantity: '3.125',
      price: '189.90',
      allowance: euros(grossHalf - netHalf),
      amount: euros(netHalf),
    });
    expect(xml).toContain(`<ram:Reason>${discountReason}</ram:Reason>`);
    expect(xml).toContain('<ram:ReasonCode>95</ram:ReasonCode>');
  });

  it('deposit, statement and final invoice pass the Factur-X XSD and both schematrons', async () => {
    for (const invoice of [issued.deposit, issued.progress, issued.final]) {
      const xml = await xmlOf(invoice);
      expect(await schemaErrors(xml)).toBe('');
      expect(await fatalAsserts('en16931', xml)).toEqual([]);
      expect(await fatalAsserts('facturX', xml)).toEqual([]);
    }
  }, 300_000);

  it('the statement’s PDF states the contract amounts net of the discount', async () => {
    const response = await h.request('GET', `/v2/companies/1/invoices/${issued.progress.id}/pdf`, {
      token: admin,
    });
    expect(response.status).toBe(200);
    const text = plain(await pdfText(new Uint8Array(await response.arrayBuffer())));
    // The statement's columns: contract amount, cumulative %, cumulative, already billed, this statement.
    containsPlain(text, `Total ${formatCents(amounts.ht)} 50 % ${formatCents(percentOfLines(lines, 5000))}`);
    const murs = lines.find((l) => l.label === 'Élévation des murs')!;
    containsPlain(
      text,
      `Élévation des murs ${formatCents(murs.net)} 50 % ${formatCents(percentOf(murs.net, 5000))} ${formatCents(0)} ${formatCents(percentOf(murs.net, 5000))}`,
    );
    // Under each line, what the contract amount is made of.
    const fondations = lines.find((l) => l.label === 'Fondations')!;
    containsPlain(
      text,
      `Qté 6,25 m³ — PU HT ${formatCents(18_990)} — remise ${formatCents(fondations.gross - fondations.net)} — TVA 20 %`,
    );
  }, 120_000);

  it('a final invoice after no statement shows its lines as a statement, net of the discount, with the allowance in the XML', async () => {
    const final = await validate(await ok('POST', '/invoices', { kind: 'final', quoteId: direct.quoteId }));
    expect(final.totalExclTaxCents).toBe(amounts.ht);
    const pdf = await h.request('GET', `/v2/companies/1/invoices/${final.id}/pdf`, { token: admin });
    expect(pdf.status).toBe(200);
    const text = plain(await pdfText(new Uint8Array(await pdf.arrayBuffer())));
    containsPlain(text, `Total ${formatCents(amounts.ht)} 100 % ${formatCents(amounts.ht)}`);
    const murs = direct.lines.find((l) => l.label === 'Élévation des murs')!;
    containsPlain(
      text,
      `Élévation des murs ${formatCents(murs.net)} 100 % ${formatCents(murs.net)} ${formatCents(0)} ${formatCents(murs.net)}`,
    );
    const xml = await xmlOf(final);
    expect(xmlLines(xml)).toContainEqual({
      name: 'Élévation des murs',
      quantity: '48',
      price: '73.45',
      allowance: euros(murs.gross - murs.net),
      amount: euros(murs.net),
    });
    expect(await schemaErrors(xml)).toBe('');
    expect(await fatalAsserts('en16931', xml)).toEqual([]);
    expect(await fatalAsserts('facturX', xml)).toEqual([]);
  }, 300_000);
});
