/**
 * Accounting entries of the exports (sales journal, bank journal, FEC), the VAT an invoice or a
 * payment makes due, and the FEC's own rules (its name): pure rules on integer cents. Every entry
 * balances by construction: the customer's debit is the sum of what the invoice's parts bring,
 * less the retainage debited on its own account.
 *
 * Three rules of issue 18 live here and nowhere else:
 * - reverse charge (autoliquidation, CGI art. 283-2 nonies) is 0 %, category AE, everywhere: its
 *   sales go to their own account, never to a rate's « Ventes TVA 20 % », and it has no VAT line;
 * - a deposit is an advance received (PCG 4191 « Clients – avances et acomptes reçus sur
 *   commandes »), not a sale; the invoices that deduct it debit that account back, so the final
 *   invoice leaves it at zero and books the whole sale;
 * - VAT falls due on receipts for services, on the invoice's issue under the debits option (or for
 *   goods) — CGI art. 269-2-c and 269-2-a — and the collected-VAT export follows it.
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

/**
 * One VAT rate's part of an invoice, as its stored amounts give it: `ht` is its taxable base (after
 * the deposits it deducts), `depositHt` the deposits it deducts (0 when absent: a deposit, a simple
 * invoice, amounts stored before it existed).
 */
export interface RatePart {
  vatRate: Bp;
  ht: Cents;
  vat: Cents;
  depositHt?: Cents;
}

/** An account of the chart and the label the journals give it. */
export interface Account {
  account: string;
  label: string;
}

export interface SalesAccounts {
  customer: string;
  retainage: string;
  /** Advances received on orders: what deposits credit and later invoices debit back (PCG 4191). */
  advances: Account;
  /** Reverse-charge sales (0 %, AE): their own account. */
  reverseCharge: Account;
  /** The sales (7…) and collected VAT (4457…) accounts of a rate. */
  salesFor(rate: Bp): Account;
  vatFor(rate: Bp): Account;
}

export interface Customer {
  code: string;
  name: string;
}

/** The rate of reverse charge: 0 %, category AE (the VAT sheet's 0 % rate means autoliquidation). */
export const REVERSE_CHARGE_RATE: Bp = 0;

/** Whether a part is reverse charge: the invoice says so (the quote's flag), or its rate is 0 %. */
export const isReverseCharge = (invoice: { reverseCharge: boolean }, part: { vatRate: Bp }) =>
  invoice.reverseCharge || part.vatRate === REVERSE_CHARGE_RATE;

/** A signed amount on its side: a credit note's negative sales become debits, and so on. */
function line(account: Account, signedDebit: Cents, aux: Customer | null = null): EntryLine | null {
  if (signedDebit === 0) return null;
  return {
    account: account.account,
    accountLabel: account.label,
    auxAccount: aux?.code ?? '',
    auxLabel: aux?.name ?? '',
    debit: signedDebit > 0 ? signedDebit : 0,
    credit: signedDebit < 0 ? -signedDebit : 0,
  };
}

/**
 * Signed amounts on the same account (and auxiliary) added into one line, in the order each
 * account first appears: two reverse-charge rates make one line on the reverse-charge account.
 */
function merged(amounts: { account: Account; signedDebit: Cents; aux?: Customer }[]): EntryLine[] {
  const byKey = new Map<string, { account: Account; signedDebit: Cents; aux: Customer | null }>();
  for (const a of amounts) {
    const key = `${a.account.account}|${a.aux?.code ?? ''}`;
    const found = byKey.get(key);
    if (found) found.signedDebit += a.signedDebit;
    else byKey.set(key, { account: a.account, signedDebit: a.signedDebit, aux: a.aux ?? null });
  }
  return [...byKey.values()]
    .map((a) => line(a.account, a.signedDebit, a.aux))
    .filter((l): l is EntryLine => l !== null);
}

export const customerAccountLabel = 'Clients';
export const retainageAccountLabel = 'Clients - retenues de garantie';

/**
 * Whether an invoice is an advance received: a deposit invoice, or the credit note that cancels one
 * (it gives the advance back). `kind` and `creditedKind` are the stored kinds (`deposit`,
 * `credit_note`, …; the cancelled invoice's kind, or '' when it cancels nothing).
 */
export const isAdvance = (kind: string, creditedKind: string) =>
  kind === 'deposit' || (kind === 'credit_note' && creditedKind === 'deposit');

/** What an invoice is to the sales journal: a deposit (an advance) or a sale. */
export interface SalesDocument {
  /** A deposit invoice, or the credit note that cancels one: an advance received, not a sale. */
  isDeposit: boolean;
  reverseCharge: boolean;
  byRate: readonly RatePart[];
  retainage: Cents;
}

