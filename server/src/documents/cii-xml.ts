/**
 * The UN/CEFACT CII XML of an invoice, Factur-X profile EN 16931 (`urn:cen.eu:en16931:2017`), the
 * structured half of the Factur-X PDF. Written with xmlbuilder2 (escaping and namespaces are its
 * job), element order as the Factur-X 1.09 XSD requires. Every amount is the invoice's stored domain
 * amount; a credit note (381) states the cancelled invoice's amounts as positive figures.
 *
 * Checked by server/test/factur-x.test.ts against the XSD and both schematrons (EN 16931 CII 1.3.16
 * and Factur-X 1.09) for every kind of invoice the product issues.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { formatCents, formatQuantity } from '../../../src/contract/format.js';
import { lineHt, percentOf } from '../domain/index.js';
import {
  billingFrameworkCode,
  countryCode,
  documentTypeCode,
  paymentMeansCodes,
  unitCode,
  vatDueDateTypeCode,
} from './codes.js';
import { xmlAmount, xmlDate, xmlDecimal, xmlPercent } from './format.js';
import { type DocumentLine, type InvoiceDocument, worksDateOf } from './invoice-data.js';
import { documentSign, mentionsOf, progressText, reverseChargeReason, sirenOf } from './mentions.js';

const ns = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

export const facturXGuideline = 'urn:cen.eu:en16931:2017';

/** A child element with text (skipped when the text is empty). */
function text(parent: XMLBuilder, name: string, value: string, attributes?: Record<string, string>) {
  if (value.trim() === '') return;
  parent.ele(`ram:${name}`, attributes).txt(value).up();
}

function dateTime(parent: XMLBuilder, name: string, isoDate: string) {
  parent.ele(`ram:${name}`).ele('udt:DateTimeString', { format: '102' }).txt(xmlDate(isoDate));
}

function note(parent: XMLBuilder, content: string | null, subjectCode?: string) {
  if (!content) return;
  const n = parent.ele('ram:IncludedNote');
  n.ele('ram:Content').txt(content);
  if (subjectCode) n.ele('ram:SubjectCode').txt(subjectCode);
}

function address(
  parent: XMLBuilder,
  where: { zipCode: string; address: string; city: string; country: string },
  country: string,
) {
  const a = parent.ele('ram:PostalTradeAddress');
  text(a, 'PostcodeCode', where.zipCode);
  text(a, 'LineOne', where.address);
  text(a, 'CityName', where.city);
  a.ele('ram:CountryID').txt(country);
}

const compact = (value: string) => value.replace(/\s/g, '').toUpperCase();

/** VAT category: AE for reverse charge (autoliquidation), S (standard) otherwise. */
const categoryOf = (reverseCharge: boolean) => (reverseCharge ? 'AE' : 'S');

/**
 * The quantity a progress statement (or final invoice) bills on a quote line, in ten-thousandths of
 * its unit (BT-129 has at most 4 decimals, BR-FR-DEC-02): the quote quantity × the progress this
 * statement adds; and the share of the quote's global discount this period takes off the line (the
 * line allowance, BG-27). Null when the document does not know the progress before it (frozen before
 * it was recorded), or when that progress does not give the line's amount (the domain's rule,
 * progress.ts: round(contract amount × cumulative %) − round(contract amount × previous %), the
 * contract amount being quantity × unit price less the line's discount share): then the line is one
 * unit at its amount.
 */
function period(line: DocumentLine): { quantity: number; allowance: number } | null {
  const after = line.progressBasisPoints;
  const before = line.previousProgressBasisPoints;
  if (after === null || before === null || before === undefined || after <= before) return null;
  const quantity = Math.abs(line.quantityMilli);
  const quoteLineHt = lineHt(quantity * 10, Math.abs(line.unitPriceCents) * 100);
  const contractHt = quoteLineHt - (line.quoteLineDiscountCents ?? 0);
  const billed = Math.abs(line.totalExclTaxCents);
  if (percentOf(contractHt, after) - percentOf(contractHt, before) !== billed) return null;
  // BT-131 = BT-129 × BT-146 − BT-136: what the period's quantity costs at the quote's price, less
  // the discount's part of it (never negative: a rounding that would make it so keeps one unit).
  const allowance = percentOf(quoteLineHt, after) - percentOf(quoteLineHt, before) - billed;
  const tenThousandths = Math.round((quantity * (after - before)) / 1000);
  return tenThousandths > 0 && allowance >= 0 ? { quantity: tenThousandths, allowance } : null;
}

