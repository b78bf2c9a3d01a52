/** Credit notes (factureAvoir): the exact negation of the invoice they correct, cent for cent. */
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
