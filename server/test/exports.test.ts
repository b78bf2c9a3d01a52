/**
 * Accounting exports: what a bookkeeper (or the accountant's software) reads in the files. CSV for
 * French Excel, the FEC's 18 columns and balance, the cheque slip, the collected VAT, refusals.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountingSettings,
  banks,
  customers,
  invoiceDocumentSnapshots,
  invoices,
  payments,
} from '../src/db/schema.js';
import { csvRecords, neutraliseCell } from '../src/exports/csv.js';
import { decodeLatin9, encodeLatin9 } from '../src/exports/latin9.js';
import { PAGE_SIZE } from '../src/exports/rows.js';
import { bootHarness, companyTwoFingerprints, expectNoLeak, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
let bankId: number;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('user@demo.fr');
  const [bank] = await h.db.owner
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.companyId, 1), eq(banks.isDefault, true)));
  bankId = bank!.id;
});
afterAll(() => h.close());

const period = 'from=2000-01-01&to=2100-12-31';
const get = (path: string) => h.request('GET', `/v2/companies/1/exports/${path}`, { token });

/** The FEC's text (ISO 8859-15, article A47 A-1) and its lines after the header, split on the separator. */
async function fecOf(path: string, separator = '|') {
  const response = await get(path);
  const text = decodeLatin9(new Uint8Array(await response.arrayBuffer()));
  const lines = text.split('\r\n').filter(Boolean);
  return { response, text, lines, rows: lines.slice(1).map((line) => line.split(separator)) };
}

/** A CSV reader as a spreadsheet reads one: `;`, quotes doubled inside quoted cells, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return records;
}

const cents = (amount: string) => {
  const [units, decimals] = amount.split(',');
  const sign = units!.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(units)) * 100 + Number(decimals));
};

describe('CSV for French Excel', () => {
  it('no cell can start a formula, whatever its text (property, 1000 runs), and cells read back', () => {
    const dangerous = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠');
    const text = fc.oneof(
      fc.string(),
      fc.tuple(dangerous, fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (cells) => {
        const [parsed] = parseCsv(csvRecords([cells]));
        expect(parsed).toHaveLength(cells.length);
        parsed!.forEach((cell, i) => {
          expect(cell).toBe(neutraliseCell(cells[i]!));
          // Either it starts safely, or it is a plain number a spreadsheet reads as a number.
          expect(!/^[=+\-@\t\r＝＋－＠]/.test(cell) || /^-?\d+(,\d+)?$/.test(cell)).toBe(true);
          // Nothing typed is lost: the apostrophe is the only change.
          expect(cell === cells[i] || cell === `'${cells[i]}`).toBe(true);
        });
      }),
      { numRuns: 1000 },
    );
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCell('-12,50')).toBe('-12,50');
    expect(neutraliseCell('＝1+1')).toBe("'＝1+1");
  });

  it('cells holding the separator, quotes or line breaks read back whole (property, 1000 runs)', () => {
    const tricky = fc.string({
      unit: fc.constantFrom(';', '"', '\r', '\n', '\r\n', ' ', 'a', 'é', '=', '-', '1', ','),
    });
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 6 }), (cells) => {
        expect(parseCsv(csvRecords([cells, ['fin']]))).toEqual([cells.map(neutraliseCell), ['fin']]);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes the bytes French Excel reads: `;`, quotes only where needed and doubled, CRLF after each record', () => {
    const text = csvRecords([
      [
        'BQ',
        '10/02/1999',
        'Dupont; fils',
        'dit "le grand"',
        'ligne 1\nligne 2',
        '',
        '-12,50',
        '=1+1',
        '700,00',
      ],
      ['a', 'b'],
    ]);
    expect(text).toBe(
      'BQ;10/02/1999;"Dupont; fils";"dit ""le grand""";"ligne 1\nligne 2";;-12,50;\'=1+1;700,00\r\na;b\r\n',
    );
  });

  it('a drawer named like a formula comes out as text in the cheque slip', async () => {
    const [cheque] = await h.db.owner
      .select({ id: payments.id, drawer: payments.drawer })
      .from(payments)
      .where(and(eq(payments.companyId, 1), eq(payments.mode, 'check'), sql`amount_cents > 0`))
      .limit(1);
    await h.db.owner.update(payments).set({ drawer: '=cmd|calc!A1' }).where(eq(payments.id, cheque!.id));
    try {
      const text = await (await get(`cheque-remittance?ids=${cheque!.id}&format=csv`)).text();
      expect(parseCsv(text)[1]![3]).toBe("'=cmd|calc!A1");
    } finally {
      await h.db.owner.update(payments).set({ drawer: cheque!.drawer }).where(eq(payments.id, cheque!.id));
    }
  });
});

/**
 * Known answers: one invoice of 1 750,00 € TTC (1 000,00 HT at 20 %, 500,00 HT at 10 %) validated
 * on 15/01/1999, paid 700,00 by cheque on 10/02/1999, in a year no other row of the demo touches.
 * Every figure below is worked out by hand from those three numbers and the demo's accounts (the VAT
 * sheet's 706100/445712 and 706110/445711, the bank's 512100, the settings' 411000, VE and BQ).
 */
