import { describe, expect, it } from 'vitest';
import {
  cancelAction,
  checkCreate,
  checkDelete,
  checkEdit,
  checkRevert,
  checkValidate,
  depositInvoice,
  progressStatement,
  type QuoteInvoice,
} from '../../src/domain/index.js';
import { line, QuoteBook, quote, unwrap } from './fixtures.js';

const refused = (key: string) => ({ ok: false, key });
const allowed = { ok: true, value: undefined };

/** The e2e scenario's history: deposit 30 %, statements at 40 % and 75 %, final, all validated. */
function scenario() {
  const book = new QuoteBook(quote([line(1, 10, 100)], { retainageRate: 500 }));
  const deposit = book.deposit({ percent: 3000 });
  const first = book.allLinesTo(4000);
  const second = book.allLinesTo(7500);
  const final = book.allLinesTo(10_000);
  return { book, deposit, first, second, final };
}

const provisional = (invoice: QuoteInvoice): QuoteInvoice => ({ ...invoice, status: 'PROVISOIRE' });
/** A day after every date of the scenario (a later invoice date is `invoice_date_in_future`). */
const today = '2027-12-31';

describe('creating an invoice of a quote', () => {
  it('allows a deposit on a quote without invoices, then statements', () => {
    const book = new QuoteBook(quote([line(1, 1, 100)]));
    expect(checkCreate(book.invoices, 'factureAcompte')).toEqual(allowed);
    book.deposit({ percent: 3000 });
    expect(checkCreate(book.invoices, 'facture')).toEqual(allowed);
  });

  it('refuses a deposit once the quote has invoices', () => {
    const { book } = scenario();
    expect(checkCreate(book.invoices.slice(0, 2), 'factureAcompte')).toEqual(
      refused('deposit_invoice_with_existing_invoices'),
    );
    expect(checkCreate(book.invoices.slice(0, 1), 'factureAcompte')).toEqual(
      refused('deposit_invoice_with_existing_invoices'),
    );
  });

  it('refuses a second PROVISOIRE invoice for the quote', () => {
    const book = new QuoteBook(quote([line(1, 1, 100)]));
    book.store(
      'facture',
      unwrap(progressStatement(book.quote, [], { lines: [{ lineId: 1, percent: 5000 }] })).amounts,
      {
        status: 'PROVISOIRE',
      },
    );
    expect(checkCreate(book.invoices, 'facture')).toEqual(refused('quote_has_provisional_invoice'));
    expect(checkCreate(book.invoices, 'factureAcompte')).toEqual(refused('quote_has_provisional_invoice'));
  });

  it('makes credit notes only by cancelling', () => {
    expect(checkCreate([], 'factureAvoir')).toEqual(refused('invalid_invoice_parameters'));
  });

  it('lets only a PROVISOIRE invoice be edited', () => {
    const { first } = scenario();
    expect(checkEdit(first)).toEqual(refused('invoice_already_validated'));
    expect(checkEdit(provisional(first))).toEqual(allowed);
  });
});

