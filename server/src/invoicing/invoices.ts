/**
 * Invoice operations: create, edit, validate, revert, cancel, delete, and recording a payment. Each
 * loads what the rules need, asks the domain (server/src/domain), and stores the answer, inside the
 * caller's tenant transaction. Amounts are never taken from a request: the domain computes them.
 *
 * Row locks, always in this order so two operations never wait on each other in a circle: the quote
 * (create, cancel), then the invoice. The edit lock and the version are checked after the invoice row
 * is locked.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { isFrance } from '../../../src/contract/fields.js';
import { formatCents, formatPercent } from '../../../src/contract/format.js';
import { invoiceWord, recordActivity } from '../activity/record.js';
import type { Tx } from '../db/database.js';
import {
  banks,
  businessJobs,
  companies,
  customers,
  editLocks,
  invoiceDocumentSnapshots,
  invoiceLines,
  invoices,
  invoiceVersions,
  payments,
  users,
} from '../db/schema.js';
import { companyDataMissing } from '../documents/company-mentions.js';
import { freezeInvoiceDocument } from '../documents/frozen-document.js';
import { storedBalance, storedRetainageBalance } from '../domain/balance.js';
import {
  cancelAction,
  checkCreate,
  checkDelete,
  checkEdit,
  checkPayment,
  checkQuoteInvoiceable,
  checkRevert,
  checkValidate,
  depositInvoice,
  dueDateOf,
  finalProgress,
  type InvoiceAmounts,
  invoiceAmounts,
  type LineProgress,
  lineHt,
  missingBuyerFields,
  type PaymentDeadline,
  partialCreditNote,
  progressStatement,
  type QuoteContext,
  type QuoteInvoice,
  quoteBases,
  remainderCreditNote,
} from '../domain/index.js';
import { lockForEdit } from './edit-locks.js';
import {
  type ApiKind,
  customerExists,
  type InvoiceRow,
  invoicesOfQuote,
  lineAtPrecisions,
  loadInvoice,
  loadJob,
  loadQuote,
  precisionsOf,
  priceToFixed4,
  quantityToFixed4,
  retainagePaidOf,
  toQuoteInvoice,
  typeOfKind,
  vatRatesOf,
} from './load.js';
import { lockCounter, touchCounterDate } from './numbering.js';
import { done, fail, type Outcome } from './outcome.js';
import { todayInFrance } from './today.js';

export interface LineInput {
  chapter: string;
  label: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
}

export interface InvoiceCommonInput {
  date?: string | undefined;
  worksDate?: string | null | undefined;
  title?: string | undefined;
  comment?: string | undefined;
  paymentDeadline?: PaymentDeadline | undefined;
  paymentModes?: string[] | undefined;
  /** Autoliquidation: a simple invoice's own; an invoice of a quote has the quote's. */
  reverseCharge?: boolean | undefined;
}

export type CreateInvoiceInput = InvoiceCommonInput &
  (
    | { kind: 'deposit'; quoteId: number; depositBasisPoints: number }
    | { kind: 'progress'; quoteId: number; progress: { quoteLineId: number; progressBasisPoints: number }[] }
    | { kind: 'final'; quoteId: number }
    | { kind: 'simple'; customerId: number; businessJobId?: number | undefined; lines: LineInput[] }
  );

export interface EditInvoiceInput extends InvoiceCommonInput {
  depositBasisPoints?: number | undefined;
  progress?: { quoteLineId: number; progressBasisPoints: number }[] | undefined;
  lines?: LineInput[] | undefined;
}

/** Who acts: the editing session (null for the seed, which takes no edit lock) and the version read. */
export interface Actor {
  sessionId: string | null;
  version?: number | undefined;
  /** The signed-in user (recorded with a revert); absent for the seed. */
  userId?: number | undefined;
}

type NewLine = Omit<typeof invoiceLines.$inferInsert, 'companyId' | 'invoiceId'>;

interface Computed {
  kind: ApiKind;
  reverseCharge: boolean;
  amounts: InvoiceAmounts;
  progress: LineProgress[];
  depositBasisPoints: number | null;
  lines: NewLine[];
}

/** The first VAT rate id of the quote's lines at each percentage (deposit and deduction lines name one). */
function rateIdsOf(lines: readonly { vatRateId: number; vatBasisPoints: number }[]) {
  const ids = new Map<number, number>();
  for (const line of lines) if (!ids.has(line.vatBasisPoints)) ids.set(line.vatBasisPoints, line.vatRateId);
  return ids;
}

type LoadedQuote = NonNullable<Awaited<ReturnType<typeof loadQuote>>>;