/**
 * A line as the XML states it (BT-129 quantity, BT-130 unit, BT-146 net price, BT-131 amount, BG-27
 * allowance): price never negative (BR-27), quantity carrying the sign. A line of a quote's statement
 * bills the period's quantity at the quote's unit price (their product is the amount within the cent
 * the cumulative rounding moves it: EN 16931 sets no rule between them, BT-131 is the billed amount),
 * less, on a discounted quote, the period's share of the line's discount as a line allowance (BT-131
 * is net of line allowances). A line whose quantity is not known is one unit at its amount, as before.
 */
function lineFigures(line: DocumentLine, sign: number) {
  const amount = sign * line.totalExclTaxCents;
  const direction = amount < 0 ? -1 : 1;
  const quantity = Math.abs(line.quantityMilli);
  const price = Math.abs(line.unitPriceCents);
  const unit = unitCode(line.unit);
  if (line.progressBasisPoints !== null) {
    const billed = period(line);
    // An allowance only on a line billed positive (a discount share is only on a positive quote line).
    if (billed !== null && (billed.allowance === 0 || direction > 0))
      return {
        amount,
        quantity: xmlDecimal(direction * billed.quantity, 4),
        price,
        unit,
        allowance: billed.allowance,
      };
  } else if (Math.round((quantity * price) / 1000) === Math.abs(amount)) {
    return { amount, quantity: xmlDecimal(direction * quantity, 3), price, unit, allowance: 0 };
  }
  return { amount, quantity: String(direction), price: Math.abs(amount), unit: 'C62', allowance: 0 };
}

/** UNTDID 5189 allowance reason code 95, « Discount » (BR-42: a line allowance names its reason). */
const discountReasonCode = '95';
export const discountReason = 'Remise globale du devis';

