/**
 * Issue 18, through the API: a quote's deposit, two progress statements and the final invoice, as
 * their PDFs print them. The statement says its number and, per quote line, the contract amount,
 * the cumulative progress and amount, what was billed before and what it bills; the final invoice
 * names the deposit it deducts and is a « Facture de solde »; a quote billed at once is a « Facture ».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents, formatIsoDate } from '../../src/contract/format.js';
import { pdfText } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';
import { acceptedQuote } from './support/quotes.js';

let h: Harness;
let admin: string;

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function ok(method: 'GET' | 'POST', path: string, json?: unknown) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token: admin,
    ...(json !== undefined ? { json } : {}),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text).data as Json;
}

const validate = (invoice: Json) =>
  ok('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });

async function pdfOf(invoice: Json) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${invoice.id}/pdf`, { token: admin });
  expect(response.status).toBe(200);
  return (await pdfText(new Uint8Array(await response.arrayBuffer()), { layout: true })).replace(
    /[\s\u00a0\u202f]+/g,
    ' ',
  );
}

const issued: Record<string, Json> = {};
let quoteLines: Json[];

beforeAll(async () => {
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  const rates = (await ok('GET', '/vat-rates')) as { id: number; basisPoints: number }[];
  const twenty = rates.find((r) => r.basisPoints === 2000)!.id;
  const customer = await ok('POST', '/customers', {
    type: 'professional',
    companyName: 'SCI Les Vignes',
    address: '4 chemin des Vignes',
    zipCode: '69480',
    city: 'Anse',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
  });
  const job = await ok('POST', '/business-jobs', {
    name: 'Maison Dupont',
    customerId: customer.id,
    retainageBasisPoints: 500,
  });
  const newQuote = (title: string) =>
    acceptedQuote(ok, {
      businessJobId: job.id,
      title,
      date: '2026-01-12',
      lines: [
        {
          chapter: 'Gros œuvre',
          label: 'Murs porteurs',
          unit: 'm²',
          quantityMilli: 100_000,
          unitPriceCents: 10_000,
          vatRateId: twenty,
        },
        {
          chapter: 'Gros œuvre',
          label: 'Dalle',
          unit: 'm²',
          quantityMilli: 50_000,
          unitPriceCents: 10_000,
          vatRateId: twenty,
        },
        {
          chapter: 'Toiture',
          label: 'Charpente',
          unit: 'm²',
          quantityMilli: 50_000,
          unitPriceCents: 10_000,
          vatRateId: twenty,
        },
      ],
    });
  const quote = await newQuote('Maison individuelle');
  quoteLines = ((await ok('GET', `/quotes/${quote.id}`)).chapters as Json[]).flatMap((c: Json) => c.lines);
  const progress = (percents: number[]) =>
    ok('POST', '/invoices', {
      kind: 'progress',
      quoteId: quote.id,
      progress: quoteLines.map((l: Json, i: number) => ({
        quoteLineId: l.id,
        progressBasisPoints: percents[i],
      })),
    });
  issued.deposit = await validate(
    await ok('POST', '/invoices', { kind: 'deposit', quoteId: quote.id, depositBasisPoints: 3000 }),
  );
  issued.first = await validate(await progress([4000, 0, 0]));
  issued.second = await validate(await progress([7000, 3000, 0]));
  issued.final = await validate(await ok('POST', '/invoices', { kind: 'final', quoteId: quote.id }));
  const alone = await newQuote('Garage');
  issued.alone = await validate(await ok('POST', '/invoices', { kind: 'final', quoteId: alone.id }));
}, 600_000);
afterAll(() => h?.close());

describe('the progress statements of a quote', () => {
  it('the second says « Situation n° 2 » and, per line, contract, cumulative % and amount, previous and this amount', async () => {
    const text = await pdfOf(issued.second);
    expect(text).toContain('SITUATION DE TRAVAUX');
    expect(text).toContain('Situation n° 2');
    expect(text).toContain('Murs porteurs 10 000,00 € 70 % 7 000,00 € 4 000,00 € 3 000,00 €');
    expect(text).toContain('Dalle 5 000,00 € 30 % 1 500,00 € 0,00 € 1 500,00 €');
    expect(text).toMatch(/Charpente 5 000,00 € 0 ?% 0,00 € 0,00 € 0,00 €/);
    expect(text).toContain('Situation précédente HT (n° 1) -4 000,00 €');
    expect(text).toContain('Montant de cette situation HT 4 500,00 €');
    expect(text).toContain(
      `Facture d'acompte n° ${issued.deposit.number} du ${formatIsoDate(issued.deposit.date)}`,
    );
    // The recap's last rows are the API's figures.
    expect(text).toContain(
      `Total TTC ${formatCents(issued.second.totalInclTaxCents)}`.replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(text).toContain(
      `Net à payer ${formatCents(issued.second.totalInclTaxCents - issued.second.retainageCents)}`.replace(
        /[\u00a0\u202f]/g,
        ' ',
      ),
    );
  });

  it('the first is « Situation n° 1 »', async () => {
    const text = await pdfOf(issued.first);
    expect(text).toContain('Situation n° 1');
    expect(text).toContain('Murs porteurs 10 000,00 € 40 % 4 000,00 € 0,00 € 4 000,00 €');
  });
});

describe('the final invoice', () => {
  it('after a deposit and statements: « Facture de solde », naming the deposit it deducts', async () => {
    const text = await pdfOf(issued.final);
    expect(text).toContain('FACTURE DE SOLDE');
    expect(text).toContain(
      `Facture d'acompte n° ${issued.deposit.number} du ${formatIsoDate(issued.deposit.date)}`,
    );
    expect(text).toContain('Murs porteurs 10 000,00 € 100 % 10 000,00 € 7 000,00 € 3 000,00 €');
  });

  it('of a quote billed at once: a « Facture »', async () => {
    const text = await pdfOf(issued.alone);
    expect(text).not.toContain('SOLDE');
    expect(text).toMatch(/ FACTURE /);
    // Its lines are the quote's, as a plain invoice prints them.
    expect(text).toContain('Murs porteurs 100,00 m² 100,00 € 20 % 10 000,00 €');
    expect(text).not.toContain('Avancement');
  });
});