describe('the files of one known invoice and payment', () => {
  const customer = ['C-KNOWN', 'Menuiserie Connue'];
  const label = 'FA-1999-001';
  let ids: { customer: number; invoice: number; payment: number };
  beforeAll(async () => {
    const [c] = await h.db.owner
      .insert(customers)
      .values({ companyId: 1, type: 'professional', customerCode: customer[0]!, companyName: customer[1]! })
      .returning({ id: customers.id });
    const [i] = await h.db.owner
      .insert(invoices)
      .values({
        companyId: 1,
        customerId: c!.id,
        number: label,
        type: 'facture',
        kind: 'final',
        status: 'VALIDATED',
        date: '1999-01-15',
        dueDate: '1999-02-15',
        validatedAt: new Date('1999-01-15T10:00:00Z'),
        totalExclTaxCents: 150000,
        totalVatCents: 25000,
        totalInclTaxCents: 175000,
        amounts: {
          byRate: [
            { vatRate: 2000, ht: 100000, vat: 20000 },
            { vatRate: 1000, ht: 50000, vat: 5000 },
          ],
        },
      })
      .returning({ id: invoices.id });
    const [p] = await h.db.owner
      .insert(payments)
      .values({
        companyId: 1,
        invoiceId: i!.id,
        bankId,
        mode: 'check',
        amountCents: 70000,
        paidOn: '1999-02-10',
        // Recorded the next morning: its entry's ValidDate, not the day it was paid.
        recordedAt: new Date('1999-02-11T08:30:00Z'),
        chequeNumber: '0001234',
        drawer: 'M. Payeur',
      })
      .returning({ id: payments.id });
    ids = { customer: c!.id, invoice: i!.id, payment: p!.id };
  });
  afterAll(async () => {
    await h.db.owner.delete(payments).where(eq(payments.id, ids.payment));
    await h.db.owner.delete(invoices).where(eq(invoices.id, ids.invoice));
    await h.db.owner.delete(customers).where(eq(customers.id, ids.customer));
  });
  const records = async (path: string) => parseCsv(await (await get(path)).text()).slice(1);

  it('the sales journal: the customer debited 1 750,00, each rate its sales and VAT credits', async () => {
    const entry = 'Facture FA-1999-001 Menuiserie Connue';
    expect(await records('sales-journal?from=1999-01-01&to=1999-01-31')).toEqual([
      ['VE', '15/01/1999', label, '411000', 'C-KNOWN', entry, '1750,00', '0,00'],
      ['VE', '15/01/1999', label, '706100', '', entry, '0,00', '1000,00'],
      ['VE', '15/01/1999', label, '445712', '', entry, '0,00', '200,00'],
      ['VE', '15/01/1999', label, '706110', '', entry, '0,00', '500,00'],
      ['VE', '15/01/1999', label, '445711', '', entry, '0,00', '50,00'],
    ]);
  });

  it("the bank journal: the bank debited 700,00, the customer's account credited", async () => {
    const entry = 'Règlement FA-1999-001 Menuiserie Connue';
    expect(await records(`bank-journal?from=1999-02-01&to=1999-02-28&bankId=${bankId}`)).toEqual([
      ['BQ', '10/02/1999', label, '512100', '', entry, '700,00', '0,00'],
      ['BQ', '10/02/1999', label, '411000', 'C-KNOWN', entry, '0,00', '700,00'],
    ]);
  });

  it('the collected VAT: 700,00 split 480,00 at 20 % and 220,00 at 10 % (their shares of the TTC)', async () => {
    const receipts = 'TVA sur les encaissements';
    expect(await records('collected-vat?from=1999-01-01&to=1999-12-31')).toEqual([
      ['02/1999', receipts, '20,00 %', '400,00', '80,00', '480,00'],
      ['02/1999', receipts, '10,00 %', '200,00', '20,00', '220,00'],
    ]);
  });

  it('the FEC: the sales entry then the bank entry, each with its number, ValidDate its validation, 18 fields', async () => {
    const { lines, rows } = await fecOf('fec?from=1999-01-01&to=1999-02-28');
    const [sale, bank] = [rows[0]![2]!, rows.at(-1)![2]!];
    // One sequence for every journal, in the order of validation (article A47 A-1).
    expect(sale).toMatch(/^\d{8}$/);
    expect(Number(bank)).toBeGreaterThan(Number(sale));
    const sold = 'FA-1999-001|19990115|Facture FA-1999-001 Menuiserie Connue';
    const paid = 'FA-1999-001|19990210|Règlement FA-1999-001 Menuiserie Connue';
    const s = `VE|Journal des ventes|${sale}|19990115`;
    const b = `BQ|Journal de banque|${bank}|19990210`;
    // JournalCode … EcritureDate | CompteNum | CompteLib | CompAuxNum | CompAuxLib | PieceRef | PieceDate
    // | EcritureLib | Debit | Credit | EcritureLet | DateLet | ValidDate | Montantdevise | Idevise
    expect(lines.slice(1)).toEqual([
      `${s}|411000|Clients|C-KNOWN|Menuiserie Connue|${sold}|1750,00|0,00|||19990115||`,
      `${s}|706100|Ventes TVA 20,00 %|||${sold}|0,00|1000,00|||19990115||`,
      `${s}|445712|TVA collectée 20,00 %|||${sold}|0,00|200,00|||19990115||`,
      `${s}|706110|Ventes TVA 10,00 %|||${sold}|0,00|500,00|||19990115||`,
      `${s}|445711|TVA collectée 10,00 %|||${sold}|0,00|50,00|||19990115||`,
      // Paid on 10/02, recorded on 11/02: the entry was validated on 11/02.
      `${b}|512100|Crédit Agricole Centre-Est|||${paid}|700,00|0,00|||19990211||`,
      `${b}|411000|Clients|C-KNOWN|Menuiserie Connue|${paid}|0,00|700,00|||19990211||`,
    ]);
    for (const line of lines) expect(line.split('|')).toHaveLength(18);
  });

  it('the cheque slip as CSV: the day, the bank and its IBAN on each line, the cheque, then the total', async () => {
    const [header, ...lines] = parseCsv(
      await (await get(`cheque-remittance?ids=${ids.payment}&format=csv`)).text(),
    );
    expect(header![0]).toBe('Date de remise');
    const today = lines[0]![0]!;
    expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const bank = [today, 'Crédit Agricole Centre-Est', 'FR76 1780 6001 2300 0456 7890 197'];
    expect(lines).toEqual([
      [...bank, 'M. Payeur', '0001234', '10/02/1999', label, 'Menuiserie Connue', '700,00'],
      [...bank, 'Total (1 chèque)', '', '', '', '', '700,00'],
    ]);
  });

  it('the bank journal byte for byte: BOM, header, a name holding `;` and quotes quoted, CRLF', async () => {
    await h.db.owner
      .update(customers)
      .set({ companyName: 'Menuiserie "Connue"; Fils' })
      .where(eq(customers.id, ids.customer));
    try {
      const response = await get(`bank-journal?from=1999-02-01&to=1999-02-28&bankId=${bankId}`);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
      const entry = '"Règlement FA-1999-001 Menuiserie ""Connue""; Fils"';
      expect(text).toBe(
        '\uFEFFJournal;Date;Pièce;Compte;Compte auxiliaire;Libellé;Débit;Crédit\r\n' +
          `BQ;10/02/1999;FA-1999-001;512100;;${entry};700,00;0,00\r\n` +
          `BQ;10/02/1999;FA-1999-001;411000;C-KNOWN;${entry};0,00;700,00\r\n`,
      );
    } finally {
      await h.db.owner
        .update(customers)
        .set({ companyName: customer[1]! })
        .where(eq(customers.id, ids.customer));
    }
  });

  it('the FEC neutralises a field that a spreadsheet would run as a formula, as the CSV files do', async () => {
    await h.db.owner.update(customers).set({ companyName: '=1+1' }).where(eq(customers.id, ids.customer));
    try {
      const { text } = await fecOf('fec?from=1999-01-01&to=1999-01-31&format=tab', '\t');
      const customerLine = text.split('\r\n')[1]!.split('\t');
      expect(customerLine.slice(4, 8)).toEqual(['411000', 'Clients', 'C-KNOWN', "'=1+1"]);
      expect(customerLine[10]).toBe('Facture FA-1999-001 =1+1');
    } finally {
      await h.db.owner
        .update(customers)
        .set({ companyName: customer[1]! })
        .where(eq(customers.id, ids.customer));
    }
  });
});