/** A deposit, progress statement or final invoice of a quote: the domain's amounts and the lines that show them. */
function computeQuoteInvoice(
  loaded: LoadedQuote,
  prior: readonly QuoteInvoice[],
  request:
    | { kind: 'deposit'; depositBasisPoints: number }
    | { kind: 'progress'; progress: { quoteLineId: number; progressBasisPoints: number }[] }
    | { kind: 'final' },
): Outcome<Computed> {
  const { quote, lines: quoteLines, context } = loaded;
  const rateIds = rateIdsOf(quoteLines);
  if (request.kind === 'deposit') {
    const result = depositInvoice(context, prior, { percent: request.depositBasisPoints });
    if (!result.ok) return fail(result.key);
    const lines: NewLine[] = result.value.byRate
      .filter((r) => r.grossHt !== 0)
      .map((r, position) => ({
        position,
        chapter: '',
        label: `Acompte de ${formatPercent(request.depositBasisPoints)} sur le devis ${quote.number}`,
        unit: 'forfait',
        quantityMilli: 1000,
        unitPriceCents: r.grossHt,
        vatRateId: rateIds.get(r.vatRate)!,
        vatBasisPoints: r.vatRate,
        totalExclTaxCents: r.grossHt,
        quoteLineId: null,
        progressBasisPoints: null,
      }));
    return done({
      kind: 'deposit',
      reverseCharge: context.reverseCharge,
      amounts: result.value,
      progress: [],
      depositBasisPoints: request.depositBasisPoints,
      lines,
    });
  }
  const asked =
    request.kind === 'final'
      ? finalProgress(context)
      : request.progress.map((p) => ({ lineId: p.quoteLineId, percent: p.progressBasisPoints }));
  const statement = progressStatement(context, prior, { lines: asked });
  if (!statement.ok) return fail(statement.key);
  const { value } = statement;
  const byId = new Map(quoteLines.map((l) => [l.id, l]));
  const lines: NewLine[] = value.lines
    .filter((l) => l.thisHt !== 0)
    .map((l) => {
      const source = byId.get(l.lineId)!;
      return {
        chapter: source.chapter,
        label: source.label,
        unit: source.unit,
        quantityMilli: source.quantityMilli,
        unitPriceCents: source.unitPriceCents,
        vatRateId: source.vatRateId,
        vatBasisPoints: source.vatBasisPoints,
        totalExclTaxCents: l.thisHt,
        quoteLineId: source.id,
        progressBasisPoints: l.percent,
      };
    });
  for (const r of value.amounts.byRate.filter((rate) => rate.depositHt !== 0)) {
    lines.push({
      chapter: '',
      label: `Déduction des acomptes (TVA ${formatPercent(r.vatRate)})`,
      unit: 'forfait',
      quantityMilli: 1000,
      unitPriceCents: -r.depositHt,
      vatRateId: rateIds.get(r.vatRate)!,
      vatBasisPoints: r.vatRate,
      totalExclTaxCents: -r.depositHt,
      quoteLineId: null,
      progressBasisPoints: null,
    });
  }
  return done({
    kind: value.final ? 'final' : 'progress',
    reverseCharge: context.reverseCharge,
    amounts: value.amounts,
    progress: value.progress,
    depositBasisPoints: null,
    lines: lines.map((line, position) => ({ ...line, position })),
  });
}

/**
 * A simple invoice (no quote): its own lines are its whole base, each quantity and unit price
 * rounded to the document settings' precisions as entered.
 */
async function computeSimpleInvoice(
  tx: Tx,
  companyId: number,
  entered: LineInput[],
  retainageRate: number,
  reverseCharge: boolean,
): Promise<Outcome<Computed>> {
  const [rates, precisions] = await Promise.all([vatRatesOf(tx, companyId), precisionsOf(tx, companyId)]);
  const input = entered.map((line) => lineAtPrecisions(line, precisions));
  const fields: Record<string, string> = {};
  input.forEach((line, i) => {
    if (!rates.has(line.vatRateId)) fields[`lines.${i}.vatRateId`] = 'invalid';
  });
  if (Object.keys(fields).length > 0) return fail('validation', fields);
  const lines: NewLine[] = input.map((line, position) => {
    const basisPoints = rates.get(line.vatRateId)!.rateBasisPoints;
    return {
      ...line,
      position,
      vatBasisPoints: basisPoints,
      totalExclTaxCents: lineHt(quantityToFixed4(line.quantityMilli), priceToFixed4(line.unitPriceCents)),
      quoteLineId: null,
      progressBasisPoints: null,
    };
  });
  const context: QuoteContext = {
    lines: lines.map((line, i) => ({
      id: i + 1,
      chapterId: null,
      quantity: quantityToFixed4(line.quantityMilli),
      unitPrice: priceToFixed4(line.unitPriceCents),
      vatRate: line.vatBasisPoints!,
    })),
    reverseCharge,
    retainageRate,
  };
  const amounts = invoiceAmounts(context, [], quoteBases(context), []);
  if (amounts.grossHt <= 0) return fail('invalid_invoice_parameters');
  return done({ kind: 'simple', reverseCharge, amounts, progress: [], depositBasisPoints: null, lines });
}

/** The customer's payment deadline and modes, else the company's general ones. */
async function paymentDefaults(tx: Tx, companyId: number, customerId: number) {
  const [row] = await tx
    .select({
      customerDeadline: customers.paymentDeadline,
      customerModes: customers.paymentModes,
      companyDeadline: companies.defaultPaymentDeadline,
      companyModes: companies.defaultPaymentModes,
    })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return {
    paymentDeadline: (row?.customerDeadline ??
      row?.companyDeadline ?? { rule: 'days', value: 30 }) as PaymentDeadline,
    paymentModes: row?.customerModes ?? row?.companyModes ?? ['transfer', 'check'],
  };
}

const storedColumns = (computed: Computed) => ({
  kind: computed.kind,
  reverseCharge: computed.reverseCharge,
  type: typeOfKind(computed.kind),
  amounts: computed.amounts,
  progress: computed.progress,
  depositBasisPoints: computed.depositBasisPoints,
  totalExclTaxCents: computed.amounts.ht,
  totalVatCents: computed.amounts.vat,
  totalInclTaxCents: computed.amounts.ttc,
  retainageCents: computed.amounts.retainage,
});