/**
 * A validated invoice (or credit note, or deposit) in the sales journal. The customer is debited
 * with what they owe now and the retainage account with the retainage held. A deposit credits the
 * advances account with its base; any other invoice credits each rate's sales account with its
 * whole base (the deposits it deducts included) and debits the advances account with the deposits
 * it deducts. Each rate's VAT is credited on its VAT account; reverse charge has none and its sales
 * go to their own account. A credit note (negative amounts) mirrors its invoice.
 */
export function salesEntryLines(
  invoice: SalesDocument,
  customer: Customer,
  accounts: SalesAccounts,
): EntryLine[] {
  const amounts: { account: Account; signedDebit: Cents; aux?: Customer }[] = [];
  let total = 0;
  for (const part of invoice.byRate) {
    total += part.ht + part.vat;
    const deducted = part.depositHt ?? 0;
    const reverse = isReverseCharge(invoice, part);
    if (invoice.isDeposit) amounts.push({ account: accounts.advances, signedDebit: -part.ht });
    else {
      const sales = reverse ? accounts.reverseCharge : accounts.salesFor(part.vatRate);
      amounts.push({ account: sales, signedDebit: -(part.ht + deducted) });
      amounts.push({ account: accounts.advances, signedDebit: deducted });
    }
    // A reverse-charge part has no VAT (the customer owes it); a stray amount would still be booked
    // on the rate's VAT account rather than lost, so that the entry balances.
    if (!reverse || part.vat !== 0)
      amounts.push({ account: accounts.vatFor(part.vatRate), signedDebit: -part.vat });
  }
  const customerLines = merged([
    {
      account: { account: accounts.customer, label: customerAccountLabel },
      signedDebit: total - invoice.retainage,
      aux: customer,
    },
    {
      account: { account: accounts.retainage, label: retainageAccountLabel },
      signedDebit: invoice.retainage,
      aux: customer,
    },
  ]);
  return [...customerLines, ...merged(amounts)];
}

/**
 * A payment received in the bank (or cash) journal: the bank's account debited, the customer's (or
 * the retainage account, when it pays back the retainage) credited.
 */
export function paymentEntryLines(
  payment: { amount: Cents; isRetainage: boolean },
  customer: Customer,
  bank: Account,
  accounts: { customer: string; retainage: string },
): EntryLine[] {
  const customerAccount = payment.isRetainage
    ? { account: accounts.retainage, label: retainageAccountLabel }
    : { account: accounts.customer, label: customerAccountLabel };
  return [line(bank, payment.amount), line(customerAccount, -payment.amount, customer)].filter(
    (l): l is EntryLine => l !== null,
  );
}

/** A cash payment (no bank): its account in the chart of accounts. */
export const cashAccount: Account = { account: '530000', label: 'Caisse' };

// ------------------------------------------------------------------------------------ VAT due

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

/** When an invoice's VAT falls due: on the payments received, or on the invoice's issue. */
export type VatDue = 'receipts' | 'debits';

/**
 * CGI art. 269-2: for services (construction works are services) VAT falls due on receipt of the
 * price (c), unless the company opted to pay it on debits, then on the invoice's issue; for goods,
 * on delivery (a), which the invoice's issue stands for. The same rule as the XML's VAT due date
 * code (5 on invoicing, 72 on payment: documents/cii-xml.ts). `settings` are those the invoice was
 * issued under (its frozen document), not today's.
 */
export function vatDueOf(settings: { vatOnDebits: boolean; operationNature: string }): VatDue {
  return settings.vatOnDebits || settings.operationNature === 'goods' ? 'debits' : 'receipts';
}

/** A line of the collected VAT: on receipts, on debits, or reverse charge (0 %, AE, no VAT). */
export type VatLineKind = VatDue | 'reverseCharge';

export interface VatLine {
  kind: VatLineKind;
  vatRate: Bp;
  base: Cents;
  vat: Cents;
}

/**
 * Reverse charge apart: its base, at 0 % and without VAT, on a line of its own (the VAT return's
 * « autres opérations non imposables »), never inside a rate's base. It follows the invoice's timing.
 */
function byKind(
  due: VatDue,
  invoice: { reverseCharge: boolean },
  parts: readonly CollectedPart[],
): VatLine[] {
  return parts.map((part) =>
    isReverseCharge(invoice, part)
      ? { kind: 'reverseCharge', vatRate: REVERSE_CHARGE_RATE, base: part.base + part.vat, vat: 0 }
      : { kind: due, vatRate: part.vatRate, base: part.base, vat: part.vat },
  );
}

