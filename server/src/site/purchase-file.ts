/**
 * A supplier's invoice file read for « Gestion chantier » (issue 24): a Factur-X PDF (the CII XML
 * it carries as an attachment, Factur-X 1.07 § 6: `factur-x.xml`, listed in the catalog's /AF and
 * its EmbeddedFiles name tree), or the XML on its own in either syntax of EN 16931: UN/CEFACT CII
 * (D16B, rsm:CrossIndustryInvoice) or OASIS UBL 2.1 (Invoice / CreditNote). What is read is the
 * EN 16931 business terms a purchase needs: the seller's name (BT-27), SIRET (BT-30) or VAT number
 * (BT-31), the invoice number (BT-1), its date (BT-2), its type (BT-3: a credit note, 381, is read
 * with negative amounts), its currency (BT-5: the euro only) and its totals excluding VAT (BT-109),
 * VAT (BT-110) and including VAT (BT-112). The kind is read from the bytes, never from the name.
 *
 * Synchronous CPU work: run in a worker (purchase-file-pool.ts), never on the event loop. Safe on
 * hostile files: a DOCTYPE (entities: « billion laughs », external entities) is refused before
 * parsing, the XML inside a PDF is inflated with a ceiling (a deflate bomb stops at
 * siteRules.maxXmlBytes), and every failure is a stable key.
 */
import { inflateSync } from 'node:zlib';
import type { z } from '@hono/zod-openapi';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { create } from 'xmlbuilder2';
import { type purchaseReadSchema, siteRules } from '../../../src/contract/siteManagement.js';

/**
 * What a file says: the contract's answer (src/contract/siteManagement.ts `purchaseReadSchema`, the
 * import's preview). supplierId: the SIRET (BT-30, scheme 0002) when given, else the VAT number
 * (BT-31), else ''; typeCode: BT-3 (380 invoice, 381 credit note, …); attachmentName: the XML's name
 * inside a PDF (factur-x.xml), null for an XML file.
 */
export type PurchaseRead = z.output<typeof purchaseReadSchema>;

export type PurchaseFileRefusal =
  | 'purchase_file_unreadable'
  | 'purchase_file_incomplete'
  | 'purchase_file_currency'
  | 'purchase_file_too_large';

export type PurchaseFileOutcome = { ok: true; value: PurchaseRead } | { ok: false; key: PurchaseFileRefusal };

const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** The attachment names that carry the CII of a hybrid PDF (Factur-X 1.07 and ZUGFeRD 2.x, then XRechnung). */
const attachmentNames = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

type Element = {
  nodeType: number;
  localName: string | null;
  namespaceURI: string | null;
  childNodes: ArrayLike<Element>;
  textContent: string | null;
  getAttribute(name: string): string | null;
};

const startsWith = (bytes: Uint8Array, text: string) =>
  [...text].every((char, i) => bytes[i] === char.charCodeAt(0));

const namespaces: Record<string, string> = { rsm: CII, ram: RAM, udt: UDT, cac: CAC, cbc: CBC };

/** The first child element along a path of « prefix:name » steps (the prefixes above, not the file's). */
function child(parent: Element | null, ...path: string[]): Element | null {
  let at = parent;
  for (const step of path) {
    if (!at) return null;
    const [prefix, name] = step.split(':') as [string, string];
    const ns = namespaces[prefix];
    let found: Element | null = null;
    for (let i = 0; i < at.childNodes.length; i++) {
      const node = at.childNodes[i]!;
      if (node.nodeType === 1 && node.localName === name && node.namespaceURI === ns) {
        found = node;
        break;
      }
    }
    at = found;
  }
  return at;
}

const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * An amount as written in the XML (xs:decimal: « 1432.80 », « -12.5 ») in cents, exactly (never
 * through a float); more than two decimals rounded half away from zero. null: not an amount.
 */
export function decimalToCents(value: string): number | null {
  const match = /^([+-])?(\d{1,13})(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const digits = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign === '-' ? -cents : cents;
}

/** A CII date (udt:DateTimeString format 102: yyyyMMdd) or a UBL one (yyyy-MM-dd) as yyyy-MM-dd. */
function isoDay(value: string): string | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!compact) return null;
  const [, y, m, d] = compact;
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

const creditNoteTypes = new Set(['381', '396', '261', '262', '532']);

interface Terms {
  supplierName: string;
  siret: string;
  vatNumber: string;
  number: string;
  date: string;
  typeCode: string;
  currency: string;
  excl: string;
  vat: string;
  incl: string;
}