async function writeLines(tx: Tx, companyId: number, invoiceId: number, lines: NewLine[]) {
  await tx
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)));
  if (lines.length > 0)
    await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, companyId, invoiceId })));
}

export async function createInvoice(
  tx: Tx,
  companyId: number,
  input: CreateInvoiceInput,
  today: string,
): Promise<Outcome<number>> {
  const date = input.date ?? today;
  let computed: Outcome<Computed>;
  let owner: { customerId: number; businessJobId: number | null; quoteId: number | null; title: string };
  if (input.kind === 'simple') {
    if (!(await customerExists(tx, companyId, input.customerId))) return fail('not_found');
    const job = input.businessJobId ? await loadJob(tx, companyId, input.businessJobId) : null;
    if (input.businessJobId && !job) return fail('not_found');
    computed = await computeSimpleInvoice(
      tx,
      companyId,
      input.lines,
      job?.retainageBasisPoints ?? 0,
      input.reverseCharge ?? false,
    );
    owner = { customerId: input.customerId, businessJobId: job?.id ?? null, quoteId: null, title: '' };
  } else {
    // The quote row stays locked until commit: two creations cannot both pass "one PROVISOIRE per quote".
    const loaded = await loadQuote(tx, companyId, input.quoteId, true);
    if (!loaded) return fail('not_found');
    const { domain: prior } = await invoicesOfQuote(tx, companyId, input.quoteId);
    // Only the latest revision of an accepted quote, not yet fully invoiced (domain/quoteLifecycle.ts).
    const invoiceable = checkQuoteInvoiceable(
      { status: loaded.quote.status, validUntil: loaded.quote.validUntil, latest: loaded.quote.latest },
      loaded.context,
      prior,
      today,
    );
    if (!invoiceable.ok) return fail(invoiceable.key);
    const allowed = checkCreate(prior, input.kind === 'deposit' ? 'factureAcompte' : 'facture');
    if (!allowed.ok) return fail(allowed.key);
    // The quote's invoices are computed with its flag: VAT of the quote and of its invoices must agree.
    if (input.reverseCharge !== undefined && input.reverseCharge !== loaded.quote.reverseCharge)
      return fail('validation', { reverseCharge: 'invalid' });
    computed = computeQuoteInvoice(loaded, prior, input);
    owner = {
      customerId: loaded.quote.customerId,
      businessJobId: loaded.quote.businessJobId,
      quoteId: loaded.quote.id,
      title: loaded.quote.title,
    };
  }
  if (!computed.ok) return computed;
  const defaults = await paymentDefaults(tx, companyId, owner.customerId);
  const paymentDeadline = input.paymentDeadline ?? defaults.paymentDeadline;
  const [row] = await tx
    .insert(invoices)
    .values({
      companyId,
      ...owner,
      title: input.title ?? owner.title,
      comment: input.comment ?? '',
      status: 'PROVISOIRE',
      date,
      worksDate: input.worksDate ?? null,
      dueDate: dueDateOf(date, paymentDeadline),
      paymentDeadline,
      paymentModes: input.paymentModes ?? defaults.paymentModes,
      ...storedColumns(computed.value),
    })
    .returning({ id: invoices.id });
  await writeLines(tx, companyId, row!.id, computed.value.lines);
  return done(row!.id);
}

/** Loads the invoice for a change: row lock, then the edit lock of the session, then the version. */
async function lockForChange(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
): Promise<Outcome<InvoiceRow>> {
  return lockForEdit(tx, companyId, 'invoice', id, actor, () => loadInvoice(tx, companyId, id, true));
}

/** The invoices that "the quote's invoices" means for a rule: the quote's, or the invoice alone. */
async function familyOf(tx: Tx, companyId: number, row: InvoiceRow) {
  if (row.quoteId !== null) return (await invoicesOfQuote(tx, companyId, row.quoteId)).domain;
  const paid = await retainagePaidOf(tx, companyId, [row.id]);
  return [toQuoteInvoice(row, paid.get(row.id) ?? 0)];
}

const bump = (row: InvoiceRow) => ({ version: row.version + 1 });

/** A simple invoice's stored lines as entered lines (to recompute them under another VAT regime). */
async function linesOf(tx: Tx, companyId: number, invoiceId: number): Promise<LineInput[]> {
  const rows = await tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(invoiceLines.position, invoiceLines.id);
  return rows.map((line) => ({
    chapter: line.chapter,
    label: line.label,
    unit: line.unit,
    quantityMilli: line.quantityMilli,
    unitPriceCents: line.unitPriceCents,
    vatRateId: line.vatRateId,
  }));
}