describe('validation', () => {
  it('validates each invoice of the scenario in turn', () => {
    const { book } = scenario();
    book.invoices.forEach((invoice, i) => {
      expect(
        checkValidate({
          invoice: provisional(invoice),
          prior: book.invoices.slice(0, i),
          quote: book.quote,
          lastValidatedDate: '2026-02-15',
          today,
        }),
      ).toEqual(allowed);
    });
  });

  it('refuses an invoice dated before the last validation of its sequence (same day allowed)', () => {
    const { book, first } = scenario();
    const input = { invoice: provisional(first), prior: book.invoices.slice(0, 1), quote: book.quote };
    expect(checkValidate({ ...input, lastValidatedDate: '2026-03-02', today })).toEqual(
      refused('invoice_date_before_last_validation'),
    );
    expect(checkValidate({ ...input, lastValidatedDate: '2026-03-01', today })).toEqual(allowed);
    expect(checkValidate({ ...input, lastValidatedDate: null, today })).toEqual(allowed);
  });

  it('refuses an amount above what the quote leaves at a VAT rate', () => {
    const { book, first } = scenario();
    // With the 40 % statement already there, billing 40 % again plus the final oversteps the quote.
    const overbilled = { ...provisional(book.invoices[3] as QuoteInvoice), id: 99, createdOrder: 99 };
    expect(
      checkValidate({
        invoice: overbilled,
        prior: book.invoices,
        quote: book.quote,
        lastValidatedDate: null,
        today,
      }),
    ).toEqual(refused('amount_higher_than_vat'));
    // A rate the quote does not have.
    const otherRate = {
      ...provisional(first),
      amounts: { ...first.amounts, byRate: first.amounts.byRate.map((r) => ({ ...r, vatRate: 1000 })) },
    };
    expect(
      checkValidate({
        invoice: otherRate,
        prior: book.invoices.slice(0, 1),
        quote: book.quote,
        lastValidatedDate: null,
        today,
      }),
    ).toEqual(refused('amount_higher_than_vat'));
  });

  it('refuses an already validated invoice, bad parameters, and amounts that do not add up', () => {
    const { book, first } = scenario();
    const base = { prior: book.invoices.slice(0, 1), quote: book.quote, lastValidatedDate: null, today };
    expect(checkValidate({ ...base, invoice: first })).toEqual(refused('invoice_already_validated'));
    expect(checkValidate({ ...base, invoice: { ...provisional(first), date: '01/03/2026' } })).toEqual(
      refused('invalid_invoice_parameters'),
    );
    expect(
      checkValidate({ ...base, invoice: provisional(first), quote: { ...book.quote, retainageRate: 501 } }),
    ).toEqual(refused('invalid_invoice_parameters'));
    const creditNote: QuoteInvoice = { ...provisional(first), kind: 'factureAvoir', correctsInvoiceId: null };
    expect(checkValidate({ ...base, invoice: creditNote })).toEqual(refused('invalid_invoice_parameters'));
    const broken = { ...provisional(first), amounts: { ...first.amounts, ttc: first.amounts.ttc + 1 } };
    expect(checkValidate({ ...base, invoice: broken })).toEqual(refused('invoice_validation_error'));
  });

  it('accepts a statement whose deposit deduction leaves nothing to pay (100 % deposit)', () => {
    const book = new QuoteBook(quote([line(1, 1, 100)]));
    book.deposit({ percent: 10_000 });
    const final = unwrap(
      progressStatement(book.quote, book.invoices, { lines: [{ lineId: 1, percent: 10_000 }] }),
    );
    expect(final.amounts.ttc).toBe(0);
    const invoice = book.store('facture', final.amounts, { status: 'PROVISOIRE', progress: final.progress });
    expect(
      checkValidate({
        invoice,
        prior: book.invoices.slice(0, 1),
        quote: book.quote,
        lastValidatedDate: null,
        today,
      }),
    ).toEqual(allowed);
    expect(unwrap(depositInvoice(book.quote, [], { percent: 10_000 })).ttc).toBe(12_000);
  });
});