/**
 * Issue 18, known answers in 1997 (a year no other row touches): a 30 % deposit and the final
 * invoice that deducts it, a subcontractor's reverse-charge invoice of 19 260,00 € HT (lines at
 * 20 %), an invoice issued under the VAT-on-debits option; the payments recorded some days after.
 */
describe('deposits, reverse charge, VAT on debits, and the FEC of article A47 A-1', () => {
  const name = 'Bâtiment Œuvre’s';
  const ids = { customer: 0, invoices: [] as number[], payments: [] as number[] };
  const at = (iso: string) => new Date(iso);
  beforeAll(async () => {
    const [c] = await h.db.owner
      .insert(customers)
      .values({ companyId: 1, type: 'professional', customerCode: 'C-18', companyName: name })
      .returning({ id: customers.id });
    ids.customer = c!.id;
    const invoice = async (
      number: string,
      kind: 'deposit' | 'final' | 'simple',
      date: string,
      part: { ht: number; vat: number; depositHt?: number },
      reverseCharge = false,
    ) => {
      const depositHt = part.depositHt ?? 0;
      const [row] = await h.db.owner
        .insert(invoices)
        .values({
          companyId: 1,
          customerId: ids.customer,
          number,
          type: kind === 'deposit' ? 'factureAcompte' : 'facture',
          kind,
          status: 'VALIDATED',
          date,
          dueDate: date,
          validatedAt: at(`${date}T09:00:00Z`),
          reverseCharge,
          totalExclTaxCents: part.ht,
          totalVatCents: part.vat,
          totalInclTaxCents: part.ht + part.vat,
          amounts: {
            byRate: [{ vatRate: 2000, grossHt: part.ht + depositHt, depositHt, ht: part.ht, vat: part.vat }],
            reverseCharge,
          },
        })
        .returning({ id: invoices.id });
      ids.invoices.push(row!.id);
      return row!.id;
    };
    const pay = async (invoiceId: number, amount: number, paidOn: string, recordedAt: string) => {
      const [row] = await h.db.owner
        .insert(payments)
        .values({
          companyId: 1,
          invoiceId,
          bankId,
          mode: 'transfer',
          amountCents: amount,
          paidOn,
          recordedAt: at(recordedAt),
        })
        .returning({ id: payments.id });
      ids.payments.push(row!.id);
    };
    const deposit = await invoice('FA-1997-001', 'deposit', '1997-03-03', { ht: 30_000, vat: 6_000 });
    await pay(deposit, 36_000, '1997-03-10', '1997-03-10T10:00:00Z');
    await invoice('FA-1997-002', 'final', '1997-04-01', { ht: 70_000, vat: 14_000, depositHt: 30_000 });
    const reverse = await invoice('FA-1997-003', 'simple', '1997-05-02', { ht: 1_926_000, vat: 0 }, true);
    await pay(reverse, 1_926_000, '1997-05-20', '1997-05-21T07:00:00Z');
    const debits = await invoice('FA-1997-004', 'simple', '1997-06-02', { ht: 50_000, vat: 10_000 });
    // Issued under the debits option: its frozen document says so (today's settings do not).
    await h.db.owner.insert(invoiceDocumentSnapshots).values({
      companyId: 1,
      invoiceId: debits,
      data: {
        document: { settings: { vatOnDebits: true, operationNature: 'services' } },
        logos: { header: null, footer: null },
      },
    });
    await pay(debits, 60_000, '1997-07-15', '1997-07-16T08:00:00Z');
  });
  afterAll(async () => {
    for (const id of ids.payments) await h.db.owner.delete(payments).where(eq(payments.id, id));
    for (const id of ids.invoices) {
      await h.db.owner.delete(invoiceDocumentSnapshots).where(eq(invoiceDocumentSnapshots.invoiceId, id));
      await h.db.owner.delete(invoices).where(eq(invoices.id, id));
    }
    await h.db.owner.delete(customers).where(eq(customers.id, ids.customer));
  });
  const records = async (path: string) => parseCsv(await (await get(path)).text()).slice(1);
  const year = 'from=1997-01-01&to=1997-12-31';

  it('the sales journal: the deposit on 419100, cleared by the final invoice; reverse charge on its own account', async () => {
    const lines = (await records(`sales-journal?${year}`)).map((r) => [r[2], r[3], r[6], r[7]]);
    expect(lines).toEqual([
      ['FA-1997-001', '411000', '360,00', '0,00'],
      ['FA-1997-001', '419100', '0,00', '300,00'],
      ['FA-1997-001', '445712', '0,00', '60,00'],
      ['FA-1997-002', '411000', '840,00', '0,00'],
      ['FA-1997-002', '706100', '0,00', '1000,00'],
      ['FA-1997-002', '419100', '300,00', '0,00'],
      ['FA-1997-002', '445712', '0,00', '140,00'],
      // 0 % AE on the VAT sheet's autoliquidation account (706130), no VAT, nothing on 706100.
      ['FA-1997-003', '411000', '19260,00', '0,00'],
      ['FA-1997-003', '706130', '0,00', '19260,00'],
      ['FA-1997-004', '411000', '600,00', '0,00'],
      ['FA-1997-004', '706100', '0,00', '500,00'],
      ['FA-1997-004', '445712', '0,00', '100,00'],
    ]);
    const advances = lines.filter((l) => l[1] === '419100');
    expect(advances.reduce((sum, l) => sum + cents(l[2]!) - cents(l[3]!), 0)).toBe(0);
  });

  it('the collected VAT: the deposit on receipt, reverse charge apart at 0 %, the debits invoice on its issue only', async () => {
    expect(await records(`collected-vat?${year}`)).toEqual([
      ['03/1997', 'TVA sur les encaissements', '20,00 %', '300,00', '60,00', '360,00'],
      ['05/1997', 'Autoliquidation (article 283-2 nonies du CGI)', '0,00 %', '19260,00', '0,00', '19260,00'],
      ['06/1997', 'TVA sur les débits', '20,00 %', '500,00', '100,00', '600,00'],
    ]);
  });

  it('the FEC: every journal in the order of validation, numbers given once, ValidDate the entry’s validation', async () => {
    const { rows } = await fecOf(`fec?${year}`);
    const entries = [...new Map(rows.map((r) => [r[2], [r[0], r[8], r[15]]])).entries()];
    expect(entries.map(([, e]) => e)).toEqual([
      ['VE', 'FA-1997-001', '19970303'],
      ['BQ', 'FA-1997-001', '19970310'],
      ['VE', 'FA-1997-002', '19970401'],
      ['VE', 'FA-1997-003', '19970502'],
      ['BQ', 'FA-1997-003', '19970521'],
      ['VE', 'FA-1997-004', '19970602'],
      ['BQ', 'FA-1997-004', '19970716'],
    ]);
    const numbers = entries.map(([n]) => Number(n));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    // Another range shows the same numbers for the same entries.
    const spring = await fecOf('fec?from=1997-04-01&to=1997-05-31');
    expect([...new Set(spring.rows.map((r) => r[2]))]).toEqual(entries.slice(2, 5).map(([n]) => n));
    // An entry validated later (even dated earlier) takes the next number; nobody else's moves.
    const [late] = await h.db.owner
      .insert(invoices)
      .values({
        companyId: 1,
        customerId: ids.customer,
        number: 'FA-1997-000',
        type: 'facture',
        kind: 'simple',
        status: 'VALIDATED',
        date: '1997-02-01',
        dueDate: '1997-02-01',
        validatedAt: new Date(),
        totalExclTaxCents: 100,
        totalVatCents: 20,
        totalInclTaxCents: 120,
        amounts: { byRate: [{ vatRate: 2000, grossHt: 100, depositHt: 0, ht: 100, vat: 20 }] },
      })
      .returning({ id: invoices.id });
    ids.invoices.push(late!.id);
    const again = await fecOf(`fec?${year}`);
    const numberOf = new Map(again.rows.map((r) => [`${r[0]} ${r[8]}`, Number(r[2])]));
    expect(entries.map(([n, e]) => numberOf.get(`${e[0]} ${e[1]}`) === Number(n))).not.toContain(false);
    expect(numberOf.get('VE FA-1997-000')).toBeGreaterThan(Math.max(...numbers));
    expectNoLeak(again.text, companyTwoFingerprints);
  });

  it('the FEC is ISO 8859-15: French text and « Œ » as Latin-9 bytes, a curly apostrophe as a plain one', async () => {
    const response = await get(`fec?${year}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = decodeLatin9(bytes);
    expect(text).toContain("|Bâtiment Œuvre's|");
    expect(text).toContain('Règlement FA-1997-001');
    const latin = [...encodeLatin9('Bâtiment Œuvre')];
    expect(latin).toEqual([
      0x42, 0xe2, 0x74, 0x69, 0x6d, 0x65, 0x6e, 0x74, 0x20, 0xbc, 0x75, 0x76, 0x72, 0x65,
    ]);
    expect(Buffer.from(bytes).includes(Buffer.from(latin))).toBe(true);
    // Nothing outside Latin-9's printable range (no UTF-8 sequence, no C1 control).
    expect(bytes.some((b) => b >= 0x80 && b < 0xa0)).toBe(false);
    expect([...encodeLatin9('€ 1\u202f000 – ł')]).toEqual([
      0xa4, 0x20, 0x31, 0x20, 0x30, 0x30, 0x30, 0x20, 0x2d, 0x20, 0x3f,
    ]);
  });

  it('named SirenFECAAAAMMJJ after the closing date for a fiscal year, as an extract otherwise', async () => {
    const admin = await h.tokenFor('admin@demo.fr');
    const settings = await h.request('GET', '/v2/companies/1/settings/accounting', { token });
    const { version } = ((await settings.json()) as { data: { version: number } }).data;
    const saved = await h.request('POST', '/v2/companies/1/settings/accounting/edit', {
      token: admin,
      json: { version, fiscalYearStart: '2026-01-01', fiscalYearEnd: '2026-12-31' },
    });
    expect(saved.status).toBe(200);
    const nameOf = async (query: string) =>
      (await get(`fec?${query}`)).headers.get('content-disposition')?.match(/filename="(.*)"/)?.[1];
    expect(await nameOf(year)).toMatch(/^\d{9}FEC19971231\.txt$/);
    expect(await nameOf('from=1997-01-01&to=1997-06-30')).toMatch(
      /^\d{9}FEC-extrait_19970101-19970630\.txt$/,
    );
  });

  it('an account stored before the contract checked it (« NaN ») never reaches the FEC: its default does', async () => {
    const [before] = await h.db.owner
      .select()
      .from(accountingSettings)
      .where(eq(accountingSettings.companyId, 1));
    await h.db.owner
      .insert(accountingSettings)
      .values({ companyId: 1, customerAccount: 'NaN' })
      .onConflictDoUpdate({ target: accountingSettings.companyId, set: { customerAccount: 'NaN' } });
    try {
      const { rows, text } = await fecOf(`fec?${year}`);
      expect(text).not.toContain('NaN');
      expect(rows.filter((r) => r[6] === 'C-18').map((r) => r[4])).toContain('411000');
    } finally {
      await h.db.owner
        .update(accountingSettings)
        .set({ customerAccount: before?.customerAccount ?? '411000' })
        .where(eq(accountingSettings.companyId, 1));
    }
  });
});

/**
 * More payments than one page (rows.ts reads PAGE_SIZE at a time, the next page while one is
 * written, from the last (day, id) read): a page boundary inside a day, nothing lost or repeated,
 * the order and the FEC's numbering carried across pages, the text cut into chunks mid-file.
 */
describe('an export longer than one page', () => {
  const count = PAGE_SIZE + 1;
  let pagedBank: number;
  beforeAll(async () => {
    const [bank] = await h.db.owner
      .insert(banks)
      .values({ companyId: 1, name: 'Banque des pages', accountingNumber: '512900' })
      .returning({ id: banks.id });
    pagedBank = bank!.id;
    const [invoice] = await h.db.owner
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, 1), eq(invoices.status, 'VALIDATED')))
      .limit(1);
    // Payment g of g cents, the first 3000 on 02/03/1998, the rest on 03/03/1998 (a year no other row touches).
    await h.db.owner.execute(sql`
      insert into payments (company_id, invoice_id, bank_id, mode, amount_cents, paid_on)
      select 1, ${invoice!.id}, ${pagedBank}, 'transfer', g,
        case when g <= 3000 then date '1998-03-02' else date '1998-03-03' end
      from generate_series(1, ${count}) g order by g`);
  });
  afterAll(async () => {
    await h.db.owner.delete(payments).where(eq(payments.bankId, pagedBank));
    await h.db.owner.delete(banks).where(eq(banks.id, pagedBank));
  });

  it('the bank journal has every payment once, in (date, id) order', async () => {
    const text = await (await get(`bank-journal?from=1998-03-01&to=1998-03-31&bankId=${pagedBank}`)).text();
    const [, ...records] = parseCsv(text);
    expect(records).toHaveLength(2 * count);
    const debits = records.filter((r) => r[3] === '512900').map((r) => cents(r[6]!));
    expect(debits).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(records.filter((r) => r[1] === '02/03/1998')).toHaveLength(2 * 3000);
    const last = records.at(-1)!;
    expect([last[1], last[6], last[7]]).toEqual([
      '03/03/1998',
      '0,00',
      (count / 100).toFixed(2).replace('.', ','),
    ]);
  });

  it("the FEC numbers the payments' entries on from page to page, in their order, without a hole", async () => {
    const { rows: lines } = await fecOf('fec?from=1998-03-01&to=1998-03-31');
    expect(lines).toHaveLength(2 * count);
    const numbers = [...new Set(lines.map((fields) => Number(fields[2])))];
    expect(numbers).toHaveLength(count);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    // Recorded in one statement: numbered in id order, which is the order of the amounts here.
    expect(lines.filter((l) => l[4] === '512900').map((l) => cents(l[11]!))).toEqual(
      Array.from({ length: count }, (_, i) => i + 1),
    );
  });
});

describe('bank journal', () => {
  it("one bank's payments of the period, each debiting the bank and crediting the customer, in French CSV", async () => {
    const response = await get(`bank-journal?${period}&bankId=${bankId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="journal-banque_2000-01-01_2100-12-31.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expectNoLeak(text, companyTwoFingerprints);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual([
      'Journal',
      'Date',
      'Pièce',
      'Compte',
      'Compte auxiliaire',
      'Libellé',
      'Débit',
      'Crédit',
    ]);
    const expected = await h.db.owner
      .select({ amount: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.companyId, 1), eq(payments.bankId, bankId), sql`amount_cents <> 0`));
    expect(records).toHaveLength(expected.length * 2);
    for (const record of records) {
      expect(record[0]).toBe('BQ');
      expect(record[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(record[6]).toMatch(/^\d+,\d{2}$/);
    }
    const debit = records.filter((r) => r[3] === '512100').reduce((sum, r) => sum + cents(r[6]!), 0);
    const credit = records.reduce((sum, r) => sum + cents(r[7]!), 0);
    expect(debit).toBe(expected.reduce((sum, p) => sum + p.amount, 0));
    expect(credit).toBe(debit);
  });

  it("refuses another company's bank (404) and a period that ends before it starts (French key)", async () => {
    const [other] = await h.db.owner
      .select({ id: banks.id })
      .from(banks)
      .where(eq(banks.companyId, 2))
      .limit(1);
    const foreign = await get(`bank-journal?${period}&bankId=${other!.id}`);
    expect(foreign.status).toBe(404);
    const backwards = await get(`bank-journal?from=2026-02-01&to=2026-01-01&bankId=${bankId}`);
    expect(backwards.status).toBe(422);
    expect(await backwards.json()).toEqual({ error: { key: 'export_period_invalid' } });
    const missing = await get('bank-journal?from=2026-02-01');
    const fields = ((await missing.json()) as { error: { fields: object } }).error.fields;
    expect(fields).toMatchObject({ to: 'required' });
    expect(fields).toHaveProperty('bankId');
  });
});

describe('sales journal and FEC', () => {
  it('every invoice entry of the sales journal balances', async () => {
    const text = await (await get(`sales-journal?${period}`)).text();
    const [, ...records] = parseCsv(text);
    expect(records.length).toBeGreaterThan(0);
    const byPiece = new Map<string, number>();
    for (const r of records) byPiece.set(r[2]!, (byPiece.get(r[2]!) ?? 0) + cents(r[6]!) - cents(r[7]!));
    for (const [piece, balance] of byPiece) expect({ piece, balance }).toEqual({ piece, balance: 0 });
    // Sales credited on the rate's product account (the VAT sheet's) and VAT on its VAT account.
    expect(records.some((r) => r[3]!.startsWith('706') && cents(r[7]!) > 0)).toBe(true);
    expect(records.some((r) => r[3]!.startsWith('4457') && cents(r[7]!) > 0)).toBe(true);
  });

  it('the FEC: named {SIREN}FEC{YYYYMMDD}.txt, the 18 columns of A47 A-1, debits equal credits per entry', async () => {
    for (const [format, separator] of [
      ['pipe', '|'],
      ['tab', '\t'],
    ] as const) {
      const { response, lines } = await fecOf(
        `fec?from=2000-01-01&to=2100-12-31&format=${format}`,
        separator,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=ISO-8859-15');
      // Not a fiscal year: an extract, not named as the year's FEC.
      expect(response.headers.get('content-disposition')).toMatch(
        /filename="\d{9}FEC-extrait_20000101-21001231\.txt"/,
      );
      const rows = lines.map((line) => line.split(separator));
      expect(rows[0]).toEqual([
        'JournalCode',
        'JournalLib',
        'EcritureNum',
        'EcritureDate',
        'CompteNum',
        'CompteLib',
        'CompAuxNum',
        'CompAuxLib',
        'PieceRef',
        'PieceDate',
        'EcritureLib',
        'Debit',
        'Credit',
        'EcritureLet',
        'DateLet',
        'ValidDate',
        'Montantdevise',
        'Idevise',
      ]);
      const entries = new Map<string, number>();
      for (const row of rows.slice(1)) {
        expect(row).toHaveLength(18);
        expect(row[3]).toMatch(/^\d{8}$/);
        entries.set(row[2]!, (entries.get(row[2]!) ?? 0) + cents(row[11]!) - cents(row[12]!));
      }
      expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(new Set(['VE', 'BQ']));
      for (const [entry, balance] of entries) expect({ entry, balance }).toEqual({ entry, balance: 0 });
      // Chronological order of validation across journals: the numbers rise through the file, the
      // journals interleaved (not all sales, then all bank entries).
      const numbers = rows.slice(1).map((row) => Number(row[2]));
      for (let i = 1; i < numbers.length; i++) expect(numbers[i]!).toBeGreaterThanOrEqual(numbers[i - 1]!);
      const journals = rows.slice(1).map((row) => row[0]);
      const switches = journals.filter((j, i) => i > 0 && j !== journals[i - 1]).length;
      expect(switches).toBeGreaterThan(1);
      // Every account number is digits of the chart of accounts.
      for (const row of rows.slice(1)) expect(row[4]).toMatch(/^[1-8]\d{2,19}$/);
    }
  });

  it('uses the accounting settings: journal codes and customer account', async () => {
    const admin = await h.tokenFor('admin@demo.fr');
    const settings = await h.request('GET', '/v2/companies/1/settings/accounting', { token });
    const { version } = ((await settings.json()) as { data: { version: number } }).data;
    const saved = await h.request('POST', '/v2/companies/1/settings/accounting/edit', {
      token: admin,
      json: { version, salesJournalCode: 'VT', customerAccount: '411100' },
    });
    expect(saved.status).toBe(200);
    const { rows } = await fecOf(`fec?${period}`);
    const sales = rows.filter((row) => row[0] === 'VT');
    expect(sales.length).toBeGreaterThan(0);
    expect(sales.some((row) => row[4] === '411100')).toBe(true);
  });
});

describe('collected VAT', () => {
  it('per month and rate, base plus VAT add up to the payments received in the period', async () => {
    const text = await (await get(`collected-vat?${period}`)).text();
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual(['Période', 'Régime', 'Taux de TVA', 'Base HT', 'TVA collectée', 'Total TTC']);
    expect(records[0]![0]).toMatch(/^\d{2}\/\d{4}$/);
    expect(records[0]![2]).toMatch(/^\d+,\d{2} %$/);
    const [received] = await h.db.owner
      .select({ total: sql<number>`sum(amount_cents)::int` })
      .from(payments)
      .where(eq(payments.companyId, 1));
    expect(records.reduce((sum, r) => sum + cents(r[5]!), 0)).toBe(received!.total);
    for (const r of records) expect(cents(r[3]!) + cents(r[4]!)).toBe(cents(r[5]!));
  });
});

describe('cheque remittance slip', () => {
  let cheques: { id: number; amount: number }[];
  beforeAll(async () => {
    cheques = await h.db.owner
      .select({ id: payments.id, amount: payments.amountCents })
      .from(payments)
      .where(
        and(
          eq(payments.companyId, 1),
          eq(payments.mode, 'check'),
          sql`amount_cents > 0`,
          eq(payments.bankId, bankId),
        ),
      )
      .limit(2);
    for (const [i, cheque] of cheques.entries()) {
      await h.db.owner
        .update(payments)
        .set({ chequeNumber: `000451${i}`, drawer: `Tireur ${i}` })
        .where(eq(payments.id, cheque.id));
    }
  });

  it('as CSV: each cheque with drawer, number and amount, then the count and the total', async () => {
    expect(cheques.length).toBeGreaterThan(0);
    const response = await get(`cheque-remittance?ids=${cheques.map((c) => c.id).join(',')}&format=csv`);
    expect(response.status).toBe(200);
    const [header, ...records] = parseCsv(await response.text());
    expect(header).toEqual([
      'Date de remise',
      'Banque',
      'IBAN',
      'Tireur',
      'N° de chèque',
      'Date du règlement',
      'Facture',
      'Client',
      'Montant',
    ]);
    expect(
      records
        .slice(0, -1)
        .map((r) => [r[3], r[4]])
        .sort(),
    ).toEqual(cheques.map((_, i) => [`Tireur ${i}`, `000451${i}`]).sort());
    const total = cheques.reduce((sum, c) => sum + c.amount, 0);
    const last = records.at(-1)!;
    expect(last[3]).toBe(`Total (${cheques.length} chèque${cheques.length > 1 ? 's' : ''})`);
    expect(cents(last[8]!)).toBe(total);
  });

  it('as PDF: a one-page slip titled with the date', async () => {
    const response = await get(`cheque-remittance?ids=${cheques.map((c) => c.id).join(',')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toMatch(/^Bordereau de remise de chèques du \d{2}\/\d{2}\/\d{4}$/);
  });

  it("refuses a payment that is not a cheque (422) and another company's payment (404)", async () => {
    const [transfer] = await h.db.owner
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.companyId, 1), eq(payments.mode, 'transfer')))
      .limit(1);
    const notCheque = await get(`cheque-remittance?ids=${cheques[0]!.id},${transfer!.id}`);
    expect(notCheque.status).toBe(422);
    expect(await notCheque.json()).toEqual({ error: { key: 'validation', fields: { ids: 'invalid' } } });
    const [foreign] = await h.db.owner
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.companyId, 2))
      .limit(1);
    const other = await get(`cheque-remittance?ids=${foreign!.id}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { key: 'payment_not_found' } });
  });
});

describe('entry numbers under concurrent exports (meaningful on PostgreSQL)', () => {
  it('four FEC exports at once number the new entries once each: no number twice, no hole', async () => {
    const [invoice] = await h.db.owner
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, 1), eq(invoices.status, 'VALIDATED')))
      .limit(1);
    const added = await h.db.owner.execute(sql`
      insert into payments (company_id, invoice_id, bank_id, mode, amount_cents, paid_on)
      select 1, ${invoice!.id}, ${bankId}, 'transfer', g, date '1996-05-02' from generate_series(1, 50) g
      returning id`);
    const ids = (added as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    try {
      const files = await Promise.all(
        Array.from({ length: 4 }, () => fecOf('fec?from=1996-05-01&to=1996-05-31')),
      );
      for (const file of files) expect(new Set(file.rows.map((r) => r[2])).size).toBe(50);
      const [numbers] = (
        (await h.db.owner.execute(sql`select count(*)::int as count, count(distinct number)::int as distinct,
          min(number) as min, max(number) as max from accounting_entries where company_id = 1`)) as unknown as {
          rows: { count: number; distinct: number; min: number; max: number }[];
        }
      ).rows;
      expect(numbers!.distinct).toBe(numbers!.count);
      expect(numbers!.max - numbers!.min + 1).toBe(numbers!.count);
      const [counter] = (
        (await h.db.owner.execute(sql`select last_number from numbering_counters
          where company_id = 1 and sequence = 'accounting_entry'`)) as unknown as {
          rows: { last_number: number }[];
        }
      ).rows;
      expect(counter!.last_number).toBe(numbers!.max);
    } finally {
      await h.db.owner.execute(
        sql`delete from payments where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  });
});