export async function editInvoice(
  tx: Tx,
  companyId: number,
  id: number,
  input: EditInvoiceInput,
  actor: Actor,
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const row = locked.value;
  const editable = checkEdit(toQuoteInvoice(row, 0));
  if (!editable.ok) return fail(editable.key);
  // Only the fields of the invoice's kind.
  const misplaced: Record<string, string> = {};
  if (input.depositBasisPoints !== undefined && row.kind !== 'deposit')
    misplaced.depositBasisPoints = 'invalid';
  if (input.progress !== undefined && row.kind !== 'progress' && row.kind !== 'final')
    misplaced.progress = 'invalid';
  if (input.lines !== undefined && row.kind !== 'simple') misplaced.lines = 'invalid';
  // An invoice of a quote carries the quote's flag (its VAT is cumulative with the quote's).
  if (input.reverseCharge !== undefined && row.kind !== 'simple' && input.reverseCharge !== row.reverseCharge)
    misplaced.reverseCharge = 'invalid';
  if (Object.keys(misplaced).length > 0) return fail('validation', misplaced);

  let computed: Outcome<Computed> | null = null;
  const reverseCharge = input.reverseCharge ?? row.reverseCharge;
  if (input.lines !== undefined || (row.kind === 'simple' && reverseCharge !== row.reverseCharge)) {
    const job = row.businessJobId ? await loadJob(tx, companyId, row.businessJobId) : null;
    computed = await computeSimpleInvoice(
      tx,
      companyId,
      input.lines ?? (await linesOf(tx, companyId, id)),
      job?.retainageBasisPoints ?? 0,
      reverseCharge,
    );
  } else if (
    (input.depositBasisPoints !== undefined || input.progress !== undefined) &&
    row.quoteId !== null
  ) {
    const loaded = await loadQuote(tx, companyId, row.quoteId);
    const prior = (await invoicesOfQuote(tx, companyId, row.quoteId)).domain.filter((i) => i.id !== id);
    computed = computeQuoteInvoice(
      loaded!,
      prior,
      input.depositBasisPoints !== undefined
        ? { kind: 'deposit', depositBasisPoints: input.depositBasisPoints }
        : { kind: 'progress', progress: input.progress! },
    );
  }
  if (computed && !computed.ok) return computed;

  const date = input.date ?? row.date;
  const paymentDeadline = input.paymentDeadline ?? (row.paymentDeadline as PaymentDeadline);
  await tx
    .update(invoices)
    .set({
      date,
      dueDate: dueDateOf(date, paymentDeadline),
      paymentDeadline,
      ...(input.paymentModes ? { paymentModes: input.paymentModes } : {}),
      ...(input.worksDate !== undefined ? { worksDate: input.worksDate } : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
      ...(computed ? storedColumns(computed.value) : {}),
      ...bump(row),
    })
    .where(eq(invoices.id, id));
  if (computed) await writeLines(tx, companyId, id, computed.value.lines);
  return done(id);
}

export async function validateInvoice(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
  now = new Date(),
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const row = locked.value;
  // A validated invoice is a legal document: the seller's mandatory mentions must all be there.
  const missing = await companyDataMissing(tx, companyId);
  if (missing) return fail('company_data_missing', missing);
  // The reform makes a business buyer's SIREN a mandatory mention (domain/lifecycle.ts).
  const buyerMissing = await buyerDataMissing(tx, companyId, row.customerId);
  if (buyerMissing) return fail('customer_data_missing', buyerMissing);
  const family = await familyOf(tx, companyId, row);
  const invoice = family.find((i) => i.id === id)!;
  let context: QuoteContext;
  if (row.quoteId !== null) {
    context = (await loadQuote(tx, companyId, row.quoteId))!.context;
  } else {
    // A simple invoice is its own cap: its lines are its whole "quote".
    const job = row.businessJobId ? await loadJob(tx, companyId, row.businessJobId) : null;
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, id)));
    context = {
      lines: lines.map((l) => ({
        id: l.id,
        chapterId: null,
        quantity: quantityToFixed4(l.quantityMilli),
        unitPrice: priceToFixed4(l.unitPriceCents),
        vatRate: l.vatBasisPoints,
      })),
      reverseCharge: row.reverseCharge,
      retainageRate: job?.retainageBasisPoints ?? 0,
    };
  }
  const counter = await lockCounter(tx, companyId, invoice.kind, row.date);
  const allowed = checkValidate({
    invoice,
    prior: family.filter((i) => i.id !== id),
    quote: context,
    lastValidatedDate: counter.lastDate,
    today: todayInFrance(now),
  });
  if (!allowed.ok) return fail(allowed.key);
  // A reverted invoice keeps its number and takes it again (the sequence stays gapless).
  const number = row.number ?? (await counter.take(row.date));
  if (row.number) await touchCounterDate(tx, companyId, counter, row.date);
  await tx
    .update(invoices)
    .set({ status: 'VALIDATED', number, validatedAt: now, ...bump(row) })
    .where(eq(invoices.id, id));
  // An issued invoice cannot change: what its PDF and XML print is frozen now.
  await freezeInvoiceDocument(tx, companyId, id);
  await recordActivity(tx, {
    companyId,
    userId: actor.userId ?? null,
    kind: 'invoice.validated',
    objectId: id,
    label: `${invoiceWord(row.kind)} ${number} validée`,
    details: { totalInclTaxCents: row.totalInclTaxCents, quoteId: row.quoteId },
    occurredAt: now,
  });
  return done(id);
}

/** A business customer in France without its SIREN: the missing field, or null (domain/lifecycle.ts). */
async function buyerDataMissing(tx: Tx, companyId: number, customerId: number) {
  const [customer] = await tx
    .select({ type: customers.type, siret: customers.siret, country: customers.country })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!customer) return null;
  return missingBuyerFields({ ...customer, inFrance: isFrance(customer.country) });
}

/** The partial credit notes issued on an invoice (a cancellation's is named by `credit_note_id`). */
async function creditNotesOf(tx: Tx, companyId: number, invoiceId: number) {
  return tx
    .select({ id: invoices.id, number: invoices.number, amounts: invoices.amounts })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.creditedInvoiceId, invoiceId),
        eq(invoices.kind, 'credit_note'),
      ),
    )
    .orderBy(asc(invoices.id));
}

/**
 * Back to PROVISOIRE (spec section 4 and issue 18): the domain's conditions, then the validated
 * version is kept — its frozen document, who reverts it, when and why (`reason`) — before the next
 * validation freezes a new one. The reason is also the activity log's (« invoice.reverted »).
 */