describe('back to PROVISOIRE', () => {
  it('refuses the first invoice: it is not the last validated part of the quote', () => {
    const { book, deposit, first } = scenario();
    const input = { quoteInvoices: book.invoices, receptionDate: null, released: false, creditNotes: 0 };
    expect(checkRevert({ ...input, invoice: deposit })).toEqual(refused('invoice_not_last_validated_part'));
    expect(checkRevert({ ...input, invoice: first })).toEqual(refused('invoice_not_last_validated_part'));
  });

  it('allows the last validated part, before reception and retainage payments', () => {
    const { book, final } = scenario();
    expect(
      checkRevert({
        invoice: final,
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(allowed);
  });

  it('refuses once the job has a works-reception date', () => {
    const { book, final } = scenario();
    expect(
      checkRevert({
        invoice: final,
        quoteInvoices: book.invoices,
        receptionDate: '2026-06-30',
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('business_has_delivery_date'));
  });

  it('refuses once its retainage has payments', () => {
    const { book, final } = scenario();
    expect(
      checkRevert({
        invoice: { ...final, retainagePaid: 1_050 },
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('retainage_already_paid'));
  });

  it('after a credit note cancels the final invoice, the 75 % statement is the last part', () => {
    const { book, second, final } = scenario();
    book.creditNote(final);
    expect(
      checkRevert({
        invoice: second,
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(allowed);
    expect(
      checkRevert({
        invoice: second,
        quoteInvoices: book.invoices,
        receptionDate: '2026-06-30',
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('business_has_delivery_date'));
    expect(
      checkRevert({
        invoice: final,
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('invoice_already_cancelled'));
  });

  it('refuses a PROVISOIRE invoice and a credit note', () => {
    const { book, final } = scenario();
    const credit = book.creditNote(final);
    expect(
      checkRevert({
        invoice: provisional(final),
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('invoice_not_validated'));
    expect(
      checkRevert({
        invoice: credit,
        quoteInvoices: book.invoices,
        receptionDate: null,
        released: false,
        creditNotes: 0,
      }),
    ).toEqual(refused('invalid_invoice_parameters'));
  });
});

describe('cancelling and deleting', () => {
  it('cancels a validated last invoice with a credit note', () => {
    const { book, final } = scenario();
    expect(cancelAction(final, book.invoices)).toEqual({ ok: true, value: 'creditNote' });
  });

  it('deletes a PROVISOIRE last invoice', () => {
    const { book } = scenario();
    const last = book.invoices[3] as QuoteInvoice;
    const invoices = [...book.invoices.slice(0, 3), provisional(last)];
    expect(cancelAction(provisional(last), invoices)).toEqual({ ok: true, value: 'delete' });
    expect(checkDelete(provisional(last))).toEqual(allowed);
  });

  it('never deletes a reverted invoice that holds its number: the sequence would have a hole', () => {
    const { book } = scenario();
    const last = { ...provisional(book.invoices[3] as QuoteInvoice), number: 'FA-2026-00004' };
    const invoices = [...book.invoices.slice(0, 3), last];
    expect(checkDelete(last)).toEqual(refused('numbered_invoice_not_deletable'));
    expect(cancelAction(last, invoices)).toEqual(refused('numbered_invoice_not_deletable'));
  });

  it('refuses to cancel an invoice that is not the last of the quote', () => {
    const { book, first } = scenario();
    expect(cancelAction(first, book.invoices)).toEqual(refused('cancel_not_last_invoice'));
  });

  it('cancels backwards: once the final invoice has its credit note, the 75 % statement is the last', () => {
    const { book, second, final } = scenario();
    book.creditNote(final);
    expect(cancelAction(second, book.invoices)).toEqual({ ok: true, value: 'creditNote' });
    expect(cancelAction(final, book.invoices)).toEqual(refused('invoice_already_cancelled'));
  });

  it('checks the credit note it issues like any validation: corrected invoice, date order', () => {
    const { book, final } = scenario();
    const credit = provisional(book.creditNote(final));
    const prior = book.invoices.filter((i) => i.id !== credit.id);
    expect(
      checkValidate({ invoice: credit, prior, quote: book.quote, lastValidatedDate: '2026-03-01', today }),
    ).toEqual(allowed);
    expect(
      checkValidate({ invoice: credit, prior, quote: book.quote, lastValidatedDate: '2026-03-02', today }),
    ).toEqual(refused('invoice_date_before_last_validation'));
    // Crediting what was never invoiced would take the quote's invoices below zero.
    expect(
      checkValidate({
        invoice: credit,
        prior: [],
        quote: book.quote,
        lastValidatedDate: null,
        today,
      }),
    ).toEqual(refused('amount_higher_than_vat'));
  });

  it('never cancels a credit note, never deletes a validated invoice', () => {
    const { book, final } = scenario();
    const credit = book.creditNote(final);
    expect(cancelAction(credit, book.invoices)).toEqual(refused('credit_note_not_cancellable'));
    expect(checkDelete(final)).toEqual(refused('validated_invoice_not_deletable'));
    expect(checkDelete(credit)).toEqual(refused('validated_invoice_not_deletable'));
  });

  it('bills the quote again after a cancellation: the new statement starts from the last standing one', () => {
    const { book, second, final } = scenario();
    book.creditNote(final);
    const again = unwrap(
      progressStatement(book.quote, book.invoices, { lines: [{ lineId: 1, percent: 10_000 }] }),
    );
    expect(again.lines[0]?.previousPercent).toBe(7500);
    expect(again.amounts).toEqual(final.amounts);
    expect(second.progress).toEqual([{ lineId: 1, percent: 7500 }]);
  });
});
