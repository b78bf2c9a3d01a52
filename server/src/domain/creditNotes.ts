/**
 * Credit notes (factureAvoir). Two kinds (CGI art. 289 I-5 and BOFiP BOI-TVA-DECLA-30-20: an
 * issued invoice is corrected only by a document that references it, never edited):
 * - the cancellation of an invoice (`creditNoteAmounts`): the exact negation of what it still bills,
 *   cent for cent;
 * - a partial credit note (`partialCreditNote`): some lines or an amount (a commercial gesture, a
 *   correction) on any validated invoice, never more than what remains credit-able of it at each
 *   VAT rate (its base and its VAT, minus the credit notes already issued on it).
 * Credit notes carry negative amounts; the invoice's balance drops by their `due`.
 */
import { type DomainResult, ok, refuse } from './errors.js';
import { vatOf } from './lines.js';
import { type Bp, type Cents, sumCents } from './money.js';
import { retainageOf } from './retainage.js';
import type { InvoiceAmounts, RateAmounts } from './types.js';

const neg = (cents: number): number => (cents === 0 ? 0 : -cents);

/** The amounts of the credit note that cancels an invoice: every amount negated, retainage too. */
export function creditNoteAmounts(corrected: InvoiceAmounts): InvoiceAmounts {
  const byRate: RateAmounts[] = corrected.byRate.map((r) => ({
    vatRate: r.vatRate,
    grossHt: neg(r.grossHt),
    depositHt: neg(r.depositHt),
    ht: neg(r.ht),
    vat: neg(r.vat),
  }));
  return {
    byRate,
    grossHt: neg(corrected.grossHt),
    depositHt: neg(corrected.depositHt),
    depositTtc: neg(corrected.depositTtc),
    ht: neg(corrected.ht),
    vat: neg(corrected.vat),
    ttc: neg(corrected.ttc),
    retainage: neg(corrected.retainage),
    due: neg(corrected.due),
    reverseCharge: corrected.reverseCharge,
  };
}

/** What remains credit-able of an invoice at one VAT rate (positive cents). */
export interface Creditable {
  vatRate: Bp;
  ht: Cents;
  vat: Cents;
}

/**
 * Per VAT rate of the invoice, its base and VAT minus what the credit notes already issued on it
 * took back (`credits`: their amounts, negative). Never below zero.
 */
export function creditableByRate(invoice: InvoiceAmounts, credits: readonly InvoiceAmounts[]): Creditable[] {
  return invoice.byRate.map((r) => {
    const taken = credits.flatMap((c) => c.byRate.filter((x) => x.vatRate === r.vatRate));
    return {
      vatRate: r.vatRate,
      ht: Math.max(0, r.ht + sumCents(taken.map((x) => x.ht))),
      vat: Math.max(0, r.vat + sumCents(taken.map((x) => x.vat))),
    };
  });
}

/** The retainage of the invoice not yet taken back by its credit notes (positive cents). */
export const creditableRetainage = (invoice: InvoiceAmounts, credits: readonly InvoiceAmounts[]): Cents =>
  Math.max(0, invoice.retainage + sumCents(credits.map((c) => c.retainage)));

/** One line of a partial credit note: its HT (positive: what is credited) at a rate of the invoice. */
export interface CreditLine {
  vatRate: Bp;
  ht: Cents;
}

export interface PartialCreditInput {
  invoice: InvoiceAmounts;
  /** The credit notes already issued on the invoice (negative amounts). */
  credits: readonly InvoiceAmounts[];
  lines: readonly CreditLine[];
  /** The job's retainage rate (0 without one): the credit note gives back its share of the retainage. */
  retainageRate: Bp;
}

/**
 * A partial credit note's amounts (negative, like every credit note). Refused when a line is not
 * positive or names a rate the invoice does not bill (`invalid_invoice_parameters`), or when, at a
 * rate, its base exceeds what remains credit-able (`credit_note_exceeds_invoice`). Its VAT at each
 * rate is the rate of its base, rounded; when it takes back all that remains at a rate, it takes
 * the remaining VAT exactly (so credit notes that add up to the invoice cancel it to the cent), and
 * never more VAT than remains. Its retainage is the job's rate of its TTC, at most what remains.
 */
export function partialCreditNote({
  invoice,
  credits,
  lines,
  retainageRate,
}: PartialCreditInput): DomainResult<InvoiceAmounts> {
  if (lines.length === 0 || lines.some((l) => l.ht <= 0)) return refuse('invalid_invoice_parameters');
  const creditable = creditableByRate(invoice, credits);
  if (lines.some((l) => !creditable.some((r) => r.vatRate === l.vatRate))) {
    return refuse('invalid_invoice_parameters');
  }
  const byRate: RateAmounts[] = [];
  for (const room of creditable) {
    const ht = sumCents(lines.filter((l) => l.vatRate === room.vatRate).map((l) => l.ht));
    if (ht === 0) continue;
    if (ht > room.ht) return refuse('credit_note_exceeds_invoice');
    const vat =
      ht === room.ht ? room.vat : Math.min(room.vat, vatOf(ht, room.vatRate, invoice.reverseCharge));
    byRate.push({ vatRate: room.vatRate, grossHt: neg(ht), depositHt: 0, ht: neg(ht), vat: neg(vat) });
  }
  const ht = sumCents(byRate.map((r) => r.ht));
  const vat = sumCents(byRate.map((r) => r.vat));
  const ttc = ht + vat;
  const remainingRetainage = creditableRetainage(invoice, credits);
  const retainage = neg(Math.min(remainingRetainage, retainageOf(-ttc, retainageRate)));
  return ok({
    byRate,
    grossHt: ht,
    depositHt: 0,
    depositTtc: 0,
    ht,
    vat,
    ttc,
    retainage,
    due: ttc - retainage,
    reverseCharge: invoice.reverseCharge,
  });
}

/**
 * The credit note that cancels an invoice some credit notes already corrected: the negation of the
 * invoice with those credit notes added back, i.e. exactly what remains credit-able at each rate
 * (its base, its VAT, its retainage). Without earlier credit notes: `creditNoteAmounts`.
 */
export function remainderCreditNote(
  invoice: InvoiceAmounts,
  credits: readonly InvoiceAmounts[],
): InvoiceAmounts {
  if (credits.length === 0) return creditNoteAmounts(invoice);
  const creditable = creditableByRate(invoice, credits);
  const byRate: RateAmounts[] = invoice.byRate.map((r, i) => {
    const room = creditable[i]!;
    // −gross + what the credit notes took back; the deductions stay negated: ht = grossHt − depositHt.
    const depositHt = neg(r.depositHt);
    const ht = neg(room.ht);
    return { vatRate: r.vatRate, grossHt: ht + depositHt, depositHt, ht, vat: neg(room.vat) };
  });
  const ht = sumCents(byRate.map((r) => r.ht));
  const vat = sumCents(byRate.map((r) => r.vat));
  const retainage = neg(creditableRetainage(invoice, credits));
  return {
    byRate,
    grossHt: sumCents(byRate.map((r) => r.grossHt)),
    depositHt: sumCents(byRate.map((r) => r.depositHt)),
    depositTtc: neg(invoice.depositTtc),
    ht,
    vat,
    ttc: ht + vat,
    retainage,
    due: ht + vat - retainage,
    reverseCharge: invoice.reverseCharge,
  };
}