/** What a payment makes due: its share of each rate, when its invoice's VAT is due on receipts. */
export function vatOnReceipt(
  amount: Cents,
  invoice: { reverseCharge: boolean; byRate: readonly RatePart[]; due: VatDue },
): VatLine[] {
  if (invoice.due !== 'receipts') return [];
  return byKind('receipts', invoice, collectedVat(amount, invoice.byRate));
}

/** What an invoice makes due on its issue (debits option, goods): each rate's base and VAT. */
export function vatOnIssue(invoice: {
  reverseCharge: boolean;
  byRate: readonly RatePart[];
  due: VatDue;
}): VatLine[] {
  if (invoice.due !== 'debits') return [];
  return byKind(
    'debits',
    invoice,
    invoice.byRate
      .filter((p) => p.ht !== 0 || p.vat !== 0)
      .map((p) => ({ vatRate: p.vatRate, base: p.ht, vat: p.vat })),
  );
}

/**
 * An invoice's VAT breakdown as the API states it (`vatTotals`), the same as its XML and PDF: a
 * reverse-charge part is at 0 % (category AE) whatever rate its lines carry, the parts at one rate
 * added into one.
 */
export function vatBreakdown<P extends { vatRate: Bp; ht: Cents; vat: Cents }>(
  byRate: readonly P[],
  reverseCharge: boolean,
): { vatRate: Bp; ht: Cents; vat: Cents; reverseCharge: boolean }[] {
  const totals = new Map<Bp, { vatRate: Bp; ht: Cents; vat: Cents; reverseCharge: boolean }>();
  for (const part of byRate) {
    const reverse = isReverseCharge({ reverseCharge }, part);
    const vatRate = reverse ? REVERSE_CHARGE_RATE : part.vatRate;
    const total = totals.get(vatRate) ?? { vatRate, ht: 0, vat: 0, reverseCharge: reverse };
    total.ht += part.ht;
    total.vat += part.vat;
    totals.set(vatRate, total);
  }
  return [...totals.values()];
}

// ---------------------------------------------------------------------------------------- FEC

/** yyyy-MM-dd shifted by whole years; 29 February becomes 28 February in a common year. */
function shiftYears(iso: string, years: number): string {
  const year = Number(iso.slice(0, 4)) + years;
  const month = iso.slice(5, 7);
  let day = iso.slice(8, 10);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === '02' && day === '29' && !leap) day = '28';
  return `${String(year).padStart(4, '0')}-${month}-${day}`;
}

/** The last day of February of a year, for a fiscal year that closes at the end of February. */
const endOfMonth = (iso: string) => {
  const [y, m] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).getUTCDate() === Number(iso.slice(8, 10));
};

/**
 * Whether a period is one of the company's fiscal years: the one its settings give, or one the
 * same number of whole years before or after it (same opening and closing days; a closing on the
 * last day of February stays on the last day). Without a fiscal year in the settings, none is.
 */
export function isFiscalYear(
  period: { from: string; to: string },
  fiscalYear: { start: string | null; end: string | null },
): boolean {
  const { start, end } = fiscalYear;
  if (!start || !end) return false;
  const years = Number(period.to.slice(0, 4)) - Number(end.slice(0, 4));
  let closing = shiftYears(end, years);
  if (end.slice(5, 7) === '02' && endOfMonth(end) && !endOfMonth(closing))
    closing = `${closing.slice(0, 8)}29`;
  return period.from === shiftYears(start, years) && period.to === closing;
}

/** yyyy-MM-dd → yyyyMMdd, the FEC's dates. */
export const fecDate = (iso: string) => `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;

/**
 * The FEC's file name. Article A47 A-1 (IX) of the LPF: `SirenFECAAAAMMJJ`, AAAAMMJJ the closing
 * date of the fiscal year; so only a whole fiscal year is named so. Any other period is an extract
 * and says it (`SirenFEC-extrait_AAAAMMJJ-AAAAMMJJ`), so that nobody hands it over as the year's
 * FEC. The SIREN is the SIRET's first nine digits.
 */
export function fecFilename(
  siret: string,
  period: { from: string; to: string },
  fiscalYear: { start: string | null; end: string | null },
): string {
  const siren = siret.replace(/\D/g, '').slice(0, 9).padEnd(9, '0');
  return isFiscalYear(period, fiscalYear)
    ? `${siren}FEC${fecDate(period.to)}.txt`
    : `${siren}FEC-extrait_${fecDate(period.from)}-${fecDate(period.to)}.txt`;
}
