/**
 * Issue 18's lifecycle rules: no invoice dated after today, no revert once the invoice left the
 * editor or has a credit note, and a business buyer in France is named by its SIREN.
 */
import { describe, expect, it } from 'vitest';
import { checkRevert, checkValidate, missingBuyerFields, type QuoteInvoice } from '../../src/domain/index.js';
import { line, QuoteBook, quote } from './fixtures.js';

const refused = (key: string) => ({ ok: false, key });
const allowed = { ok: true, value: undefined };

function lastStatement() {
  const book = new QuoteBook(quote([line(1, 10, 100)]));
  const final = book.allLinesTo(10_000);
  return { book, final };
}

describe('validation date', () => {
  it('refuses an invoice dated after today in France, accepts today and before', () => {
    const { book, final } = lastStatement();
    const input = {
      invoice: { ...final, status: 'PROVISOIRE' } as QuoteInvoice,
      prior: [],
      quote: book.quote,
      lastValidatedDate: null,
    };
    const dated = (date: string, today: string) =>
      checkValidate({ ...input, invoice: { ...input.invoice, date }, today });
    expect(dated('2027-01-05', '2026-11-27')).toEqual(refused('invoice_date_in_future'));
    expect(dated('2026-11-28', '2026-11-27')).toEqual(refused('invoice_date_in_future'));
    expect(dated('2026-11-27', '2026-11-27')).toEqual(allowed);
    expect(dated('2026-11-01', '2026-11-27')).toEqual(allowed);
  });
});

describe('revert of an issued invoice', () => {
  const base = () => {
    const { book, final } = lastStatement();
    return { invoice: final, quoteInvoices: book.invoices, receptionDate: null };
  };

  it('is allowed under the spec conditions while never sent nor credited', () => {
    expect(checkRevert({ ...base(), released: false, creditNotes: 0 })).toEqual(allowed);
  });

  it('is refused once sent or downloaded, and once a credit note references it', () => {
    expect(checkRevert({ ...base(), released: true, creditNotes: 0 })).toEqual(
      refused('invoice_already_sent'),
    );
    expect(checkRevert({ ...base(), released: false, creditNotes: 1 })).toEqual(
      refused('invoice_has_credit_notes'),
    );
  });

  it("keeps the spec's own refusals first", () => {
    expect(checkRevert({ ...base(), receptionDate: '2026-06-30', released: true, creditNotes: 0 })).toEqual(
      refused('business_has_delivery_date'),
    );
  });
});

describe("the buyer's SIREN", () => {
  it('is required of a business customer in France only', () => {
    expect(missingBuyerFields({ type: 'professional', siret: '', inFrance: true })).toEqual({
      siret: 'required',
    });
    expect(missingBuyerFields({ type: 'professional', siret: '52198765400014', inFrance: true })).toBeNull();
    expect(missingBuyerFields({ type: 'professional', siret: '', inFrance: false })).toBeNull();
    expect(missingBuyerFields({ type: 'private', siret: '', inFrance: true })).toBeNull();
  });
});
