/**
 * Issue 10, the document: every kind of invoice the product issues (simple with several VAT rates,
 * deposit, progress statement, final with deposits deducted, credit note, reverse charge, retainage,
 * a customer abroad) comes out as a Factur-X PDF whose CII XML passes the Factur-X 1.09 XSD and both
 * schematrons (EN 16931 CII 1.3.16 and Factur-X 1.09) with zero fatal asserts; the PDF holds the XML
 * and the Factur-X XMP; its text has every mandatory mention; PDF, XML and API agree to the cent.
 * A draft previews as PROVISOIRE without a number. Issue 18: the amount due is the « Net à payer »
 * in the XML, the PDF and the mail (the retainage a negative BT-114), lines carry their quantities,
 * units and unit prices, and the XML states the cadre de facturation (BT-23) and BT-8.
 * Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFRawStream,
  type PDFString,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/contract/format.js';
import { banks, companies, companyFiles, invoices } from '../src/db/schema.js';
import { fatalAsserts, pdfText, prepareSchematrons, schemaErrors } from './support/factur-x-validators.js';
import { bootHarness, type Harness } from './support/harness.js';
import { acceptedQuote } from './support/quotes.js';

let h: Harness;
let admin: string;
let user: string;
const rate = { twenty: 0, ten: 0, fiveFive: 0, reverse: 0 };

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below.
type Json = any;

async function api(method: 'GET' | 'POST', path: string, json?: unknown, token = admin) {
  const response = await h.request(method, `/v2/companies/1${path}`, {
    token,
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

async function validate(invoice: Json) {
  return ok('POST', `/invoices/${invoice.id}/validate`, { version: invoice.version });
}

const line = (
  label: string,
  unit: string,
  quantityMilli: number,
  unitPriceCents: number,
  vatRateId: number,
  chapter = '',
) => ({
  chapter,
  label,
  unit,
  quantityMilli,
  unitPriceCents,
  vatRateId,
});

/**
 * A simple invoice, three VAT rates, a business customer, validated now. A validated invoice prints
 * what was true at its validation (its document is frozen then): a test of what the settings or the
 * company data change on the document issues a new one after the change.
 */
async function issueSeveralRates(extra: Json = {}) {
  return validate(
    await ok('POST', '/invoices', {
      kind: 'simple',
      customerId: professionalId,
      title: 'Rénovation salle de bains',
      comment: 'Travaux réalisés selon votre commande du 2 novembre.',
      lines: [
        line('Dépose de la baignoire', 'forfait', 1_000, 35_000, rate.twenty, 'Démolition'),
        line('Carrelage mural 20 × 40', 'm²', 12_500, 4_567, rate.ten, 'Revêtements'),
        line('Isolation des murs', 'm²', 8_333, 2_199, rate.fiveFive, 'Revêtements'),
      ],
      ...extra,
    }),
  );
}

/** The validated invoices of every kind, by name. */
const issued: Record<string, Json> = {};
let draft: Json;
let professionalId: number;
let privateId: number;
let abroadId: number;
let jobId: number;

