/**
 * Invoice documents built without a database, for the PDF's layout tests: a plain invoice, a
 * progress statement (situation n° 2 after a deposit), and the same with every text field at the
 * longest the contract accepts.
 */
import type { DocumentStatement, InvoiceDocument, StatementLine } from '../../src/documents/invoice-data.js';

type Company = InvoiceDocument['company'];
type Customer = InvoiceDocument['customer'];
type Settings = InvoiceDocument['settings'];

export const company = (overrides: Partial<Company> = {}): Company => ({
  id: 1,
  name: 'Martin Rénovation',
  managerFirstName: 'Paul',
  managerLastName: 'Martin',
  email: 'contact@martin-renovation.fr',
  address: '12 rue des Artisans',
  zipCode: '69003',
  city: 'Lyon',
  country: 'France',
  phone: '04 72 00 00 00',
  fax: '',
  logo: null,
  website: 'martin-renovation.fr',
  siret: '73282932000074',
  rcs: 'RCS Lyon 732 829 320',
  legalForm: 'SARL',
  capitalCents: 1_000_000,
  foundationDate: null,
  apeCode: '4339Z',
  vatNumber: 'FR44732829320',
  workforce: 8,
  insuranceName: 'SMABTP',
  insuranceAddress: '8 rue Louis Armand, 75015 Paris',
  insuranceContractNumber: 'D-123456',
  scopes: [],
  subscriptionPlan: 'Essentiel',
  subscriptionRenewsOn: null,
  defaultPaymentDeadline: { rule: 'days', value: 30 },
  defaultPaymentModes: ['transfer', 'check'],
  customerCodePrefix: '',
  customerCodeDigits: 5,
  customerCodeVersion: 1,
  version: 1,
  ...overrides,
});

export const customer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 1,
  companyId: 1,
  type: 'professional',
  civility: '',
  firstName: '',
  lastName: '',
  companyName: 'Dupont Immobilier',
  job: '',
  email: '',
  phone: '',
  cellPhone: '',
  fax: '',
  address: '3 place Bellecour',
  zipCode: '69002',
  city: 'Lyon',
  country: 'France',
  vatNumber: 'FR83404833048',
  siret: '40483304800022',
  customerCode: 'C00001',
  customerCodeAuto: true,
  paymentDeadline: null,
  paymentModes: null,
  comments: '',
  version: 1,
  ...overrides,
});

export const settings = (overrides: Partial<Settings> = {}): Settings => ({
  quantityPrecision: 2,
  unitPricePrecision: 2,
  documentsPerPage: 20,
  invoiceNumberFormat: 'FA-{AAAA}-{NNNNN}',
  creditNoteNumberFormat: 'AV-{AAAA}-{NNNNN}',
  creditNoteOwnSequence: true,
  version: 1,
  invoiceTitle: 'Facture',
  invoiceComment: '',
  invoiceCompanyName: '',
  invoiceShowPaymentModes: true,
  invoiceShowBank: true,
  invoiceBankId: null,
  headerText: '',
  footerText: '',
  termsOfSale: '',
  termsOnQuote: false,
  termsOnInvoice: false,
  termsOnNewPage: true,
  quoteTitle: 'Devis',
  quoteCompanyName: '',
  quoteCeeMention: '',
  quoteValidityDays: 30,
  operationNature: 'services',
  vatOnDebits: false,
  latePenaltyRate: "trois fois le taux d'intérêt légal",
  insuranceCoverage: 'France métropolitaine',
  ...overrides,
});