export async function revertInvoice(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
  reason: string,
  now = new Date(),
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const row = locked.value;
  const family = await familyOf(tx, companyId, row);
  const job = row.businessJobId ? await loadJob(tx, companyId, row.businessJobId) : null;
  const allowed = checkRevert({
    invoice: family.find((i) => i.id === id)!,
    quoteInvoices: family,
    receptionDate: job?.deliveryDate ?? null,
    released: row.releasedAt !== null,
    creditNotes: (await creditNotesOf(tx, companyId, id)).length,
  });
  if (!allowed.ok) return fail(allowed.key);
  const [[snapshot], [kept]] = await Promise.all([
    tx
      .select({ data: invoiceDocumentSnapshots.data })
      .from(invoiceDocumentSnapshots)
      .where(
        and(eq(invoiceDocumentSnapshots.companyId, companyId), eq(invoiceDocumentSnapshots.invoiceId, id)),
      ),
    tx
      .select({ n: count() })
      .from(invoiceVersions)
      .where(and(eq(invoiceVersions.companyId, companyId), eq(invoiceVersions.invoiceId, id))),
  ]);
  await tx.insert(invoiceVersions).values({
    companyId,
    invoiceId: id,
    versionNumber: Number(kept?.n ?? 0) + 1,
    number: row.number,
    date: row.date,
    totalInclTaxCents: row.totalInclTaxCents,
    validatedAt: row.validatedAt,
    document: snapshot?.data ?? null,
    revertedAt: now,
    revertedByUserId: actor.userId ?? null,
    reason,
  });
  await tx
    .update(invoices)
    .set({ status: 'PROVISOIRE', validatedAt: null, ...bump(row) })
    .where(eq(invoices.id, id));
  await recordActivity(tx, {
    companyId,
    userId: actor.userId ?? null,
    kind: 'invoice.reverted',
    objectId: id,
    label: `${invoiceWord(row.kind)} ${row.number} repassée en PROVISOIRE`,
    details: { reason },
    occurredAt: now,
  });
  return done(id);
}

/** The validated versions reverts left behind, oldest first; null when the company has no such invoice. */
export async function invoiceVersionsOf(tx: Tx, companyId: number, id: number) {
  const invoice = await loadInvoice(tx, companyId, id);
  if (!invoice) return null;
  const rows = await tx
    .select({
      versionNumber: invoiceVersions.versionNumber,
      number: invoiceVersions.number,
      date: invoiceVersions.date,
      totalInclTaxCents: invoiceVersions.totalInclTaxCents,
      validatedAt: invoiceVersions.validatedAt,
      revertedAt: invoiceVersions.revertedAt,
      revertedBy: sql<
        string | null
      >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
      reason: invoiceVersions.reason,
    })
    .from(invoiceVersions)
    .leftJoin(users, eq(users.id, invoiceVersions.revertedByUserId))
    .where(and(eq(invoiceVersions.companyId, companyId), eq(invoiceVersions.invoiceId, id)))
    .orderBy(asc(invoiceVersions.versionNumber));
  return rows.map((r) => ({
    ...r,
    validatedAt: r.validatedAt ? r.validatedAt.toISOString() : null,
    revertedAt: r.revertedAt.toISOString(),
  }));
}

/**
 * The validated invoice leaves the editor (mailed, or its PDF or XML downloaded other than as the
 * editor's preview): from now on it is corrected by a credit note only. Takes the invoice's row
 * lock, so a revert waits for it or came first (then the invoice is PROVISOIRE and nothing is
 * marked). Answers whether this call marked it (a failed mail gives the mark back: `unmarkReleased`).
 */
export async function markReleased(
  tx: Tx,
  companyId: number,
  id: number,
  now = new Date(),
): Promise<boolean> {
  const marked = await tx
    .update(invoices)
    .set({ releasedAt: now })
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.id, id),
        eq(invoices.status, 'VALIDATED'),
        sql`${invoices.releasedAt} is null`,
      ),
    )
    .returning({ id: invoices.id });
  return marked.length > 0;
}

/** Undoes `markReleased` when what was to leave did not (the mail server refused it). */
export async function unmarkReleased(tx: Tx, companyId: number, id: number, at: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ releasedAt: null })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), eq(invoices.releasedAt, at)));
}