beforeAll(async () => {
  // The schematrons are read (compiled first when their stylesheet changed) while the invoices are made.
  const compiling = prepareSchematrons();
  h = await bootHarness();
  admin = await h.tokenFor('admin@demo.fr');
  user = await h.tokenFor('user@demo.fr');
  const rates = (await ok('GET', '/vat-rates')) as { id: number; basisPoints: number }[];
  rate.twenty = rates.find((r) => r.basisPoints === 2000)!.id;
  rate.ten = rates.find((r) => r.basisPoints === 1000)!.id;
  rate.fiveFive = rates.find((r) => r.basisPoints === 550)!.id;
  rate.reverse = rates.find((r) => r.basisPoints === 0)!.id;

  professionalId = (
    await ok('POST', '/customers', {
      type: 'professional',
      companyName: 'SCI Les Tilleuls',
      lastName: 'Garnier',
      address: '4 allée des Tilleuls',
      zipCode: '69100',
      city: 'Villeurbanne',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      paymentDeadline: { rule: 'endOfMonth', value: 30 },
      paymentModes: ['transfer', 'check'],
    })
  ).id;
  privateId = (
    await ok('POST', '/customers', {
      type: 'private',
      civility: 'M.',
      firstName: 'Jean',
      lastName: 'Dupuis',
      address: '8 rue Victor Hugo',
      zipCode: '69002',
      city: 'Lyon',
    })
  ).id;
  abroadId = (
    await ok('POST', '/customers', {
      type: 'professional',
      companyName: 'Bouwbedrijf Peeters',
      address: 'Rue de la Loi 16',
      zipCode: '1000',
      city: 'Bruxelles',
      country: 'Belgique',
      vatNumber: 'BE0123456749',
      paymentModes: ['transfer'],
    })
  ).id;

  // Simple invoice, three VAT rates, a business customer.
  issued.severalRates = await issueSeveralRates();

  // A job with retainage, its quote (two rates), then deposit, progress statement and final invoice.
  const job = await ok('POST', '/business-jobs', {
    name: 'Extension maison Garnier',
    customerId: professionalId,
    siteAddress: '12 chemin des Prés, 69570 Dardilly',
    retainageBasisPoints: 500,
  });
  jobId = job.id;
  const quote = await acceptedQuote(ok, {
    businessJobId: job.id,
    title: 'Extension 25 m²',
    date: '2026-02-10',
    lines: [
      line('Fondations', 'm³', 6_250, 18_990, rate.twenty, 'Gros œuvre'),
      line('Élévation des murs', 'm²', 48_000, 7_345, rate.twenty, 'Gros œuvre'),
      line('Menuiseries isolantes', 'u', 3_000, 84_950, rate.ten, 'Second œuvre'),
    ],
  });
  issued.deposit = await validate(
    await ok('POST', '/invoices', { kind: 'deposit', quoteId: quote.id, depositBasisPoints: 3000 }),
  );
  const quoteLines = ((await ok('GET', `/quotes/${quote.id}`)).chapters as Json[]).flatMap(
    (c: Json) => c.lines,
  );
  issued.progress = await validate(
    await ok('POST', '/invoices', {
      kind: 'progress',
      quoteId: quote.id,
      progress: quoteLines.map((l: Json, i: number) => ({
        quoteLineId: l.id,
        progressBasisPoints: [10000, 4500, 3333][i],
      })),
    }),
  );
  issued.final = await validate(await ok('POST', '/invoices', { kind: 'final', quoteId: quote.id }));

  // Reverse charge: construction subcontracting (autoliquidation).
  issued.reverseCharge = await validate(
    await ok('POST', '/invoices', {
      kind: 'simple',
      customerId: professionalId,
      title: 'Sous-traitance maçonnerie',
      lines: [line('Murs de refend', 'm²', 210_000, 8_800, rate.reverse)],
    }),
  );
  // A customer abroad.
  issued.abroad = await validate(
    await ok('POST', '/invoices', {
      kind: 'simple',
      customerId: abroadId,
      lines: [line('Étude de faisabilité', 'h', 14_500, 8_500, rate.twenty)],
    }),
  );
  // A private customer (no 40 € indemnity), then its cancellation: a credit note.
  const privateInvoice = await validate(
    await ok('POST', '/invoices', {
      kind: 'simple',
      customerId: privateId,
      lines: [line('Remplacement chaudière', 'u', 1_000, 289_900, rate.fiveFive)],
    }),
  );
  issued.private = privateInvoice;
  const cancelled = await ok('POST', `/invoices/${privateInvoice.id}/cancel`, {
    version: privateInvoice.version,
  });
  issued.creditNote = await ok('GET', `/invoices/${cancelled.creditNoteId}`);

  draft = await ok('POST', '/invoices', {
    kind: 'simple',
    customerId: privateId,
    lines: [line('Peinture plafond', 'm²', 30_000, 1_800, rate.ten)],
  });
  await compiling;
}, 1_200_000);
afterAll(() => h?.close());

async function xmlOf(invoice: Json) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${invoice.id}/factur-x.xml`, {
    token: admin,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/xml');
  return response.text();
}

async function pdfOf(invoice: Json, token = admin) {
  const response = await h.request('GET', `/v2/companies/1/invoices/${invoice.id}/pdf`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    disposition: response.headers.get('content-disposition'),
  };
}

/** The cents of one monetary element of the XML's header summation. */
function xmlCents(xml: string, element: string): number {
  const match = new RegExp(`<ram:${element}[^>]*>(-?\\d+)\\.(\\d{2})</ram:${element}>`).exec(xml);
  if (!match) throw new Error(`no ${element}`);
  const cents = Number(match[1]!.replace('-', '')) * 100 + Number(match[2]);
  return match[1]!.startsWith('-') ? -cents : cents;
}

/** Whitespace of any kind (French narrow spaces included) as one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The embedded files of a PDF, read back with pdf-lib: name → {bytes, AFRelationship, subtype}. */
async function attachments(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const names = pdf.catalog.lookup(PDFName.of('Names'), PDFDict);
  const tree = names.lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = tree.lookup(PDFName.of('Names'), PDFArray);
  const found: Record<string, { xml: string; relationship: string; subtype: string }> = {};
  for (let i = 0; i < list.size(); i += 2) {
    const name = (list.lookup(i) as PDFString).decodeText();
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFRawStream;
    found[name] = {
      xml: new TextDecoder().decode(decodePDFRawStream(stream).decode()),
      relationship: String(spec.get(PDFName.of('AFRelationship'))),
      subtype: String(stream.dict.get(PDFName.of('Subtype'))),
    };
  }
  const af = pdf.catalog.lookup(PDFName.of('AF'), PDFArray);
  const metadata = pdf.catalog.lookup(PDFName.of('Metadata')) as PDFRawStream;
  const intents = pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
  return {
    found,
    afCount: af.size(),
    xmp: new TextDecoder().decode(metadata.getContents()),
    outputIntent: intents.lookup(0, PDFDict),
  };
}

const kinds = [
  'severalRates',
  'deposit',
  'progress',
  'final',
  'creditNote',
  'reverseCharge',
  'abroad',
  'private',
] as const;

describe('the CII XML of every kind of invoice passes the official checks', () => {
  for (const kind of kinds) {
    it(`${kind}: Factur-X XSD, EN 16931 and Factur-X schematrons without a fatal assert`, async () => {
      const xml = await xmlOf(issued[kind]);
      expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(await schemaErrors(xml)).toBe('');
      expect(await fatalAsserts('en16931', xml)).toEqual([]);
      expect(await fatalAsserts('facturX', xml)).toEqual([]);
    }, 300_000);
  }

  it('the checks do catch a wrong invoice (the test can fail)', async () => {
    const xml = (await xmlOf(issued.severalRates)).replace(
      /<ram:GrandTotalAmount>[^<]+</,
      '<ram:GrandTotalAmount>1.00<',
    );
    expect((await fatalAsserts('en16931', xml)).some((a) => a.startsWith('BR-CO-15'))).toBe(true);
  }, 300_000);

  it('each kind says what it is: 386 deposit, 381 credit note naming the invoice it corrects, 380 otherwise', async () => {
    expect(await xmlOf(issued.deposit)).toContain('<ram:TypeCode>386</ram:TypeCode>');
    expect(await xmlOf(issued.final)).toContain('<ram:TypeCode>380</ram:TypeCode>');
    const credit = await xmlOf(issued.creditNote);
    expect(credit).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(credit).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${issued.private.number}</ram:IssuerAssignedID>`,
      ),
    );
  });

  it('reverse charge: category AE, no VAT, the exemption reason with the CGI article', async () => {
    const xml = await xmlOf(issued.reverseCharge);
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(xml).toContain(
      '<ram:ExemptionReason>Autoliquidation (article 283-2 nonies du CGI)</ram:ExemptionReason>',
    );
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    expect(xmlCents(xml, 'TaxTotalAmount')).toBe(0);
  });

  it('the customer abroad is in its country (BE), the seller in France', async () => {
    const xml = await xmlOf(issued.abroad);
    const buyer = /<ram:BuyerTradeParty>[\s\S]*?<\/ram:BuyerTradeParty>/.exec(xml)![0];
    expect(buyer).toContain('<ram:CountryID>BE</ram:CountryID>');
    expect(buyer).toContain('<ram:ID schemeID="VA">BE0123456749</ram:ID>');
  });

  it('the final invoice deducts the deposit per VAT rate, as lines the XML states', async () => {
    const xml = await xmlOf(issued.final);
    expect(xml.match(/Déduction des acomptes/g)?.length).toBe(2);
  });
});

