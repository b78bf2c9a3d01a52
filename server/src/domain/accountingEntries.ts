/**
 * Accounting entries of the exports (sales journal, bank journal, FEC) and the VAT collected on a
 * payment: pure rules on integer cents. Every entry balances by construction: the customer's debit
 * is the sum of what the lines credit, less the retainage debited on its own account.
 */
import { allocate, type Bp, type Cents, mulDivRound } from './money.js';

/** One line of an entry; exactly one of debit and credit is non-zero, both are non-negative. */
export interface EntryLine {
  account: string;
  accountLabel: string;
  /** Auxiliary (customer) account: the customer code and name on customer lines, else empty. */
  auxAccount: string;
  auxLabel: string;
  debit: Cents;
  credit: Cents;
}

/** One VAT rate's part of an invoice, as its stored amounts give it. */
export interface RatePart {
  vatRate: Bp;
  ht: Cents;
  vat: Cents;
}

export interface SalesAccounts {
  customer: string;
  retainage: string;
  /** The sales (7…) and collected VAT (4457…) accounts of a rate. */
  salesFor(rate: Bp): { account: string; label: string };
  vatFor(rate: Bp): { account: string; label: string };
}

export interface Customer {
  code: string;
  name: string;
}

/** A signed amount on its side: a credit note's negative sales become debits, and so on. */
function line(
  account: string,
  accountLabel: string,
  signedDebit: Cents,
  aux: Customer | null = null,
): EntryLine | null {
  if (signedDebit === 0) return null;
  return {
    account,
    accountLabel,
    auxAccount: aux?.code ?? '',
    auxLabel: aux?.name ?? '',
    debit: signedDebit > 0 ? signedDebit : 0,
    credit: signedDebit < 0 ? -signedDebit : 0,
  };
}

const present = (lines: (EntryLine | null)[]) => lines.filter((l): l is EntryLine => l !== null);

/**
 * A validated invoice (or credit note, or deposit) in the sales journal: the customer is debited
 * with what they owe now, the retainage account with the retainage held, each rate's sales account
 * credited with its base and its VAT account with its VAT.
 */
export function salesEntryLines(
  invoice: { byRate: readonly RatePart[]; retainage: Cents },
  customer: Customer,
  accounts: SalesAccounts,
): EntryLine[] {
  const credits = invoice.byRate.flatMap((part) => {
    const sales = accounts.salesFor(part.vatRate);
    const vat = accounts.vatFor(part.vatRate);
    return [line(sales.account, sales.label, -part.ht), line(vat.account, vat.label, -part.vat)];
  });
  const total = invoice.byRate.reduce((sum, part) => sum + part.ht + part.vat, 0);
  return present([
    line(accounts.customer, 'Clients', total - invoice.retainage, customer),
    line(accounts.retainage, 'Clients - retenues de garantie', invoice.retainage, customer),
    ...credits,
  ]);
}

/**
 * A payment received in the bank (or cash) journal: the bank's account debited, the customer's (or
 * the retainage account, when it pays back the retainage) credited.
 */
export function paymentEntryLines(
  payment: { amount: Cents; isRetainage: boolean },
  customer: Customer,
  bank: { account: string; label: string },
  accounts: { customer: string; retainage: string },
): EntryLine[] {
  const customerAccount = payment.isRetainage
    ? line(accounts.retainage, 'Clients - retenues de garantie', -payment.amount, customer)
    : line(accounts.customer, 'Clients', -payment.amount, customer);
  return present([line(bank.account, bank.label, payment.amount), customerAccount]);
}

/** A cash payment (no bank): its account in the chart of accounts. */
export const cashAccount = { account: '530000', label: 'Caisse' };

/** One rate's part of a payment: the base and the VAT it collects (taxed on receipts). */
export interface CollectedPart {
  vatRate: Bp;
  base: Cents;
  vat: Cents;
}

/**
 * The VAT a payment collects, per rate: the amount is split over the invoice's rates in proportion
 * to each rate's total incl. tax (the shares sum to the amount exactly), then each share's VAT is
 * its rate's VAT share of it, to the cent. An invoice without amounts (nothing to weigh) puts the
 * whole amount at rate 0, without VAT.
 */
export function collectedVat(amount: Cents, byRate: readonly RatePart[]): CollectedPart[] {
  const weights = byRate.map((part) => Math.abs(part.ht + part.vat));
  if (amount === 0 || weights.every((w) => w === 0)) {
    return amount === 0 ? [] : [{ vatRate: byRate[0]?.vatRate ?? 0, base: amount, vat: 0 }];
  }
  const shares = allocate(amount, weights);
  return byRate.map((part, i) => {
    const share = shares[i]!;
    const weight = part.ht + part.vat;
    const vat = weight === 0 ? 0 : mulDivRound(share, part.vat, weight);
    return { vatRate: part.vatRate, base: share - vat, vat };
  });
}