async function removeInvoice(tx: Tx, companyId: number, id: number) {
  await tx
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, id)));
  await tx
    .delete(editLocks)
    .where(
      and(
        eq(editLocks.companyId, companyId),
        eq(editLocks.resource, 'invoice'),
        eq(editLocks.resourceId, id),
      ),
    );
  await tx.delete(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

export async function deleteInvoice(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const allowed = checkDelete(toQuoteInvoice(locked.value, 0));
  if (!allowed.ok) return fail(allowed.key);
  await removeInvoice(tx, companyId, id);
  return done(id);
}

/**
 * Cancelling: the quote's last invoice only; a PROVISOIRE one is deleted, a validated one is cancelled
 * by a credit note issued validated (numbered now, dated today or the sequence's last date if later).
 * After partial credit notes, it credits what remains (their amounts added back as lines), and the
 * invoice's settled amounts give theirs back: a cancelled invoice's balance is its payments, returned.
 */
export async function cancelInvoice(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
  today: string,
  now = new Date(),
  /** Whether the caller may issue the credit note (an admin: docs/decisions.md); the seed may. */
  mayIssueCreditNote = true,
): Promise<Outcome<{ deleted: true } | { creditNoteId: number }>> {
  const preview = await loadInvoice(tx, companyId, id);
  if (!preview) return fail('not_found');
  // Who may issue the credit note is answered before any lock or rule (a validated invoice stays one).
  if (preview.status === 'VALIDATED' && !mayIssueCreditNote) return fail('admin_required');
  if (preview.quoteId !== null) await loadQuote(tx, companyId, preview.quoteId, true);
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const row = locked.value;
  const family = await familyOf(tx, companyId, row);
  const action = cancelAction(family.find((i) => i.id === id)!, family);
  if (!action.ok) return fail(action.key);
  if (action.value === 'delete') {
    await removeInvoice(tx, companyId, id);
    return done({ deleted: true });
  }
  const counter = await lockCounter(tx, companyId, 'factureAvoir', today);
  const date = counter.lastDate && counter.lastDate > today ? counter.lastDate : today;
  const number = await counter.take(date);
  const partials = await creditNotesOf(tx, companyId, id);
  const amounts = remainderCreditNote(
    row.amounts as InvoiceAmounts,
    partials.map((c) => c.amounts as InvoiceAmounts),
  );
  const [creditNote] = await tx
    .insert(invoices)
    .values({
      companyId,
      quoteId: row.quoteId,
      businessJobId: row.businessJobId,
      customerId: row.customerId,
      number,
      kind: 'credit_note',
      type: 'factureAvoir',
      reverseCharge: row.reverseCharge,
      status: 'VALIDATED',
      date,
      dueDate: date,
      // The same works as the invoice it cancels.
      worksDate: row.worksDate,
      title: `Avoir sur la facture ${row.number}`,
      paymentDeadline: row.paymentDeadline,
      paymentModes: row.paymentModes,
      amounts,
      progress: [],
      totalExclTaxCents: amounts.ht,
      totalVatCents: amounts.vat,
      totalInclTaxCents: amounts.ttc,
      retainageCents: amounts.retainage,
      creditedInvoiceId: row.id,
      validatedAt: now,
    })
    .returning({ id: invoices.id });
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, id)));
  const negated: NewLine[] = lines.map(({ id: _id, companyId: _c, invoiceId: _i, ...line }) => ({
    ...line,
    quantityMilli: -line.quantityMilli,
    totalExclTaxCents: -line.totalExclTaxCents,
  }));
  await writeLines(tx, companyId, creditNote!.id, [
    ...negated,
    ...(await creditedBackLines(tx, companyId, partials, negated.length)),
  ]);
  await tx
    .update(invoices)
    .set({
      creditNoteId: creditNote!.id,
      paidCents: sql`${invoices.paidCents} - ${invoices.creditedCents}`,
      retainagePaidCents: sql`${invoices.retainagePaidCents} - ${invoices.creditedRetainageCents}`,
      ...bump(row),
    })
    .where(eq(invoices.id, id));
  await freezeInvoiceDocument(tx, companyId, creditNote!.id);
  await recordActivity(tx, {
    companyId,
    userId: actor.userId ?? null,
    kind: 'invoice.cancelled',
    objectId: id,
    label: `${invoiceWord(row.kind)} ${row.number} annulée par l'avoir ${number}`,
    details: { creditNoteId: creditNote!.id, creditNoteNumber: number },
    occurredAt: now,
  });
  return done({ creditNoteId: creditNote!.id });
}

/**
 * The lines that add back, per VAT rate, what each earlier partial credit note already took (their
 * HT, positive), so the cancelling credit note's lines add up to its amounts.
 */
async function creditedBackLines(
  tx: Tx,
  companyId: number,
  partials: readonly { id: number; number: string | null; amounts: unknown }[],
  from: number,
): Promise<NewLine[]> {
  const added: NewLine[] = [];
  for (const partial of partials) {
    const lines = await tx
      .select({ vatRateId: invoiceLines.vatRateId, vatBasisPoints: invoiceLines.vatBasisPoints })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, partial.id)));
    for (const rate of (partial.amounts as InvoiceAmounts).byRate) {
      const line = lines.find((l) => l.vatBasisPoints === rate.vatRate);
      if (rate.ht === 0 || !line) continue;
      added.push({
        position: from + added.length,
        chapter: '',
        label: `Déjà crédité par l'avoir n° ${partial.number}`,
        unit: 'forfait',
        quantityMilli: 1000,
        unitPriceCents: -rate.ht,
        vatRateId: line.vatRateId,
        vatBasisPoints: line.vatBasisPoints,
        totalExclTaxCents: -rate.ht,
        quoteLineId: null,
        progressBasisPoints: null,
      });
    }
  }
  return added;
}

/** One line of a partial credit note as asked: what is credited (positive). */
export interface CreditNoteLineInput {
  label: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatRateId: number;
}

/**
 * A partial credit note on a validated invoice (issue 18: a commercial gesture, a correction; CGI
 * art. 289 I-5): issued validated, numbered from the credit-note sequence's locked counter, dated
 * today (or the sequence's last date if later), referencing the invoice (its PDF mention and the
 * XML's BT-25/BT-26, as a cancellation's). The domain caps it per VAT rate to what remains
 * credit-able (`partialCreditNote`). The invoice's balance drops by its due: it is counted in the
 * invoice's settled amounts (`paid_cents`, and `retainage_paid_cents` for its retainage share),
 * kept apart in `credited_cents`. Not part of the quote's invoices (`quote_id` null): it frees no
 * room in the quote, and it does not cancel the invoice.
 */