function readCii(root: Element): Terms {
  const document = child(root, 'rsm:ExchangedDocument');
  const transaction = child(root, 'rsm:SupplyChainTradeTransaction');
  const seller = child(transaction, 'ram:ApplicableHeaderTradeAgreement', 'ram:SellerTradeParty');
  const settlement = child(transaction, 'ram:ApplicableHeaderTradeSettlement');
  const totals = child(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  const legalId = child(seller, 'ram:SpecifiedLegalOrganization', 'ram:ID');
  // BT-110 may be given twice (in the invoice's currency and in the accounting one): the first.
  const vatTotal = child(totals, 'ram:TaxTotalAmount');
  return {
    supplierName: text(child(seller, 'ram:Name')),
    siret: legalId && (legalId.getAttribute('schemeID') ?? '0002') === '0002' ? text(legalId) : '',
    vatNumber: text(child(seller, 'ram:SpecifiedTaxRegistration', 'ram:ID')),
    number: text(child(document, 'ram:ID')),
    date: text(child(document, 'ram:IssueDateTime', 'udt:DateTimeString')),
    typeCode: text(child(document, 'ram:TypeCode')),
    currency: text(child(settlement, 'ram:InvoiceCurrencyCode')),
    excl: text(child(totals, 'ram:TaxBasisTotalAmount')),
    vat: vatTotal ? text(vatTotal) : '0',
    incl: text(child(totals, 'ram:GrandTotalAmount')),
  };
}

function readUbl(root: Element): Terms {
  const party = child(root, 'cac:AccountingSupplierParty', 'cac:Party');
  const legal = child(party, 'cac:PartyLegalEntity');
  const legalId = child(legal, 'cbc:CompanyID');
  const totals = child(root, 'cac:LegalMonetaryTotal');
  const vatTotal = child(root, 'cac:TaxTotal', 'cbc:TaxAmount');
  const creditNote = root.namespaceURI === UBL_CREDIT_NOTE;
  return {
    supplierName:
      text(child(legal, 'cbc:RegistrationName')) || text(child(party, 'cac:PartyName', 'cbc:Name')),
    siret: legalId && (legalId.getAttribute('schemeID') ?? '0002') === '0002' ? text(legalId) : '',
    vatNumber: text(child(party, 'cac:PartyTaxScheme', 'cbc:CompanyID')),
    number: text(child(root, 'cbc:ID')),
    date: text(child(root, 'cbc:IssueDate')),
    typeCode:
      text(child(root, creditNote ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode')) ||
      (creditNote ? '381' : '380'),
    currency: text(child(root, 'cbc:DocumentCurrencyCode')),
    excl: text(child(totals, 'cbc:TaxExclusiveAmount')),
    vat: vatTotal ? text(vatTotal) : '0',
    incl: text(child(totals, 'cbc:TaxInclusiveAmount')),
  };
}

/** The XML's terms as a purchase, or why not. */
function purchaseOf(
  terms: Terms,
  source: PurchaseRead['source'],
  attachmentName: string | null,
): PurchaseFileOutcome {
  if (terms.currency !== '' && terms.currency.toUpperCase() !== 'EUR')
    return { ok: false, key: 'purchase_file_currency' };
  const excl = decimalToCents(terms.excl);
  const vat = decimalToCents(terms.vat);
  const incl = decimalToCents(terms.incl);
  const date = isoDay(terms.date);
  const supplierName = terms.supplierName.slice(0, siteRules.supplierNameMax);
  if (!supplierName || !terms.number || !date || excl === null || vat === null || incl === null)
    return { ok: false, key: 'purchase_file_incomplete' };
  // EN 16931 BR-CO-15: BT-112 = BT-109 + BT-110.
  if (excl + vat !== incl) return { ok: false, key: 'purchase_file_incomplete' };
  const sign = creditNoteTypes.has(terms.typeCode) && incl > 0 ? -1 : 1;
  const compactSiret = terms.siret.replace(/\s/g, '');
  return {
    ok: true,
    value: {
      source,
      supplierName,
      supplierId: (/^\d{14}$/.test(compactSiret)
        ? compactSiret
        : terms.vatNumber.replace(/\s/g, '').toUpperCase()
      ).slice(0, siteRules.supplierIdMax),
      invoiceNumber: terms.number.slice(0, siteRules.invoiceNumberMax),
      invoiceDate: date,
      exclTaxCents: sign * excl,
      vatCents: sign * vat,
      inclTaxCents: sign * incl,
      typeCode: terms.typeCode,
      attachmentName,
    },
  };
}

/** The XML's root element, or null when the bytes are no well-formed XML (or declare a DOCTYPE). */
function rootOf(bytes: Uint8Array): Element | null {
  if (bytes.byteLength > siteRules.maxXmlBytes) return null;
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
  // No invoice needs a DTD; entities are the classic attacks on XML parsers.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  try {
    const root = create(xml).root().node as unknown as Element;
    return root.nodeType === 1 ? root : null;
  } catch {
    return null;
  }
}

/** An XML file (or a PDF's attachment) read as CII or UBL; `source` for a bare XML file. */
function readXml(bytes: Uint8Array, attachmentName: string | null): PurchaseFileOutcome {
  const root = rootOf(bytes);
  if (!root) return { ok: false, key: 'purchase_file_unreadable' };
  if (root.localName === 'CrossIndustryInvoice' && root.namespaceURI === CII)
    return purchaseOf(readCii(root), attachmentName ? 'facturx' : 'cii', attachmentName);
  if (
    !attachmentName &&
    ((root.localName === 'Invoice' && root.namespaceURI === UBL_INVOICE) ||
      (root.localName === 'CreditNote' && root.namespaceURI === UBL_CREDIT_NOTE))
  )
    return purchaseOf(readUbl(root), 'ubl', null);
  return { ok: false, key: 'purchase_file_unreadable' };
}

const nameOf = (value: unknown): string | null =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/** Every file specification of the PDF: the catalog's /AF and its EmbeddedFiles name tree. */
function fileSpecs(pdf: PDFDocument): PDFDict[] {
  const specs: PDFDict[] = [];
  const catalog = pdf.catalog;
  const af = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let i = 0; af && i < af.size(); i++) {
    const spec = af.lookup(i);
    if (spec instanceof PDFDict) specs.push(spec);
  }
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  // A name tree: leaves hold /Names [key spec key spec …], nodes /Kids; bounded against cycles.
  const queue: PDFDict[] = tree ? [tree] : [];
  for (let visited = 0; queue.length > 0 && visited < 1000; visited++) {
    const node = queue.shift()!;
    const leaf = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 1; leaf && i < leaf.size(); i += 2) {
      const spec = leaf.lookup(i);
      if (spec instanceof PDFDict) specs.push(spec);
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) queue.push(kid);
    }
  }
  return specs;
}

