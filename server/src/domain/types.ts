/** The shapes the invoicing rules work on. Routes load these from the database and store the results. */
import type { Bp, Cents, Fixed4 } from './money.js';

export type InvoiceKind = 'facture' | 'factureAcompte' | 'factureAvoir';
export const invoiceKinds: readonly InvoiceKind[] = ['facture', 'factureAcompte', 'factureAvoir'];

/** PROVISOIRE (draft, no number) or VALIDEE (numbered, never deleted). */
export type InvoiceStatus = 'PROVISOIRE' | 'VALIDEE';

/**
 * A quote line as invoicing sees it. Its contract amount (what its invoices bill in all) is
 * round(quantity × unit price) to the cent minus its share of the quote's global discount
 * (lines.ts `lineContractHt`).
 */
export interface QuoteLine {
  id: number;
  /** Lines of one chapter can be progressed together. */
  chapterId: number | null;
  quantity: Fixed4;
  unitPrice: Fixed4;
  vatRate: Bp;
  /**
   * The line's share of the quote's global discount (`quote_lines.discount_cents`, written with the
   * quote by quoteContent.ts `discountedLineAmounts`); absent or 0: no discount (a simple invoice's
   * own lines, a quote without one).
   */
  discount?: Cents;
}

/** A quote and the job settings that apply to all its invoices. */
export interface QuoteContext {
  lines: readonly QuoteLine[];
  /** Autoliquidation (construction subcontracting): no VAT on the quote nor on its invoices. */
  reverseCharge: boolean;
  /** Retenue de garantie, 0 to 500 (5 %), withheld on each invoice of the job. */
  retainageRate: Bp;
}

/** One VAT rate's part of an invoice. */
export interface RateAmounts {
  vatRate: Bp;
  /** What this invoice bills before deposit deduction (this statement's progress, or the deposit). */
  grossHt: Cents;
  /** Deposits deducted at this rate (0 on deposits). */
  depositHt: Cents;
  /** Taxable base: grossHt − depositHt. */
  ht: Cents;
  vat: Cents;
}

/** An invoice's amounts. Credit notes carry the exact negation of what they correct. */
export interface InvoiceAmounts {
  /** One entry per VAT rate of the quote, highest rate first. */
  byRate: RateAmounts[];
  grossHt: Cents;
  depositHt: Cents;
  /** Deposits deducted, VAT included (their VAT at each rate rounded half up), for display. */
  depositTtc: Cents;
  ht: Cents;
  vat: Cents;
  /** ht + vat: the invoice's amount (for VAT and e-invoicing). */
  ttc: Cents;
  /** Retenue de garantie withheld on this invoice: retainageRate of ttc, to the cent. */
  retainage: Cents;
  /** What the customer owes on this invoice: ttc − retainage. */
  due: Cents;
  reverseCharge: boolean;
}

/** Cumulative progress of one quote line, 0 to 10000 (100 %). */
export interface LineProgress {
  lineId: number;
  percent: Bp;
}

/** An invoice already stored for the quote, as the rules need it. */
export interface QuoteInvoice {
  id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  /** Creation order within the quote (the row id does): "later" and "last" follow it. */
  createdOrder: number;
  /** Invoice date, ISO yyyy-MM-dd. */
  date: string;
  /** Null while PROVISOIRE and never validated. */
  number: string | null;
  /** The invoice a credit note corrects (credit notes only). */
  correctsInvoiceId: number | null;
  amounts: InvoiceAmounts;
  /** Cumulative progress per quote line after this invoice (facture only; empty otherwise). */
  progress: readonly LineProgress[];
  /** Payments received on this invoice's retainage. */
  retainagePaid: Cents;
}