export async function issueCreditNote(
  tx: Tx,
  companyId: number,
  id: number,
  entered: CreditNoteLineInput[],
  actor: Actor,
  today: string,
  now = new Date(),
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const row = locked.value;
  if (row.kind === 'credit_note') return fail('credit_note_not_cancellable');
  if (row.status !== 'VALIDATED') return fail('invoice_not_validated');
  if (row.creditNoteId !== null) return fail('invoice_already_cancelled');
  const [rates, precisions] = await Promise.all([vatRatesOf(tx, companyId), precisionsOf(tx, companyId)]);
  const fields: Record<string, string> = {};
  entered.forEach((line, i) => {
    if (!rates.has(line.vatRateId)) fields[`lines.${i}.vatRateId`] = 'invalid';
  });
  if (Object.keys(fields).length > 0) return fail('validation', fields);
  const lines = entered.map((line) => {
    const kept = lineAtPrecisions(line, precisions);
    const vatBasisPoints = rates.get(line.vatRateId)!.rateBasisPoints;
    const ht = lineHt(quantityToFixed4(kept.quantityMilli), priceToFixed4(kept.unitPriceCents));
    return { ...kept, vatBasisPoints, ht };
  });
  const invoiceAmountsRow = row.amounts as InvoiceAmounts;
  const previous = await creditNotesOf(tx, companyId, id);
  const job = row.businessJobId ? await loadJob(tx, companyId, row.businessJobId) : null;
  const computed = partialCreditNote({
    invoice: invoiceAmountsRow,
    credits: previous.map((c) => c.amounts as InvoiceAmounts),
    lines: lines.map((l) => ({ vatRate: l.vatBasisPoints, ht: l.ht })),
    retainageRate: row.retainageCents !== 0 ? (job?.retainageBasisPoints ?? 0) : 0,
  });
  if (!computed.ok) return fail(computed.key);
  const amounts = computed.value;
  const counter = await lockCounter(tx, companyId, 'factureAvoir', today);
  const date = counter.lastDate && counter.lastDate > today ? counter.lastDate : today;
  const number = await counter.take(date);
  const [creditNote] = await tx
    .insert(invoices)
    .values({
      companyId,
      quoteId: null,
      businessJobId: row.businessJobId,
      customerId: row.customerId,
      number,
      kind: 'credit_note',
      type: 'factureAvoir',
      reverseCharge: row.reverseCharge,
      status: 'VALIDATED',
      date,
      dueDate: date,
      worksDate: row.worksDate,
      title: `Avoir sur la facture ${row.number}`,
      paymentDeadline: row.paymentDeadline,
      paymentModes: row.paymentModes,
      amounts,
      progress: [],
      totalExclTaxCents: amounts.ht,
      totalVatCents: amounts.vat,
      totalInclTaxCents: amounts.ttc,
      retainageCents: amounts.retainage,
      creditedInvoiceId: row.id,
      validatedAt: now,
    })
    .returning({ id: invoices.id });
  await writeLines(
    tx,
    companyId,
    creditNote!.id,
    lines.map((line, position) => ({
      position,
      chapter: '',
      label: line.label,
      unit: 'u',
      quantityMilli: -line.quantityMilli,
      unitPriceCents: line.unitPriceCents,
      vatRateId: line.vatRateId,
      vatBasisPoints: line.vatBasisPoints,
      totalExclTaxCents: -line.ht,
      quoteLineId: null,
      progressBasisPoints: null,
    })),
  );
  // Credit notes carry negative amounts: what they settle of the invoice is their negation.
  await tx
    .update(invoices)
    .set({
      paidCents: sql`${invoices.paidCents} + ${-amounts.due}`,
      creditedCents: sql`${invoices.creditedCents} + ${-amounts.due}`,
      retainagePaidCents: sql`${invoices.retainagePaidCents} + ${-amounts.retainage}`,
      creditedRetainageCents: sql`${invoices.creditedRetainageCents} + ${-amounts.retainage}`,
      ...bump(row),
    })
    .where(eq(invoices.id, id));
  await freezeInvoiceDocument(tx, companyId, creditNote!.id);
  await recordActivity(tx, {
    companyId,
    userId: actor.userId ?? null,
    kind: 'credit_note.issued',
    objectId: creditNote!.id,
    label: `Avoir ${number} émis sur la facture ${row.number}`,
    details: { invoiceId: id, totalInclTaxCents: amounts.ttc },
    occurredAt: now,
  });
  return done(creditNote!.id);
}

export interface PaymentInput {
  invoiceId: number;
  amountCents: number;
  paidOn: string;
  mode: (typeof payments.$inferInsert)['mode'];
  bankId?: number | null;
  comment?: string;
  isRetainage?: boolean;
  /** Cheques only (the remittance slip prints them); dropped for the other modes. */
  chequeNumber?: string | null;
  drawer?: string | null;
  /** The answer to « reçu avant l'émission de la facture ? » when paidOn is before the invoice's date. */
  receivedBeforeIssuance?: boolean;
}

/**
 * Records a payment: the one place where payments are written (the payments API, the seed). Locks
 * the invoice row first, so two payments of one invoice (two tabs, two batches) queue and the second
 * sees what the first paid: no overpayment. The rules are the domain's (`checkPayment`). Keeps the
 * invoice's `paid_cents` (payments of the invoice itself, not of its retainage), `payment_count`
 * (all its payments) and `retainage_paid_cents` (its retainage's) in step.
 */