/** An embedded file's bytes: raw, or inflated (FlateDecode) up to the XML ceiling; null otherwise. */
function embeddedBytes(spec: PDFDict): Uint8Array | null {
  const ef = spec.lookupMaybe(PDFName.of('EF'), PDFDict);
  const stream = ef?.lookup(PDFName.of('F')) ?? ef?.lookup(PDFName.of('UF'));
  if (!(stream instanceof PDFRawStream)) return null;
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  if (filters.length === 0) return stream.contents;
  if (filters.length === 1 && filters[0] === PDFName.of('FlateDecode')) {
    try {
      return new Uint8Array(inflateSync(stream.contents, { maxOutputLength: siteRules.maxXmlBytes }));
    } catch {
      return null;
    }
  }
  return null;
}

async function readPdf(bytes: Uint8Array): Promise<PurchaseFileOutcome> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return { ok: false, key: 'purchase_file_unreadable' };
  }
  const specs = fileSpecs(pdf)
    .map((spec) => ({
      spec,
      name: nameOf(spec.lookup(PDFName.of('UF'))) ?? nameOf(spec.lookup(PDFName.of('F'))),
    }))
    .filter((s): s is { spec: PDFDict; name: string } => s.name !== null);
  const ranked = [
    ...attachmentNames.flatMap((wanted) => specs.filter((s) => s.name.toLowerCase() === wanted)),
  ];
  for (const { spec, name } of ranked) {
    const xml = embeddedBytes(spec);
    if (!xml) continue;
    const read = readXml(xml, name);
    if (read.ok || read.key !== 'purchase_file_unreadable') return read;
  }
  // A PDF without the invoice's XML: a scan or a plain PDF invoice, not a Factur-X.
  return { ok: false, key: 'purchase_file_unreadable' };
}

/** A supplier file's purchase, or the key of why it cannot be read. */
export async function readPurchaseFile(bytes: Uint8Array): Promise<PurchaseFileOutcome> {
  if (bytes.byteLength > siteRules.maxFileBytes) return { ok: false, key: 'purchase_file_too_large' };
  try {
    if (startsWith(bytes, '%PDF-')) return await readPdf(bytes);
    return readXml(bytes, null);
  } catch {
    // A broken PDF's structure (no catalog, a cycle pdf-lib does not survive): not an invoice file.
    return { ok: false, key: 'purchase_file_unreadable' };
  }
}