export function invoiceXml(document: InvoiceDocument): string {
  if (document.draft || !document.number) throw new Error('Only a validated invoice has a Factur-X XML');
  const sign = documentSign(document);
  const { company, customer, amounts, settings } = document;
  const mentions = mentionsOf(document);
  const sellerCountry = countryCode(company.country, company.vatNumber);
  const buyerCountry = countryCode(customer.country, customer.vatNumber);

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ns.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:qdt': ns.qdt,
    'xmlns:ram': ns.ram,
    'xmlns:udt': ns.udt,
  });
  const context = root.ele('rsm:ExchangedDocumentContext');
  // BT-23, the reform's « cadre de facturation » (goods / services / mixed, after deposits or not).
  context
    .ele('ram:BusinessProcessSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(billingFrameworkCode(document));
  context.ele('ram:GuidelineSpecifiedDocumentContextParameter').ele('ram:ID').txt(facturXGuideline);

  const header = root.ele('rsm:ExchangedDocument');
  header.ele('ram:ID').txt(document.number);
  header.ele('ram:TypeCode').txt(documentTypeCode(document.kind));
  dateTime(header, 'IssueDateTime', document.date);
  note(header, document.title);
  note(header, document.comment);
  note(header, settings.invoiceComment);
  note(header, mentions.retainage, 'AAI');
  note(header, mentions.creditNote, 'AAI');
  note(header, mentions.latePenalty, 'PMD');
  note(header, mentions.recoveryIndemnity, 'PMT');
  note(header, mentions.noEarlyDiscount, 'AAB');
  note(
    header,
    [
      mentions.sellerLegal,
      mentions.insurance,
      mentions.nature,
      mentions.vatOnDebits,
      mentions.reverseCharge,
      ...mentions.rateTexts,
    ]
      .filter(Boolean)
      .join('\n'),
    'REG',
  );

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  document.lines.forEach((line, i) => {
    const figures = lineFigures(line, sign);
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    const lineDocument = item.ele('ram:AssociatedDocumentLineDocument');
    lineDocument.ele('ram:LineID').txt(String(i + 1));
    if (line.progressBasisPoints !== null)
      note(
        lineDocument,
        `${progressText(line.progressBasisPoints)} de ${formatQuantity(line.quantityMilli)} ${line.unit} à ${formatCents(line.unitPriceCents)} HT${line.quoteLineDiscountCents ? `, remise de ${formatCents(line.quoteLineDiscountCents)} HT sur la ligne` : ''}`,
      );
    const product = item.ele('ram:SpecifiedTradeProduct');
    product.ele('ram:Name').txt(line.label.trim() || '-');
    if (line.chapter) product.ele('ram:Description').txt(line.chapter);
    item
      .ele('ram:SpecifiedLineTradeAgreement')
      .ele('ram:NetPriceProductTradePrice')
      .ele('ram:ChargeAmount')
      .txt(xmlAmount(figures.price));
    item
      .ele('ram:SpecifiedLineTradeDelivery')
      .ele('ram:BilledQuantity', { unitCode: figures.unit })
      .txt(figures.quantity);
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    tax.ele('ram:CategoryCode').txt(categoryOf(line.reverseCharge));
    tax.ele('ram:RateApplicablePercent').txt(xmlPercent(line.reverseCharge ? 0 : line.vatBasisPoints));
    if (figures.allowance !== 0) {
      const allowance = settlement.ele('ram:SpecifiedTradeAllowanceCharge');
      allowance.ele('ram:ChargeIndicator').ele('udt:Indicator').txt('false');
      allowance.ele('ram:ActualAmount').txt(xmlAmount(figures.allowance));
      allowance.ele('ram:ReasonCode').txt(discountReasonCode);
      allowance.ele('ram:Reason').txt(discountReason);
    }
    settlement
      .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .ele('ram:LineTotalAmount')
      .txt(xmlAmount(figures.amount));
  });

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  const seller = agreement.ele('ram:SellerTradeParty');
  seller.ele('ram:Name').txt(company.name);
  const legal = seller.ele('ram:SpecifiedLegalOrganization');
  legal.ele('ram:ID', { schemeID: '0002' }).txt(sirenOf(company.siret));
  if (settings.invoiceCompanyName && settings.invoiceCompanyName !== company.name)
    legal.ele('ram:TradingBusinessName').txt(settings.invoiceCompanyName);
  address(seller, company, sellerCountry);
  seller
    .ele('ram:SpecifiedTaxRegistration')
    .ele('ram:ID', { schemeID: 'VA' })
    .txt(compact(company.vatNumber));

  const buyer = agreement.ele('ram:BuyerTradeParty');
  buyer
    .ele('ram:Name')
    .txt(customer.companyName.trim() || `${customer.firstName} ${customer.lastName}`.trim() || '-');
  const buyerSiret = compact(customer.siret);
  if (buyerCountry === 'FR' && /^\d{14}$/.test(buyerSiret))
    buyer.ele('ram:SpecifiedLegalOrganization').ele('ram:ID', { schemeID: '0002' }).txt(sirenOf(buyerSiret));
  address(buyer, customer, buyerCountry);
  if (customer.vatNumber.trim())
    buyer
      .ele('ram:SpecifiedTaxRegistration')
      .ele('ram:ID', { schemeID: 'VA' })
      .txt(compact(customer.vatNumber));
  if (document.quote)
    agreement.ele('ram:ContractReferencedDocument').ele('ram:IssuerAssignedID').txt(document.quote.number);

  const delivery = transaction.ele('ram:ApplicableHeaderTradeDelivery');
  if (document.job?.siteAddress.trim()) {
    const shipTo = delivery.ele('ram:ShipToTradeParty');
    shipTo.ele('ram:Name').txt(document.job.name);
    const a = shipTo.ele('ram:PostalTradeAddress');
    a.ele('ram:LineOne').txt(document.job.siteAddress);
    a.ele('ram:CountryID').txt(sellerCountry);
  }
  if (document.kind !== 'deposit')
    dateTime(
      delivery.ele('ram:ActualDeliverySupplyChainEvent'),
      'OccurrenceDateTime',
      worksDateOf(document).date,
    );

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  settlement.ele('ram:PaymentReference').txt(document.number);
  settlement.ele('ram:InvoiceCurrencyCode').txt('EUR');
  if (document.kind !== 'credit_note') paymentMeans(settlement, document);
  const ratesOnLines = new Set(document.lines.map((l) => l.vatBasisPoints));
  for (const rate of document.vatRates.filter((r) => ratesOnLines.has(r.vatBasisPoints))) {
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(xmlAmount(sign * rate.vat));
    tax.ele('ram:TypeCode').txt('VAT');
    if (rate.reverseCharge) tax.ele('ram:ExemptionReason').txt(reverseChargeReason);
    tax.ele('ram:BasisAmount').txt(xmlAmount(sign * rate.ht));
    tax.ele('ram:CategoryCode').txt(categoryOf(rate.reverseCharge));
    if (rate.reverseCharge) tax.ele('ram:ExemptionReasonCode').txt('VATEX-EU-AE');
    // BT-8, when the VAT falls due: on payment (services, a deposit on goods) or on invoicing.
    else tax.ele('ram:DueDateTypeCode').txt(vatDueDateTypeCode(document));
    tax.ele('ram:RateApplicablePercent').txt(xmlPercent(rate.reverseCharge ? 0 : rate.vatBasisPoints));
  }
  const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
  terms.ele('ram:Description').txt([mentions.paymentTerms, mentions.retainage].filter(Boolean).join(' '));
  dateTime(terms, 'DueDateDateTime', document.dueDate);

  const lineTotal = document.lines.reduce((total, l) => total + sign * l.totalExclTaxCents, 0);
  const sums = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  sums.ele('ram:LineTotalAmount').txt(xmlAmount(lineTotal));
  sums.ele('ram:TaxBasisTotalAmount').txt(xmlAmount(sign * amounts.ht));
  sums.ele('ram:TaxTotalAmount', { currencyID: 'EUR' }).txt(xmlAmount(sign * amounts.vat));
  // The retainage (retenue de garantie) is withheld from what is paid now, not from the price: the
  // VAT base and the total incl. VAT stay whole, and the amount due (BT-115) is the PDF's « Net à
  // payer ». EN 16931 has no term for it; BT-115 = BT-112 − BT-113 + BT-114 (BR-CO-16), and BT-113
  // says « already paid », which a withheld sum is not: it is stated as a negative BT-114, and
  // explained by the AAI note and the payment terms (docs/decisions.md, « Factur-X: structured data »).
  if (amounts.retainage !== 0) sums.ele('ram:RoundingAmount').txt(xmlAmount(-sign * amounts.retainage));
  sums.ele('ram:GrandTotalAmount').txt(xmlAmount(sign * amounts.ttc));
  sums.ele('ram:DuePayableAmount').txt(xmlAmount(sign * amounts.due));
  if (document.corrects) {
    const corrected = settlement.ele('ram:InvoiceReferencedDocument');
    corrected.ele('ram:IssuerAssignedID').txt(document.corrects.number);
    corrected
      .ele('ram:FormattedIssueDateTime')
      .ele('qdt:DateTimeString', { format: '102' })
      .txt(xmlDate(document.corrects.date));
  }
  return root.end({ prettyPrint: true });
}

/**
 * How to pay (BG-16). The CII allows one payment means type per invoice (CII-SR-467): a transfer to
 * the printed bank account when the invoice offers it and the account has an IBAN (BR-61), else the
 * first other mode offered; every mode is named in the payment terms' text anyway.
 */
function paymentMeans(settlement: XMLBuilder, document: InvoiceDocument) {
  const { bank } = document;
  const iban = bank ? compact(bank.iban) : '';
  const usable = document.paymentModes.filter((mode) => {
    const code = paymentMeansCodes[mode];
    return code && (code !== '58' || iban) && code !== '59';
  });
  const mode = usable.includes('transfer') ? 'transfer' : usable[0];
  if (!mode) return;
  const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
  means.ele('ram:TypeCode').txt(paymentMeansCodes[mode]!);
  if (mode === 'transfer' && bank) {
    means.ele('ram:PayeePartyCreditorFinancialAccount').ele('ram:IBANID').txt(iban);
    if (bank.bic.trim())
      means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(compact(bank.bic));
  }
}