export async function recordPayment(
  tx: Tx,
  companyId: number,
  input: PaymentInput,
  /** Who records it (the activity log); null: the seed or the system. */
  userId: number | null = null,
): Promise<Outcome<number>> {
  const invoice = await loadInvoice(tx, companyId, input.invoiceId, true);
  if (!invoice) return fail('not_found');
  if (input.bankId != null && !(await bankExists(tx, companyId, input.bankId))) {
    return fail('validation', { bankId: 'invalid' });
  }
  const isRetainage = input.isRetainage ?? false;
  const [received] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.invoiceId, invoice.id)));
  const checked = checkPayment(
    {
      kind: invoice.kind,
      status: invoice.status,
      date: invoice.date,
      cancelled: invoice.creditNoteId !== null,
      // The balance the lists show (domain/balance.ts on the locked row's kept sums): a partial
      // credit note's share of the retainage is no longer owed, as its share of the invoice.
      balance: (isRetainage ? storedRetainageBalance : storedBalance)({
        kind: invoice.kind,
        cancelled: invoice.creditNoteId !== null,
        totalInclTaxCents: invoice.totalInclTaxCents,
        retainageCents: invoice.retainageCents,
        paidCents: invoice.paidCents,
        retainagePaidCents: invoice.retainagePaidCents,
      }),
      paymentCount: Number(received!.count),
      jobHasRetainage: await jobHasRetainage(tx, companyId, invoice),
    },
    { ...input, isRetainage },
  );
  if (!checked.ok) return fail(checked.key);
  const cheque = input.mode === 'check';
  const [row] = await tx
    .insert(payments)
    .values({
      companyId,
      invoiceId: input.invoiceId,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      mode: input.mode,
      bankId: input.bankId ?? null,
      comment: input.comment ?? '',
      isRetainage,
      chequeNumber: cheque ? (input.chequeNumber ?? null) : null,
      drawer: cheque ? (input.drawer ?? null) : null,
    })
    .returning({ id: payments.id });
  await tx
    .update(invoices)
    .set({
      paymentCount: sql`${invoices.paymentCount} + 1`,
      ...(isRetainage
        ? { retainagePaidCents: sql`${invoices.retainagePaidCents} + ${input.amountCents}` }
        : { paidCents: sql`${invoices.paidCents} + ${input.amountCents}` }),
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoice.id)));
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'payment.recorded',
    objectId: row!.id,
    label: `Règlement de ${formatCents(input.amountCents)} enregistré sur ${invoiceWord(invoice.kind).toLowerCase()} ${invoice.number ?? ''}`,
    details: {
      invoiceId: invoice.id,
      amountCents: input.amountCents,
      mode: input.mode,
      paidOn: input.paidOn,
      isRetainage,
    },
  });
  return done(row!.id);
}

/**
 * Deletes a received payment and gives its amount back to the invoice's balance (`paid_cents`, or
 * `retainage_paid_cents`; one payment fewer in `payment_count`), under the invoice's row lock like
 * `recordPayment`. `payment_not_found` when it no longer exists.
 */
export async function deletePayment(
  tx: Tx,
  companyId: number,
  paymentId: number,
  /** Who deletes it (the activity log); null: the system. */
  userId: number | null = null,
): Promise<Outcome<number>> {
  const [found] = await tx
    .select({ invoiceId: payments.invoiceId })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.id, paymentId)));
  if (!found) return fail('payment_not_found');
  // Same lock order as recordPayment (the invoice, then its payments).
  const invoice = await loadInvoice(tx, companyId, found.invoiceId, true);
  const [gone] = await tx
    .delete(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.id, paymentId)))
    .returning({
      amountCents: payments.amountCents,
      isRetainage: payments.isRetainage,
      mode: payments.mode,
      paidOn: payments.paidOn,
    });
  // Deleted meanwhile by another request that held the invoice first.
  if (!gone) return fail('payment_not_found');
  await tx
    .update(invoices)
    .set({
      paymentCount: sql`${invoices.paymentCount} - 1`,
      ...(gone.isRetainage
        ? { retainagePaidCents: sql`${invoices.retainagePaidCents} - ${gone.amountCents}` }
        : { paidCents: sql`${invoices.paidCents} - ${gone.amountCents}` }),
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, found.invoiceId)));
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'payment.deleted',
    objectId: paymentId,
    label: `Règlement de ${formatCents(gone.amountCents)} supprimé sur ${invoiceWord(invoice?.kind ?? 'simple').toLowerCase()} ${invoice?.number ?? ''}`,
    details: {
      invoiceId: found.invoiceId,
      amountCents: gone.amountCents,
      mode: gone.mode,
      paidOn: gone.paidOn,
    },
  });
  return done(paymentId);
}

async function bankExists(tx: Tx, companyId: number, bankId: number) {
  const rows = await tx
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(banks.companyId, companyId), eq(banks.id, bankId)));
  return rows.length > 0;
}

/** The job withholds a retainage on one of its invoices (or the invoice itself does, without a job). */
async function jobHasRetainage(tx: Tx, companyId: number, invoice: InvoiceRow) {
  if (invoice.retainageCents !== 0) return true;
  if (invoice.businessJobId === null) return false;
  const rows = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.businessJobId, invoice.businessJobId),
        sql`${invoices.retainageCents} <> 0`,
      ),
    )
    .limit(1);
  if (rows.length > 0) return true;
  const [job] = await tx
    .select({ rate: businessJobs.retainageBasisPoints })
    .from(businessJobs)
    .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, invoice.businessJobId)));
  return (job?.rate ?? 0) > 0;
}