/** A validated simple invoice of two lines at 20 %: 1 000,00 € HT, 1 200,00 € TTC. */
export function simpleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    id: 1,
    number: 'FA-2026-00012',
    draft: false,
    kind: 'simple',
    date: '2026-03-02',
    dueDate: '2026-04-01',
    title: 'Rénovation de la salle de bains',
    comment: '',
    paymentDeadline: { rule: 'days', value: 30 },
    paymentModes: ['transfer', 'check'],
    depositBasisPoints: null,
    amounts: {
      byRate: [{ vatRate: 2000, grossHt: 100_000, depositHt: 0, ht: 100_000, vat: 20_000 }],
      grossHt: 100_000,
      depositHt: 0,
      depositTtc: 0,
      ht: 100_000,
      vat: 20_000,
      ttc: 120_000,
      retainage: 0,
      due: 120_000,
      reverseCharge: false,
    },
    lines: [
      {
        position: 0,
        chapter: 'Plomberie',
        label: 'Dépose et pose du receveur de douche',
        unit: 'u',
        quantityMilli: 1_000,
        unitPriceCents: 60_000,
        vatBasisPoints: 2000,
        totalExclTaxCents: 60_000,
        progressBasisPoints: null,
        reverseCharge: false,
      },
      {
        position: 1,
        chapter: 'Carrelage',
        label: 'Faïence murale',
        unit: 'm²',
        quantityMilli: 10_000,
        unitPriceCents: 4_000,
        vatBasisPoints: 2000,
        totalExclTaxCents: 40_000,
        progressBasisPoints: null,
        reverseCharge: false,
      },
    ],
    vatRates: [
      {
        vatBasisPoints: 2000,
        name: 'TVA 20 %',
        regulatoryText: '',
        certificateText: '',
        reverseCharge: false,
        grossHt: 100_000,
        depositHt: 0,
        ht: 100_000,
        vat: 20_000,
      },
    ],
    reverseCharge: false,
    company: company(),
    customer: customer(),
    job: null,
    retainageReleaseDate: null,
    worksDate: null,
    quote: null,
    corrects: null,
    bank: null,
    settings: settings(),
    ...overrides,
  };
}

const statementLine = (
  chapter: string,
  label: string,
  quantityMilli: number,
  unitPriceCents: number,
  previousPercent: number,
  percent: number,
): StatementLine => {
  const contractHt = Math.round((quantityMilli * unitPriceCents) / 1000);
  const previousHt = Math.round((contractHt * previousPercent) / 10000);
  const cumulativeHt = Math.round((contractHt * percent) / 10000);
  return {
    chapter,
    label,
    unit: 'm²',
    quantityMilli,
    unitPriceCents,
    vatBasisPoints: 2000,
    contractHt,
    percent,
    previousPercent,
    cumulativeHt,
    previousHt,
    thisHt: cumulativeHt - previousHt,
  };
};

/**
 * Situation n° 2 of a quote of 20 000,00 € HT after a deposit of 30 % (6 000,00 € HT): the walls
 * go from 40 % to 70 %, the floor from 0 to 30 %, the roof stays at 0.
 */
export function progressStatement(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  const lines = [
    statementLine('Gros œuvre', 'Murs porteurs en blocs béton', 100_000, 10_000, 4000, 7000),
    statementLine('Gros œuvre', 'Dalle du rez-de-chaussée', 50_000, 10_000, 0, 3000),
    statementLine('Toiture', 'Charpente et couverture', 50_000, 10_000, 0, 0),
  ];
  const sum = (pick: (line: StatementLine) => number) => lines.reduce((t, l) => t + pick(l), 0);
  const statement: DocumentStatement = {
    number: 2,
    lines,
    contractHt: sum((l) => l.contractHt),
    cumulativeHt: sum((l) => l.cumulativeHt),
    previousHt: sum((l) => l.previousHt),
    thisHt: sum((l) => l.thisHt),
  };
  const grossHt = statement.thisHt;
  // The deposit is deducted in proportion to the progress billed (domain/deposits.ts).
  const depositHt = Math.round((600_000 * grossHt) / statement.contractHt);
  const ht = grossHt - depositHt;
  const vat = Math.round(ht * 0.2);
  const ttc = ht + vat;
  const retainage = Math.round(ttc * 0.05);
  const base = simpleInvoice();
  return {
    ...base,
    kind: 'progress',
    number: 'FA-2026-00031',
    title: 'Maison individuelle — lot gros œuvre',
    amounts: {
      byRate: [{ vatRate: 2000, grossHt, depositHt, ht, vat }],
      grossHt,
      depositHt,
      depositTtc: Math.round(depositHt * 1.2),
      ht,
      vat,
      ttc,
      retainage,
      due: ttc - retainage,
      reverseCharge: false,
    },
    lines: [
      ...lines
        .filter((l) => l.thisHt !== 0)
        .map((l, position) => ({
          position,
          chapter: l.chapter,
          label: l.label,
          unit: l.unit,
          quantityMilli: l.quantityMilli,
          unitPriceCents: l.unitPriceCents,
          vatBasisPoints: 2000,
          totalExclTaxCents: l.thisHt,
          progressBasisPoints: l.percent,
          reverseCharge: false,
        })),
      {
        position: 9,
        chapter: '',
        label: 'Déduction des acomptes (TVA 20 %)',
        unit: 'forfait',
        quantityMilli: 1000,
        unitPriceCents: -depositHt,
        vatBasisPoints: 2000,
        totalExclTaxCents: -depositHt,
        progressBasisPoints: null,
        reverseCharge: false,
      },
    ],
    vatRates: [{ ...base.vatRates[0]!, grossHt, depositHt, ht, vat }],
    job: {
      name: 'Maison Dupont',
      siteAddress: '4 chemin des Vignes 69480 Anse',
      deliveryDate: null,
      retainageBasisPoints: 500,
    },
    quote: { number: 'DE-2026-00007', date: '2026-01-12', title: 'Maison individuelle' },
    statement,
    deposits: [{ number: 'FA-2026-00018', date: '2026-01-20', ht: 600_000, ttc: 720_000 }],
    previousStatements: 1,
    ...overrides,
  };
}