describe('the Factur-X PDF', () => {
  it('holds factur-x.xml (AFRelationship Data, listed in /AF), the XMP and the sRGB OutputIntent', async () => {
    const { bytes, disposition } = await pdfOf(issued.severalRates);
    expect(disposition).toContain(`${issued.severalRates.number}.pdf`);
    const read = await attachments(bytes);
    expect(Object.keys(read.found)).toEqual(['factur-x.xml']);
    expect(read.found['factur-x.xml']!.relationship).toBe('/Data');
    expect(read.found['factur-x.xml']!.subtype).toBe('/text#2Fxml');
    expect(read.found['factur-x.xml']!.xml).toBe(await xmlOf(issued.severalRates));
    expect(read.afCount).toBe(1);
    expect(read.xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(read.xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(read.xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(read.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(read.xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(read.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(read.xmp).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(String(read.outputIntent.get(PDFName.of('S')))).toBe('/GTS_PDFA1');
    expect(read.outputIntent.get(PDFName.of('DestOutputProfile'))).toBeDefined();
  });

  it('embeds Poppins and only Poppins', async () => {
    const pdf = await PDFDocument.load((await pdfOf(issued.final)).bytes);
    const fonts = new Set<string>();
    for (const [, object] of pdf.context.enumerateIndirectObjects())
      if (object instanceof PDFDict && String(object.get(PDFName.of('Type'))) === '/Font')
        fonts.add(String(object.get(PDFName.of('BaseFont'))));
    expect([...fonts].every((name) => name.includes('Poppins'))).toBe(true);
    expect(fonts.size).toBeGreaterThan(0);
  });

  it('each page lists each font it uses once, not once per string drawn (the draft too)', async () => {
    for (const invoice of [issued.final, draft]) {
      const pdf = await PDFDocument.load((await pdfOf(invoice)).bytes);
      for (const page of pdf.getPages()) {
        const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
        const refs = fonts.values().map(String);
        expect(refs.length).toBeGreaterThan(0);
        expect(refs.length).toBe(new Set(refs).size);
      }
    }
  });

  it('prints every mandatory mention of a business invoice', async () => {
    const text = plain(await pdfText((await pdfOf(issued.final)).bytes));
    const [company] = await h.db.owner.select().from(companies).where(eq(companies.id, 1));
    for (const mention of [
      company!.name,
      `${company!.legalForm} au capital de ${plain(formatCents(company!.capitalCents))}`,
      `SIREN ${company!.siret.slice(0, 9)}`,
      `SIRET ${company!.siret}`,
      company!.rcs,
      `APE ${company!.apeCode}`,
      `TVA intracommunautaire ${company!.vatNumber}`,
      company!.address,
      'SCI Les Tilleuls',
      '4 allée des Tilleuls',
      'SIREN 732829320',
      'TVA intracommunautaire FR44732829320',
      'Adresse des travaux : 12 chemin des Prés, 69570 Dardilly',
      `N° ${issued.final.number}`,
      "Date d'exécution des travaux",
      'Élévation des murs',
      'm²',
      'PU HT',
      // The final invoice after a statement: its lines as an « état de situation » (invoice-pdf-layout.test.ts).
      'Avanc. cumulé',
      'Élévation des murs 3 525,60 € 100 % 3 525,60 € 1 586,52 € 1 939,08 €',
      'Total HT',
      'TVA 20 % sur',
      'TVA 10 % sur',
      'Total TTC',
      'Acomptes déduits HT',
      'Acomptes déduits TTC',
      'Retenue de garantie (5 %)',
      'libérée un an après la réception des travaux',
      'Échéance',
      'Conditions de paiement : 30 jours fin de mois',
      "Pénalités de retard : trois fois le taux d'intérêt légal",
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      "Pas d'escompte pour paiement anticipé.",
      `Assurance décennale : ${company!.insuranceName}, ${company!.insuranceAddress} — contrat n° ${company!.insuranceContractNumber} — couverture géographique : France métropolitaine`,
      "Nature de l'opération : Prestation de services.",
      'Banque : ',
      'IBAN : ',
      'BIC : ',
      'Attestation simplifiée de TVA à taux réduit à fournir par le client.',
    ])
      expect(text).toContain(plain(mention));
  });

  it('reverse charge prints « Autoliquidation » with the article and no VAT; a credit note names its invoice', async () => {
    const reverse = plain(await pdfText((await pdfOf(issued.reverseCharge)).bytes, { layout: true }));
    expect(reverse).toContain('Autoliquidation (article 283-2 nonies du CGI) : TVA due par le preneur');
    expect(reverse).toContain(plain(`TVA autoliquidée sur ${formatCents(1_848_000)} ${formatCents(0)}`));
    expect(reverse).toContain(plain(`Total TVA ${formatCents(0)}`));
    const credit = plain(await pdfText((await pdfOf(issued.creditNote)).bytes));
    expect(credit).toContain('AVOIR');
    expect(credit).toContain(
      `Avoir portant sur la facture n° ${issued.private.number} du ${issued.private.date.split('-').reverse().join('/')}`,
    );
  });

  it('a private customer has no 40 € indemnity line', async () => {
    const text = plain(await pdfText((await pdfOf(issued.private)).bytes));
    expect(text).toContain("Pas d'escompte pour paiement anticipé.");
    expect(text).not.toContain('Indemnité forfaitaire');
  });

  it('each kind prints what it is: several rates, deposit, progress statement, a customer abroad', async () => {
    const severalRates = plain(await pdfText((await pdfOf(issued.severalRates)).bytes, { layout: true }));
    for (const mention of [
      'Travaux réalisés selon votre commande du 2 novembre.',
      'TVA 20 % sur',
      'TVA 10 % sur',
      'TVA 5,5 % sur',
      // Per line: quantity (kept at the settings' 2 decimals), unit, unit price HT, VAT rate, total HT.
      'Isolation des murs 8,33 m² 21,99 € 5,5 % 183,18 €',
      'Attestation simplifiée de TVA à taux réduit à fournir par le client.',
    ])
      expect(severalRates).toContain(plain(mention));

    const deposit = plain(await pdfText((await pdfOf(issued.deposit)).bytes));
    expect(deposit).toContain("FACTURE D'ACOMPTE");
    expect(deposit).toContain('Acompte de 30 % à la commande');
    expect(deposit).toMatch(/Devis n° \S+ du 10\/02\/2026/);

    const progress = plain(await pdfText((await pdfOf(issued.progress)).bytes));
    expect(progress).toContain('SITUATION DE TRAVAUX');
    expect(progress).toContain('Situation n° 1');
    expect(progress).toContain('Élévation des murs 3 525,60 € 45 % 1 586,52 € 0,00 € 1 586,52 €');
    expect(progress).toContain('Retenue de garantie (5 %)');

    const abroad = plain(await pdfText((await pdfOf(issued.abroad)).bytes));
    for (const mention of ['Bouwbedrijf Peeters', 'Rue de la Loi 16', '1000 Bruxelles', 'Belgique'])
      expect(abroad).toContain(mention);
    expect(abroad).toContain('TVA intracommunautaire BE0123456749');
    expect(abroad).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    // 20 % only: no reduced-rate certificate to ask for.
    expect(abroad).not.toContain('Attestation simplifiée');
  });

  it('PDF, XML and API agree to the cent on every kind', async () => {
    for (const kind of kinds) {
      const invoice = await ok('GET', `/invoices/${issued[kind].id}`);
      const xml = await xmlOf(invoice);
      const sign = invoice.kind === 'credit_note' ? -1 : 1;
      expect(sign * xmlCents(xml, 'TaxBasisTotalAmount')).toBe(invoice.totalExclTaxCents);
      expect(sign * xmlCents(xml, 'TaxTotalAmount')).toBe(invoice.totalVatCents);
      expect(sign * xmlCents(xml, 'GrandTotalAmount')).toBe(invoice.totalInclTaxCents);
      const text = plain(await pdfText((await pdfOf(invoice)).bytes, { layout: true }));
      expect(text).toContain(plain(`Total HT ${formatCents(sign * invoice.totalExclTaxCents)}`));
      expect(text).toContain(plain(`Total TVA ${formatCents(sign * invoice.totalVatCents)}`));
      expect(text).toContain(plain(`Total TTC ${formatCents(sign * invoice.totalInclTaxCents)}`));
      if (invoice.retainageCents !== 0)
        expect(text).toContain(plain(formatCents(-sign * invoice.retainageCents)));
    }
  }, 300_000);
});

describe('a draft', () => {
  it('previews with a PROVISOIRE watermark and no number, without Factur-X', async () => {
    const { bytes, disposition } = await pdfOf(draft, user);
    expect(disposition).toContain(`facture-provisoire-${draft.id}.pdf`);
    const text = plain(await pdfText(bytes));
    expect(text).toContain('PROVISOIRE — sans numéro');
    expect(text).toContain('PROVISOIRE');
    expect(text).not.toMatch(/N° FA-/);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.catalog.get(PDFName.of('Names'))).toBeUndefined();
  });

  it('has no XML yet: 409 invoice_not_validated', async () => {
    const { status, body } = await api('GET', `/invoices/${draft.id}/factur-x.xml`);
    expect(status).toBe(409);
    expect(body).toEqual({ error: { key: 'invoice_not_validated' } });
  });

  it("another company's invoice is a 404 for both documents", async () => {
    const [other] = await h.db.owner
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.companyId, 2))
      .limit(1);
    expect(other).toBeDefined();
    for (const suffix of ['pdf', 'factur-x.xml']) {
      const response = await h.request('GET', `/v2/companies/1/invoices/${other!.id}/${suffix}`, {
        token: admin,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { key: 'not_found' } });
    }
  });
});

describe('validation needs the mandatory company mentions', () => {
  it('refuses with company_data_missing naming the empty fields, then validates once they are filled', async () => {
    const [before] = await h.db.owner.select().from(companies).where(eq(companies.id, 1));
    await h.db.owner.update(companies).set({ siret: '', apeCode: ' ' }).where(eq(companies.id, 1));
    try {
      const { status, body } = await api('POST', `/invoices/${draft.id}/validate`, {
        version: draft.version,
      });
      expect(status).toBe(422);
      expect(body).toEqual({
        error: { key: 'company_data_missing', fields: { siret: 'required', apeCode: 'required' } },
      });
      expect((await ok('GET', `/invoices/${draft.id}`)).status).toBe('PROVISOIRE');
    } finally {
      await h.db.owner
        .update(companies)
        .set({ siret: before!.siret, apeCode: before!.apeCode })
        .where(eq(companies.id, 1));
    }
  });
});

describe('document settings (settings/documents)', () => {
  it('reads every field, edits with the version, refuses a stale one, and the PDF follows them', async () => {
    const read = await ok('GET', '/settings/documents');
    expect(read).toMatchObject({
      invoiceTitle: 'Facture',
      termsOnInvoice: false,
      operationNature: 'services',
      invoiceNumberFormat: 'FA-{AAAA}-{NNNNN}',
    });
    const edited = await ok('POST', '/settings/documents/edit', {
      version: read.version,
      invoiceTitle: 'Facture de travaux',
      invoiceCompanyName: 'Martin Rénovation Lyon',
      footerText: 'Membre de la CAPEB',
      termsOfSale: 'Article 1 — Les présentes conditions régissent nos travaux.',
      termsOnInvoice: true,
      termsOnNewPage: true,
      vatOnDebits: true,
      operationNature: 'mixed',
    });
    expect(edited.version).toBe(read.version + 1);
    const stale = await api('POST', '/settings/documents/edit', { version: read.version, invoiceTitle: 'X' });
    expect(stale).toMatchObject({ status: 409, body: { error: { key: 'stale_version' } } });

    const after = await issueSeveralRates();
    const { bytes } = await pdfOf(after);
    const text = plain(await pdfText(bytes));
    expect(text).toContain('FACTURE DE TRAVAUX');
    expect(text).toContain('Martin Rénovation Lyon');
    expect(text).toContain('Membre de la CAPEB');
    expect(text).toContain("Option pour le paiement de la taxe d'après les débits.");
    expect(text).toContain("Nature de l'opération : Livraison de biens et prestation de services.");
    expect(text).toContain('Conditions générales de vente Article 1');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const xml = await xmlOf(after);
    expect(xml).toContain('<ram:TradingBusinessName>Martin Rénovation Lyon</ram:TradingBusinessName>');
    expect(await fatalAsserts('en16931', xml)).toEqual([]);
  }, 300_000);

  it("the company's logo (uploaded as the preferences do) heads the invoice", async () => {
    const images = async (invoice: Json) => {
      const pdf = await PDFDocument.load((await pdfOf(invoice)).bytes);
      let count = 0;
      for (const [, object] of pdf.context.enumerateIndirectObjects())
        if ('dict' in object && String((object as PDFRawStream).dict.get(PDFName.of('Subtype'))) === '/Image')
          count++;
      return count;
    };
    expect(await images(issued.abroad)).toBe(0);
    const pixel = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await h.db.owner
      .insert(companyFiles)
      .values({ companyId: 1, purpose: 'logo', contentType: 'image/png', bytes: pixel });
    try {
      expect(await images(await issueSeveralRates({ customerId: abroadId }))).toBeGreaterThan(0);
      // The invoice issued before the upload stays as it was issued.
      expect(await images(issued.abroad)).toBe(0);
    } finally {
      await h.db.owner
        .delete(companyFiles)
        .where(and(eq(companyFiles.companyId, 1), eq(companyFiles.purpose, 'logo')));
    }
  });

  it('numbering is for administrators only; other fields any user may change; bad values are 422', async () => {
    const read = await ok('GET', '/settings/documents');
    const numbering = await api(
      'POST',
      '/settings/documents/edit',
      { version: read.version, invoiceNumberFormat: 'F-{NNNN}' },
      user,
    );
    expect(numbering).toMatchObject({ status: 403, body: { error: { key: 'admin_required' } } });
    const title = await api(
      'POST',
      '/settings/documents/edit',
      { version: read.version, footerText: 'Merci !' },
      user,
    );
    expect(title.status).toBe(200);
    const pattern = await api('POST', '/settings/documents/edit', {
      version: title.body.data.version,
      invoiceNumberFormat: 'F-{X}',
    });
    expect(pattern).toMatchObject({ status: 422, body: { error: { key: 'invalid_number_pattern' } } });
    const unknown = await api('POST', '/settings/documents/edit', {
      version: title.body.data.version,
      color: 'red',
    });
    expect(unknown).toMatchObject({ status: 422, body: { error: { key: 'validation' } } });
    const foreignBank = await api('POST', '/settings/documents/edit', {
      version: title.body.data.version,
      invoiceBankId: 999999,
    });
    expect(foreignBank).toMatchObject({
      status: 422,
      body: { error: { key: 'validation', fields: { invoiceBankId: 'invalid' } } },
    });
  });
});

describe('what the settings choose, and the retainage release once the works are received', () => {
  it('header text, settings comment, payment modes and bank shown or not, the bank chosen', async () => {
    const read = await ok('GET', '/settings/documents');
    const [chosen] = await h.db.owner
      .insert(banks)
      .values({
        companyId: 1,
        name: 'Banque Populaire Auvergne Rhône Alpes',
        iban: 'FR7630001007941234567890185',
        bic: 'CCBPFRPPLYO',
      })
      .returning();
    const shown = await ok('POST', '/settings/documents/edit', {
      version: read.version,
      headerText: 'Entreprise certifiée RGE Qualibat',
      invoiceComment: 'Merci de rappeler le numéro de facture avec votre règlement.',
      invoiceBankId: chosen!.id,
      invoiceShowPaymentModes: true,
      invoiceShowBank: true,
    });
    const text = plain(await pdfText((await pdfOf(await issueSeveralRates())).bytes));
    expect(text).toContain('Entreprise certifiée RGE Qualibat');
    expect(text).toContain('Merci de rappeler le numéro de facture avec votre règlement.');
    expect(text).toContain('Conditions de paiement : 30 jours fin de mois, par virement, chèque');
    expect(text).toContain(
      'Banque : Banque Populaire Auvergne Rhône Alpes — IBAN : FR7630001007941234567890185 — BIC : CCBPFRPPLYO',
    );

    await ok('POST', '/settings/documents/edit', {
      version: shown.version,
      invoiceShowPaymentModes: false,
      invoiceShowBank: false,
    });
    const hidden = plain(await pdfText((await pdfOf(await issueSeveralRates())).bytes));
    expect(hidden).toContain('Conditions de paiement : 30 jours fin de mois — échéance');
    expect(hidden).not.toContain('par virement');
    expect(hidden).not.toContain('IBAN');
  });

  it('the job received: the works date is the reception, the retainage is released a year after it', async () => {
    const job = await ok('GET', `/business-jobs/${jobId}`);
    await ok('POST', `/business-jobs/${jobId}/edit`, {
      id: jobId,
      version: job.version,
      deliveryDate: '2026-06-30',
    });
    // An invoice of the job issued after the reception (those before print what they were issued with).
    const afterReception = await issueSeveralRates({ businessJobId: jobId });
    const text = plain(await pdfText((await pdfOf(afterReception)).bytes));
    expect(text).toContain('Réception des travaux : 30/06/2026');
    expect(text).toMatch(/Retenue de garantie de 5 % du TTC : .*, libérée le 30\/06\/2027\./);
  });

  it("a works date typed on the invoice is printed as « Date d'exécution des travaux » and is the XML's delivery date, before the reception's; cleared, the reception again", async () => {
    const job = await ok('GET', `/business-jobs/${jobId}`);
    if (job.deliveryDate !== '2026-06-30')
      await ok('POST', `/business-jobs/${jobId}/edit`, {
        id: jobId,
        version: job.version,
        deliveryDate: '2026-06-30',
      });
    const draftWorkedOn15May = () =>
      ok('POST', '/invoices', {
        kind: 'simple',
        customerId: professionalId,
        businessJobId: jobId,
        worksDate: '2026-05-15',
        lines: [line('Pose de carrelage', 'm²', 10_000, 4_500, rate.ten)],
      });
    const withDate = await draftWorkedOn15May();
    expect(withDate.worksDate).toBe('2026-05-15');
    const issuedWithDate = await validate(withDate);
    const text = plain(await pdfText((await pdfOf(issuedWithDate)).bytes));
    expect(text).toContain("Date d'exécution des travaux : 15/05/2026");
    expect(text).not.toContain('Réception des travaux');
    expect(await xmlOf(issuedWithDate)).toMatch(
      /<ram:ActualDeliverySupplyChainEvent>\s*<ram:OccurrenceDateTime>\s*<udt:DateTimeString format="102">20260515<\/udt:DateTimeString>/,
    );
    // Its cancellation's credit note is about the same works.
    const cancelled = await ok('POST', `/invoices/${issuedWithDate.id}/cancel`, {
      version: issuedWithDate.version,
    });
    const creditNote = await ok('GET', `/invoices/${cancelled.creditNoteId}`);
    expect(creditNote.worksDate).toBe('2026-05-15');
    expect(plain(await pdfText((await pdfOf(creditNote)).bytes))).toContain(
      "Date d'exécution des travaux : 15/05/2026",
    );

    // A draft: the date cleared (null) falls back to the job's reception (30/06/2026 above).
    const draftWith = await draftWorkedOn15May();
    const edited = await ok('POST', `/invoices/${draftWith.id}/edit`, {
      id: draftWith.id,
      version: draftWith.version,
      worksDate: null,
    });
    expect(edited.worksDate).toBeNull();
    const draftText = plain(await pdfText((await pdfOf(edited)).bytes));
    expect(draftText).toContain('Réception des travaux : 30/06/2026');

    // Not a date: refused with the field named.
    const refused = await api('POST', '/invoices', {
      kind: 'simple',
      customerId: professionalId,
      worksDate: '31/02/2026',
      lines: [line('Pose', 'm²', 1_000, 4_500, rate.ten)],
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('worksDate');
  });
});

/** The XML's lines: name, quantity (BT-129), unit (BT-130), net price (BT-146) and amount (BT-131). */
function xmlLines(xml: string) {
  const items = xml.matchAll(
    /<ram:IncludedSupplyChainTradeLineItem>([\s\S]*?)<\/ram:IncludedSupplyChainTradeLineItem>/g,
  );
  return [...items].map(([, item]) => {
    const pick = (pattern: RegExp) => pattern.exec(item ?? '')?.[1] ?? '';
    return {
      name: pick(/<ram:Name>([^<]*)<\/ram:Name>/),
      quantity: pick(/<ram:BilledQuantity unitCode="[^"]*">([^<]*)</),
      unit: pick(/<ram:BilledQuantity unitCode="([^"]*)"/),
      price: pick(/<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>([^<]*)</),
      amount: pick(/<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>([^<]*)</),
    };
  });
}

const billingFramework = (xml: string) =>
  /<ram:BusinessProcessSpecifiedDocumentContextParameter>\s*<ram:ID>([^<]*)</.exec(xml)?.[1];
const vatDueCodes = (xml: string) => [...xml.matchAll(/<ram:DueDateTypeCode>([^<]*)</g)].map((m) => m[1]);

describe('issue 18: what the structured data says', () => {
  it('with a retainage, the XML, the PDF and the mail ask for the same amount: the total incl. VAT less the retainage', async () => {
    for (const kind of ['progress', 'final'] as const) {
      const invoice = await ok('GET', `/invoices/${issued[kind].id}`);
      expect(invoice.retainageCents).toBeGreaterThan(0);
      const due = invoice.totalInclTaxCents - invoice.retainageCents;
      const xml = await xmlOf(invoice);
      // The price and its VAT stay whole: no document allowance lowers the VAT base.
      expect(xml).not.toContain('SpecifiedTradeAllowanceCharge');
      expect(xmlCents(xml, 'TaxBasisTotalAmount')).toBe(invoice.totalExclTaxCents);
      expect(xmlCents(xml, 'GrandTotalAmount')).toBe(invoice.totalInclTaxCents);
      // Withheld, not paid: no BT-113; BT-115 = BT-112 + BT-114 (BR-CO-16).
      expect(xml).not.toContain('TotalPrepaidAmount');
      expect(xmlCents(xml, 'RoundingAmount')).toBe(-invoice.retainageCents);
      expect(xmlCents(xml, 'DuePayableAmount')).toBe(due);

      const text = plain(await pdfText((await pdfOf(invoice)).bytes, { layout: true }));
      expect(text).toContain(plain(`Net à payer ${formatCents(due)}`));

      const { draft: mail } = await ok('GET', `/invoices/${invoice.id}/sendings`);
      expect(mail.text).toContain(formatCents(due));
      expect(mail.text).not.toContain(formatCents(invoice.totalInclTaxCents));
    }
    // Without a retainage, nothing changes: the amount due is the total.
    const simple = await xmlOf(issued.severalRates);
    expect(simple).not.toContain('RoundingAmount');
    expect(xmlCents(simple, 'DuePayableAmount')).toBe(xmlCents(simple, 'GrandTotalAmount'));
  }, 300_000);

  it("lines carry their quantity, unit code and unit price; a statement bills the period's share of the quote quantity", async () => {
    const several = xmlLines(await xmlOf(issued.severalRates));
    expect(several).toContainEqual({
      name: 'Carrelage mural 20 × 40',
      quantity: '12.5',
      unit: 'MTK',
      price: '45.67',
      amount: '570.88',
    });
    expect(several).toContainEqual({
      name: 'Dépose de la baignoire',
      quantity: '1',
      unit: 'LS',
      price: '350.00',
      amount: '350.00',
    });

    // First statement: 100 %, 45 % and 33,33 % of the quote's lines.
    const progress = xmlLines(await xmlOf(issued.progress));
    expect(progress).toContainEqual({
      name: 'Fondations',
      quantity: '6.25',
      unit: 'MTQ',
      price: '189.90',
      amount: '1186.88',
    });
    expect(progress).toContainEqual({
      name: 'Élévation des murs',
      quantity: '21.6',
      unit: 'MTK',
      price: '73.45',
      amount: '1586.52',
    });
    expect(progress).toContainEqual({
      name: 'Menuiseries isolantes',
      quantity: '0.9999',
      unit: 'C62',
      price: '849.50',
      amount: '849.42',
    });
    // The deposits deducted: one flat rate less, per VAT rate.
    expect(progress.filter((l) => l.name.startsWith('Déduction des acomptes'))).toHaveLength(2);
    for (const deduction of progress.filter((l) => l.name.startsWith('Déduction des acomptes'))) {
      expect(deduction).toMatchObject({ quantity: '-1', unit: 'LS' });
      expect(deduction.amount).toBe(`-${deduction.price}`);
    }

    // The final invoice: from 45 % to 100 % (26,4 of 48 m²) and from 33,33 % to 100 % (2,0001 of 3 u).
    const final = xmlLines(await xmlOf(issued.final));
    expect(final.map((l) => l.name)).not.toContain('Fondations');
    expect(final).toContainEqual({
      name: 'Élévation des murs',
      quantity: '26.4',
      unit: 'MTK',
      price: '73.45',
      amount: '1939.08',
    });
    expect(final).toContainEqual({
      name: 'Menuiseries isolantes',
      quantity: '2.0001',
      unit: 'C62',
      price: '849.50',
      amount: '1699.08',
    });

    // The deposit invoice: one flat rate per VAT rate of the quote.
    for (const deposit of xmlLines(await xmlOf(issued.deposit)))
      expect(deposit).toMatchObject({ quantity: '1', unit: 'LS', price: deposit.amount });
  });

  it("a progress statement's credit note states the same quantities, and its retainage, and passes the checks", async () => {
    const job = await ok('POST', '/business-jobs', {
      name: 'Ravalement façade Garnier',
      customerId: professionalId,
      siteAddress: '4 allée des Tilleuls, 69100 Villeurbanne',
      retainageBasisPoints: 500,
    });
    const quote = await acceptedQuote(ok, {
      businessJobId: job.id,
      title: 'Ravalement',
      date: '2026-03-02',
      lines: [line('Enduit de façade', 'm²', 120_000, 3_250, rate.ten)],
    });
    const [quoteLine] = ((await ok('GET', `/quotes/${quote.id}`)).chapters as Json[]).flatMap(
      (c: Json) => c.lines,
    );
    const statement = await validate(
      await ok('POST', '/invoices', {
        kind: 'progress',
        quoteId: quote.id,
        progress: [{ quoteLineId: quoteLine.id, progressBasisPoints: 4000 }],
      }),
    );
    const cancelled = await ok('POST', `/invoices/${statement.id}/cancel`, { version: statement.version });
    const creditNote = await ok('GET', `/invoices/${cancelled.creditNoteId}`);
    const xml = await xmlOf(creditNote);
    expect(xmlLines(xml)).toEqual([
      { name: 'Enduit de façade', quantity: '48', unit: 'MTK', price: '32.50', amount: '1560.00' },
    ]);
    expect(xmlCents(xml, 'GrandTotalAmount')).toBe(-creditNote.totalInclTaxCents);
    expect(xmlCents(xml, 'RoundingAmount')).toBe(creditNote.retainageCents);
    expect(xmlCents(xml, 'DuePayableAmount')).toBe(
      -(creditNote.totalInclTaxCents - creditNote.retainageCents),
    );
    // The cancelled statement's cadre (the nature of the same works), as a plain credit note: digit 1.
    expect(billingFramework(xml)).toBe(billingFramework(await xmlOf(statement)));
    expect(billingFramework(xml)).toMatch(/^[BSM]1$/);
    expect(await schemaErrors(xml)).toBe('');
    expect(await fatalAsserts('en16931', xml)).toEqual([]);
    expect(await fatalAsserts('facturX', xml)).toEqual([]);
  }, 300_000);

  it('the cadre de facturation (BT-23) and when the VAT falls due (BT-8) come from the settings and the kind', async () => {
    // The demo company does works (services), without the option for the debits.
    expect(billingFramework(await xmlOf(issued.severalRates))).toBe('S1');
    expect(vatDueCodes(await xmlOf(issued.severalRates))).toEqual(['72', '72', '72']);
    expect(billingFramework(await xmlOf(issued.deposit))).toBe('S1');
    expect(billingFramework(await xmlOf(issued.progress))).toBe('S1');
    // The final invoice after deposits (never a deposit invoice: BR-FR-CO-08).
    expect(billingFramework(await xmlOf(issued.final))).toBe('S4');
    expect(billingFramework(await xmlOf(issued.creditNote))).toBe('S1');
    // Reverse charge: no VAT due by the seller, no BT-8.
    expect(vatDueCodes(await xmlOf(issued.reverseCharge))).toEqual([]);

    const read = await ok('GET', '/settings/documents');
    const issueWith = async (operationNature: string, vatOnDebits: boolean) => {
      const current = await ok('GET', '/settings/documents');
      await ok('POST', '/settings/documents/edit', {
        version: current.version,
        operationNature,
        vatOnDebits,
      });
      return xmlOf(await issueSeveralRates());
    };
    try {
      const goods = await issueWith('goods', false);
      expect(billingFramework(goods)).toBe('B1');
      expect(vatDueCodes(goods)).toEqual(['5', '5', '5']);
      expect(await fatalAsserts('en16931', goods)).toEqual([]);
      const mixedOnDebits = await issueWith('mixed', true);
      expect(billingFramework(mixedOnDebits)).toBe('M1');
      expect(vatDueCodes(mixedOnDebits)).toEqual(['5', '5', '5']);
      const servicesOnReceipts = await issueWith('services', false);
      expect(billingFramework(servicesOnReceipts)).toBe('S1');
      expect(vatDueCodes(servicesOnReceipts)).toEqual(['72', '72', '72']);
    } finally {
      const current = await ok('GET', '/settings/documents');
      await ok('POST', '/settings/documents/edit', {
        version: current.version,
        operationNature: read.operationNature,
        vatOnDebits: read.vatOnDebits,
      });
    }
  }, 300_000);
});