/**
 * Text of exactly `length` characters: words of the given text repeated (`spaced`), or one
 * unbroken run of its letters (the worst case: it has to be cut, it cannot wrap).
 */
export function textOf(length: number, sample: string, spaced = true): string {
  const unit = spaced ? `${sample} ` : sample.replaceAll(' ', '');
  return unit.repeat(Math.ceil(length / unit.length) + 1).slice(0, length);
}

/**
 * Every text field that reaches the document at the longest the contract accepts
 * (src/contract/*.ts, server/src/schemas/*.ts: company 200/300/100…, customer 200/300/100…,
 * document settings 100/200/1 000/2 000/20 000, invoice title 200 and comment 4 000, line label
 * 500, chapter 200, unit 20, job name 200 and site 300, bank name 100, VAT texts 2 000 and 5 000),
 * written in `sample`'s letters.
 */
export function longestDocument(
  base: InvoiceDocument,
  sample = 'Wagner Nguyễn Đức Yılmaz İnşaat',
  spaced = true,
): InvoiceDocument {
  const t = (length: number) => textOf(length, sample, spaced);
  return {
    ...base,
    // The format is 40 characters; its counter may run to 10 digits.
    number: `${t(40)}0000000001`.replaceAll(' ', '-'),
    title: t(200),
    comment: t(4000),
    lines: base.lines.map((line) => ({
      ...line,
      chapter: line.chapter && t(200),
      label: t(500),
      unit: t(20),
    })),
    vatRates: base.vatRates.map((rate) => ({
      ...rate,
      name: t(100),
      regulatoryText: t(2000),
      certificateText: t(5000),
    })),
    company: company({
      name: t(200),
      address: t(300),
      zipCode: t(10),
      city: t(100),
      country: t(100),
      phone: t(30),
      email: t(254),
      website: t(200),
      rcs: t(100),
      legalForm: t(100),
      insuranceName: t(200),
      insuranceAddress: t(300),
      insuranceContractNumber: t(100),
    }),
    customer: customer({
      civility: t(30),
      firstName: t(100),
      lastName: t(100),
      companyName: t(200),
      address: t(300),
      zipCode: t(10),
      city: t(100),
      country: t(100),
    }),
    job: {
      name: t(200),
      siteAddress: t(300),
      deliveryDate: null,
      retainageBasisPoints: base.job?.retainageBasisPoints ?? 500,
    },
    quote: { number: t(50), date: '2026-01-12', title: t(200) },
    bank: {
      id: 1,
      companyId: 1,
      name: t(100),
      bankCode: t(20),
      accountingNumber: t(20),
      bic: 'BNPAFRPPXXX',
      iban: 'FR7630006000011234567890189',
      address: t(300),
      zipCode: t(10),
      city: t(100),
      country: t(100),
      phone: t(30),
      isDefault: true,
      version: 1,
    },
    settings: settings({
      invoiceTitle: t(100),
      invoiceComment: t(2000),
      invoiceCompanyName: t(200),
      headerText: t(1000),
      footerText: t(1000),
      termsOfSale: t(20_000),
      termsOnInvoice: true,
      latePenaltyRate: t(300),
      insuranceCoverage: t(300),
    }),
    statement: base.statement && {
      ...base.statement,
      lines: base.statement.lines.map((line) => ({ ...line, chapter: t(200), label: t(500), unit: t(20) })),
    },
    deposits: base.deposits?.map((deposit) => ({ ...deposit, number: `${t(40)}0000000001` })),
  };
}
