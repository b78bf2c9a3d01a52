/**
 * Quote operations (issue 21): create, edit (a draft only), revise, duplicate, send (marked as
 * sent: the mail itself is server/src/mail, H2) and the customer's answer. The rules are the
 * domain's: the content and its amounts (src/contract/quotes.ts through domain/quoteContent.ts), the
 * lifecycle (domain/quoteLifecycle.ts). This module reads and writes rows.
 *
 * A quote keeps its content as the editor writes it (`quotes.items`, a tree). `quote_lines` stays
 * what invoicing bills: on every save of a draft it is rewritten from the tree's priced lines, each
 * with its share of the global discount, and the total columns follow (/work/notes/QUOTES-API.md).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { PaymentMode } from '../../../src/contract/customers.js';
import { describeDeadline, describeModes } from '../../../src/contract/paymentTerms.js';
import {
  compositionIssues,
  compositionPrice,
  measuredQuantityIssues,
  measureReferences,
  measureSourcesOf,
  type QuoteComposition,
  type QuoteMeasureSource,
} from '../../../src/contract/quotes.js';
import { recordActivity } from '../activity/record.js';
import { takeNext } from '../db/counters.js';
import type { Tx } from '../db/database.js';
import {
  companies,
  customers,
  documentSettings,
  invoices,
  quoteAnswers,
  quoteLines,
  quotes,
} from '../db/schema.js';
import {
  type ContentIssues,
  DEFAULT_VALIDITY_DAYS,
  defaultValidUntil,
  discountedLineAmounts,
  formatInvoiceNumber,
  type ItemPath,
  nextRevisionNumber,
  type PaymentDeadline,
  pricedLines,
  type QuoteContent,
  type QuoteItem,
  type QuoteState,
  quoteAmounts,
  quoteContentIssues,
  quoteLineHt,
  quoteSendIssues,
  quoteSequence,
  quoteTransition,
  type StoredQuoteStatus,
  sequencePeriod,
} from '../domain/index.js';
import { ratesFor, transactionReader } from '../library/prices.js';
import { appendMeasureEvent, currentMeasureValues } from '../measures/usage.js';
import { lockForEdit, lockView } from './edit-locks.js';
import type { Actor } from './invoices.js';
import { lineAtPrecisions, loadJob, precisionsOf, type QuoteRow, vatRatesOf } from './load.js';
import { done, fail, type Outcome } from './outcome.js';

/** Quote numbers: their own sequence per company and year (domain/numbering.ts), DE-2026-00001. */
async function nextQuoteNumber(tx: Tx, companyId: number, date: string): Promise<string> {
  const sequence = quoteSequence(date);
  const n = await takeNext(tx, companyId, { name: sequence.name, period: sequencePeriod(sequence) });
  return formatInvoiceNumber(sequence.pattern, n, date);
}

/** The fields a draft's editor writes (create and edit); the API's units. */
export interface QuoteFields {
  title?: string | undefined;
  date?: string | undefined;
  items?: readonly QuoteItemInput[] | undefined;
  discountBasisPoints?: number | undefined;
  depositBasisPoints?: number | undefined;
  /** null: the default, the date + the settings' days. */
  validUntil?: string | null | undefined;
  startDate?: string | null | undefined;
  durationDays?: number | null | undefined;
  paymentTerms?: string | undefined;
  feeCents?: number | undefined;
  reverseCharge?: boolean | undefined;
}

/** An item as a body gives it: a line's `vatRate` may be left out (the server snapshots it). */
export type QuoteItemInput =
  | { kind: 'chapter'; title: string; items: readonly QuoteItemInput[] }
  | { kind: 'text'; text: string }
  | {
      kind: 'priced' | 'option';
      designation: string;
      unit: string;
      quantityMilli: number;
      unitPriceCents: number;
      vatRateId: number;
      vatRate?: number | undefined;
      costCents?: number | undefined;
      measure?: QuoteMeasureSource | undefined;
      composition?: QuoteCompositionInput | undefined;
    };

/** A composition as a body gives it (optional fields may be said undefined). */
export type QuoteCompositionInput = Omit<QuoteComposition, 'priceTyped' | 'components'> & {
  priceTyped?: boolean | undefined;
  components: (Omit<QuoteComposition['components'][number], 'unitSaleCents'> & {
    unitSaleCents?: number | undefined;
  })[];
};

export interface CreateQuoteInput extends QuoteFields {
  businessJobId: number;
  title: string;
}

/** The content as the domain reads it, from a stored row. */
export function contentOf(quote: QuoteRow): QuoteContent {
  return {
    items: quote.items as QuoteItem[],
    discountRate: quote.discountBasisPoints,
    depositRate: quote.depositBasisPoints,
    reverseCharge: quote.reverseCharge,
  };
}

/** What the lifecycle reads of a stored row. */
export const quoteStateOf = (quote: QuoteRow, fullyInvoiced = false): QuoteState => ({
  status: quote.status,
  validUntil: quote.validUntil,
  latest: quote.latest,
  fullyInvoiced,
});

/**
 * The tree as stored: each line's quantity and unit price at the document settings' precisions (as
 * invoices keep them) and the company's current percentage of its VAT rate (a draft is written now;
 * a sent revision never changes, so its snapshot holds). An unknown rate keeps what was given, for
 * `quoteContentIssues` to name it.
 */
async function storedItems(tx: Tx, companyId: number, items: readonly QuoteItemInput[]) {
  const [rates, precisions] = await Promise.all([vatRatesOf(tx, companyId), precisionsOf(tx, companyId)]);
  // The company's pricing rates, read only when a line is composed (issue 22).
  let pricing: Awaited<ReturnType<typeof ratesFor>> | undefined;
  const composed = (function has(list: readonly QuoteItemInput[]): boolean {
    return list.some((i) => (i.kind === 'chapter' ? has(i.items) : i.kind !== 'text' && !!i.composition));
  })(items);
  if (composed) pricing = await ratesFor(transactionReader(tx), companyId);
  const walk = (list: readonly QuoteItemInput[]): QuoteItem[] =>
    list.map((item) => {
      if (item.kind === 'chapter') return { kind: 'chapter', title: item.title, items: walk(item.items) };
      if (item.kind === 'text') return { kind: 'text', text: item.text };
      const composition = item.composition && compositionOf(item.composition);
      // A composed line's figures follow its composition (the library's rule), its price unless typed.
      const figures =
        composition && pricing && composable(composition) ? compositionPrice(composition, pricing) : null;
      const kept = lineAtPrecisions(
        {
          quantityMilli: item.quantityMilli,
          unitPriceCents: figures && !composition?.priceTyped ? figures.salePriceCents : item.unitPriceCents,
        },
        precisions,
      );
      const costCents = figures ? figures.costCents : item.costCents;
      return {
        kind: item.kind,
        designation: item.designation,
        unit: item.unit,
        quantityMilli: kept.quantityMilli,
        unitPriceCents: kept.unitPriceCents,
        vatRateId: item.vatRateId,
        vatRate: rates.get(item.vatRateId)?.rateBasisPoints ?? item.vatRate ?? 0,
        // The library's cost copied with the line (issue 22): kept for the margin view, never printed.
        ...(costCents !== undefined ? { costCents } : {}),
        ...(item.measure
          ? {
              measure: {
                groupId: item.measure.groupId,
                measureIds: [...item.measure.measureIds],
                valueMilli: item.measure.valueMilli,
              },
            }
          : {}),
        ...(composition ? { composition } : {}),
      };
    });
  return { items: walk(items), rateIds: new Set(rates.keys()) };
}

/** A composition as stored: its fields in order, optional ones only when given. */
function compositionOf(input: QuoteCompositionInput): QuoteComposition {
  return {
    libraryItemId: input.libraryItemId,
    components: (input.components ?? []).map((c) => ({
      itemId: c.itemId,
      kind: c.kind,
      designation: c.designation,
      unit: c.unit,
      quantityMilli: c.quantityMilli,
      unitCostCents: c.unitCostCents,
      ...(c.unitSaleCents !== undefined ? { unitSaleCents: c.unitSaleCents } : {}),
    })),
    ...(input.priceTyped !== undefined ? { priceTyped: input.priceTyped } : {}),
  };
}

/** Whether the rule may price it: its checks pass (else quoteContentIssues names the field, 422). */
const composable = (composition: QuoteComposition) =>
  Object.keys(compositionIssues(composition)).length === 0;

/** The API's path of the item at `path` (`items.0.items.2`). */
const itemPath = (path: ItemPath) => `items.${path.join('.items.')}`;

/**
 * The measures `items` names that `before` did not: each must be a measure of the company in the
 * group its line says (another company's, a removed one, or one of another group: 422 on the
 * line's `measure.measureIds`). One named before stays valid even if removed since: the line keeps
 * its source and `measureSources` says it changed.
 */
async function newMeasureIssues(
  tx: Tx,
  companyId: number,
  before: readonly QuoteItem[],
  items: readonly QuoteItem[],
): Promise<Record<string, string>> {
  const known = new Set(measureReferences(before).map((r) => `${r.groupId}:${r.measureId}`));
  const lines = pricedLines(items).filter(({ line }) => line.measure);
  const fresh = lines.flatMap(({ path, line }) =>
    line
      .measure!.measureIds.filter((id) => !known.has(`${line.measure!.groupId}:${id}`))
      .map((id) => ({ path, groupId: line.measure!.groupId, id })),
  );
  if (fresh.length === 0) return {};
  const current = await currentMeasureValues(
    tx,
    companyId,
    fresh.map((f) => f.id),
  );
  const issues: Record<string, string> = {};
  for (const f of fresh)
    if (current.get(f.id)?.groupId !== f.groupId)
      issues[`${itemPath(f.path)}.measure.measureIds`] = 'invalid';
  return issues;
}

/**
 * The groups `items` uses that `before` did not: each gets a « used_in_quote » event in the same
 * transaction as the save (which quote, which lines), so the group's log says where it went.
 */
async function recordMeasureUse(
  tx: Tx,
  companyId: number,
  quote: { id: number; number: string },
  before: readonly QuoteItem[],
  items: readonly QuoteItem[],
  userId: number | null,
) {
  const had = new Set(measureReferences(before).map((r) => r.groupId));
  const lines = new Map<number, string[]>();
  for (const { line } of pricedLines(items)) {
    if (!line.measure || had.has(line.measure.groupId)) continue;
    lines.set(line.measure.groupId, [...(lines.get(line.measure.groupId) ?? []), line.designation]);
  }
  for (const [groupId, designations] of lines)
    await appendMeasureEvent(tx, {
      companyId,
      groupId,
      kind: 'used_in_quote',
      userId,
      source: 'user',
      detail: { quoteId: quote.id, quoteNumber: quote.number, lines: designations },
    });
}

/** QuoteDetail's `measureSources`: the measured lines against their measures now. */
export async function measureSourcesOfQuote(tx: Tx, companyId: number, items: readonly QuoteItem[]) {
  const ids = measureReferences(items).map((r) => r.measureId);
  if (ids.length === 0) return [];
  return measureSourcesOf(items, await currentMeasureValues(tx, companyId, ids));
}

/** The domain's field names are the API's (`discountRate` is `discountBasisPoints`). */
function apiFields(issues: ContentIssues): Record<string, string> {
  const names: Record<string, string> = {
    discountRate: 'discountBasisPoints',
    depositRate: 'depositBasisPoints',
  };
  return Object.fromEntries(Object.entries(issues).map(([path, code]) => [names[path] ?? path, code]));
}

/** « Chapitre » or « Chapitre › Sous-chapitre »: the chapters a line at `path` sits in. */
function chapterOf(items: readonly QuoteItem[], path: ItemPath): string {
  const titles: string[] = [];
  let level: readonly QuoteItem[] = items;
  for (const index of path.slice(0, -1)) {
    const item = level[index];
    if (item?.kind !== 'chapter') break;
    titles.push(item.title);
    level = item.items;
  }
  return titles.join(' › ');
}

/**
 * Writes what invoicing reads of a draft's content: its priced lines (reading order, each with its
 * share of the global discount) and the quote's total columns. Options and text lines are not
 * billed (docs/decisions.md).
 */
async function writeBilledLines(tx: Tx, companyId: number, quoteId: number, content: QuoteContent) {
  const priced = pricedLines(content.items).filter((l) => l.line.kind === 'priced');
  const discounted = discountedLineAmounts(content);
  await tx
    .delete(quoteLines)
    .where(and(eq(quoteLines.companyId, companyId), eq(quoteLines.quoteId, quoteId)));
  if (priced.length > 0)
    await tx.insert(quoteLines).values(
      priced.map(({ path, line }, position) => {
        const ht = quoteLineHt(line);
        return {
          companyId,
          quoteId,
          position,
          chapter: chapterOf(content.items, path),
          label: line.designation,
          unit: line.unit,
          quantityMilli: line.quantityMilli,
          unitPriceCents: line.unitPriceCents,
          vatRateId: line.vatRateId,
          vatBasisPoints: line.vatRate,
          totalExclTaxCents: ht,
          discountCents: ht - (discounted[position]?.ht ?? ht),
        };
      }),
    );
  const amounts = quoteAmounts(content);
  return {
    totalExclTaxCents: amounts.ht,
    totalVatCents: amounts.vat,
    totalInclTaxCents: amounts.ttc,
    optionsExclTaxCents: amounts.optionsHt,
  };
}

async function validityDaysOf(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ days: documentSettings.quoteValidityDays })
    .from(documentSettings)
    .where(eq(documentSettings.companyId, companyId));
  return row?.days ?? DEFAULT_VALIDITY_DAYS;
}

/** The customer's payment deadline and modes, else the company's, in the product's words. */
async function defaultPaymentTerms(tx: Tx, companyId: number, customerId: number): Promise<string> {
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
  const deadline = (row?.customerDeadline ??
    row?.companyDeadline ?? { rule: 'days', value: 30 }) as PaymentDeadline;
  const modes = (row?.customerModes ?? row?.companyModes ?? ['transfer', 'check']) as PaymentMode[];
  return `Règlement à ${describeDeadline(deadline).toLowerCase()}, par ${describeModes(modes).toLowerCase()}.`;
}

/** The content and dates of a draft after `input`, checked: field errors by the API's paths. */
async function draftOf(
  tx: Tx,
  companyId: number,
  current: {
    date: string;
    validUntil: string | null;
    items: readonly QuoteItemInput[];
    discountBasisPoints: number;
    depositBasisPoints: number;
    reverseCharge: boolean;
  },
  input: QuoteFields,
  validityDays: number,
) {
  const date = input.date ?? current.date;
  // A new date moves a default validity with it; one given is kept.
  const validUntil =
    input.validUntil ??
    (input.validUntil === null || input.date !== undefined || current.validUntil === null
      ? defaultValidUntil(date, validityDays)
      : current.validUntil);
  const { items, rateIds } = await storedItems(tx, companyId, input.items ?? current.items);
  const content: QuoteContent = {
    items,
    discountRate: input.discountBasisPoints ?? current.discountBasisPoints,
    depositRate: input.depositBasisPoints ?? current.depositBasisPoints,
    reverseCharge: input.reverseCharge ?? current.reverseCharge,
  };
  const fields = {
    ...apiFields(quoteContentIssues(content, rateIds)),
    ...(input.items ? measuredQuantityIssues(input.items as QuoteItem[]) : {}),
  };
  if (Object.keys(fields).length === 0)
    Object.assign(fields, await newMeasureIssues(tx, companyId, current.items as QuoteItem[], items));
  if (validUntil < date) fields.validUntil = 'invalid';
  if (Object.keys(fields).length > 0) return fail('validation', fields);
  return done({ date, validUntil, content });
}

/** The row's columns of a draft's other fields, for those `input` gives. */
const otherColumns = (input: QuoteFields) => ({
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.startDate !== undefined ? { startDate: input.startDate } : {}),
  ...(input.durationDays !== undefined ? { durationDays: input.durationDays } : {}),
  ...(input.paymentTerms !== undefined ? { paymentTerms: input.paymentTerms } : {}),
  ...(input.feeCents !== undefined ? { feeCents: input.feeCents } : {}),
});

const contentColumns = (content: QuoteContent) => ({
  items: content.items,
  discountBasisPoints: content.discountRate,
  depositBasisPoints: content.depositRate,
  reverseCharge: content.reverseCharge,
});

/** A new draft of the job, numbered once every check passed (the counter is gapless). */
export async function createQuote(
  tx: Tx,
  companyId: number,
  input: CreateQuoteInput,
  today: string,
  userId: number | null = null,
): Promise<Outcome<number>> {
  const job = await loadJob(tx, companyId, input.businessJobId);
  if (!job) return fail('not_found');
  const draft = await draftOf(
    tx,
    companyId,
    {
      date: today,
      validUntil: null,
      items: [],
      discountBasisPoints: 0,
      depositBasisPoints: 0,
      reverseCharge: false,
    },
    input,
    await validityDaysOf(tx, companyId),
  );
  if (!draft.ok) return draft;
  const { date, validUntil, content } = draft.value;
  const paymentTerms = input.paymentTerms ?? (await defaultPaymentTerms(tx, companyId, job.customerId));
  const number = await nextQuoteNumber(tx, companyId, date);
  const [quote] = await tx
    .insert(quotes)
    .values({
      companyId,
      businessJobId: job.id,
      customerId: job.customerId,
      number,
      baseNumber: number,
      status: 'draft',
      date,
      validUntil,
      ...otherColumns(input),
      title: input.title,
      paymentTerms,
      ...contentColumns(content),
      totalExclTaxCents: 0,
      totalVatCents: 0,
      totalInclTaxCents: 0,
    })
    .returning({ id: quotes.id });
  const totals = await writeBilledLines(tx, companyId, quote!.id, content);
  await tx.update(quotes).set(totals).where(eq(quotes.id, quote!.id));
  await recordMeasureUse(tx, companyId, { id: quote!.id, number }, [], content.items, userId);
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'quote.created',
    objectId: quote!.id,
    label: `Devis ${number} créé`,
    details: { businessJobId: job.id },
  });
  return done(quote!.id);
}

/** The quote for a change: row lock, then the session's edit lock, then the version read. */
async function lockForChange(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
): Promise<Outcome<QuoteRow>> {
  return lockForEdit(tx, companyId, 'quote', id, actor, async () => {
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
      .for('update');
    return quote;
  });
}

/** A draft's changes. Any other quote is refused: « Modifier » on a sent one makes a revision. */
export async function editQuote(
  tx: Tx,
  companyId: number,
  id: number,
  input: QuoteFields,
  actor: Actor,
  today: string,
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const quote = locked.value;
  const transition = quoteTransition('edit', quoteStateOf(quote), today);
  if (!transition.ok) return fail(transition.key);
  if (transition.value.creates !== null) return fail('quote_not_editable');
  // A draft made before the editor may have been invoiced: what was invoiced stays as it was.
  const used = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.quoteId, id)))
    .limit(1);
  if (used.length > 0) return fail('quote_invoiced');
  const draft = await draftOf(
    tx,
    companyId,
    { ...quote, items: quote.items as QuoteItem[] },
    input,
    await validityDaysOf(tx, companyId),
  );
  if (!draft.ok) return draft;
  const { date, validUntil, content } = draft.value;
  const totals = await writeBilledLines(tx, companyId, id, content);
  await tx
    .update(quotes)
    .set({
      ...otherColumns(input),
      date,
      validUntil,
      ...contentColumns(content),
      ...totals,
      version: quote.version + 1,
    })
    .where(eq(quotes.id, id));
  await recordMeasureUse(
    tx,
    companyId,
    quote,
    quote.items as QuoteItem[],
    content.items,
    actor.userId ?? null,
  );
  return done(id);
}

/**
 * A copy of `quote`'s content as a new draft: a revision (same base number, next letter) or a
 * duplicate (a new number). Dated today with the default validity; VAT percentages read again.
 */
async function copyAsDraft(
  tx: Tx,
  companyId: number,
  quote: QuoteRow,
  numbering: { number: string; baseNumber: string; revisionIndex: number; previousRevisionId: number | null },
  today: string,
  userId: number | null,
): Promise<number> {
  const { items } = await storedItems(tx, companyId, quote.items as QuoteItem[]);
  const content: QuoteContent = { ...contentOf(quote), items };
  const [copy] = await tx
    .insert(quotes)
    .values({
      companyId,
      businessJobId: quote.businessJobId,
      customerId: quote.customerId,
      ...numbering,
      title: quote.title,
      status: 'draft',
      date: today,
      validUntil: defaultValidUntil(today, await validityDaysOf(tx, companyId)),
      startDate: numbering.previousRevisionId !== null ? quote.startDate : null,
      durationDays: quote.durationDays,
      paymentTerms: quote.paymentTerms,
      feeCents: quote.feeCents,
      ...contentColumns(content),
      totalExclTaxCents: 0,
      totalVatCents: 0,
      totalInclTaxCents: 0,
    })
    .returning({ id: quotes.id });
  const totals = await writeBilledLines(tx, companyId, copy!.id, content);
  await tx.update(quotes).set(totals).where(eq(quotes.id, copy!.id));
  await recordMeasureUse(
    tx,
    companyId,
    { id: copy!.id, number: numbering.number },
    [],
    content.items,
    userId,
  );
  await recordActivity(tx, {
    companyId,
    userId,
    kind: 'quote.created',
    objectId: copy!.id,
    label:
      numbering.previousRevisionId !== null
        ? `Devis ${numbering.number} créé (révision de ${quote.number})`
        : `Devis ${numbering.number} créé (copie de ${quote.number})`,
    details: { businessJobId: quote.businessJobId, from: quote.id },
  });
  return copy!.id;
}

/**
 * « Modifier » on a sent, expired or refused quote: its next revision, a draft with its content
 * (DE-2026-00012-B); the earlier one keeps its status and is no longer the latest. On a draft,
 * nothing to make: the draft itself is answered.
 */
export async function reviseQuote(
  tx: Tx,
  companyId: number,
  id: number,
  actor: Actor,
  today: string,
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  const quote = locked.value;
  const transition = quoteTransition('edit', quoteStateOf(quote), today);
  if (!transition.ok) return fail(transition.key);
  if (transition.value.creates !== 'revision') return done(id);
  await tx
    .update(quotes)
    .set({ latest: false, version: quote.version + 1 })
    .where(eq(quotes.id, id));
  return done(
    await copyAsDraft(
      tx,
      companyId,
      quote,
      {
        number: nextRevisionNumber(quote.number),
        baseNumber: quote.baseNumber,
        revisionIndex: quote.revisionIndex + 1,
        previousRevisionId: quote.id,
      },
      today,
      actor.userId ?? null,
    ),
  );
}

/** « Dupliquer »: any quote's content as a new draft with a new number. */
export async function duplicateQuote(
  tx: Tx,
  companyId: number,
  id: number,
  today: string,
  userId: number | null = null,
): Promise<Outcome<number>> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)));
  if (!quote) return fail('not_found');
  const transition = quoteTransition('duplicate', quoteStateOf(quote), today);
  if (!transition.ok) return fail(transition.key);
  const number = await nextQuoteNumber(tx, companyId, today);
  return done(
    await copyAsDraft(
      tx,
      companyId,
      quote,
      { number, baseNumber: number, revisionIndex: 0, previousRevisionId: null },
      today,
      userId,
    ),
  );
}

/** What a send changed on the quote, to give it back when the mail does not leave (documents/quote-link.ts). */
export interface SentMark {
  hash: string | null;
  previous: { status: StoredQuoteStatus; sentAt: Date | null; acceptanceTokenHash: string | null };
}

export interface QuoteSending {
  today: string;
  now: Date;
  /** The online link's token, hashed (documents/quote-link.ts); the seed sends without one. */
  acceptanceTokenHash?: string | undefined;
  /** The sender's editing session: a draft open in another session's editor is refused (resource_locked). */
  sessionId?: string | undefined;
  /** Who sends (the activity log); null: the system. */
  userId?: number | null | undefined;
  /**
   * Write the « quote.sent » event now (default). The mail route writes it once the mail has left
   * (the send is given back otherwise), so it passes false.
   */
  recordEvent?: boolean | undefined;
}

/**
 * The one place where a quote becomes sent (by mail, server/src/routes/quote-documents.ts; or the
 * seed): under the row's lock, `quoteTransition('send')` (an answer may have come in since the mail
 * was prepared), at least one priced line (`quoteSendIssues`), and — for a mail — no other
 * session's editor open on it (checked, not taken: the sender does not keep the sent quote locked;
 * what leaves must be what it saves). Sending a sent quote again keeps its first sending date; a new
 * link's hash replaces the earlier one (only the newest mail's link works).
 */
export async function markQuoteSent(
  tx: Tx,
  companyId: number,
  id: number,
  sending: QuoteSending,
): Promise<Outcome<SentMark>> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
    .for('update');
  if (!quote) return fail('not_found');
  if (
    sending.sessionId !== undefined &&
    (await lockView(tx, companyId, 'quote', id, sending.sessionId)).lockedByAnotherSession
  )
    return fail('resource_locked');
  const transition = quoteTransition('send', quoteStateOf(quote), sending.today);
  if (!transition.ok) return fail(transition.key);
  const issues = quoteSendIssues(contentOf(quote));
  if (Object.keys(issues).length > 0) return fail('validation', issues);
  await tx
    .update(quotes)
    .set({
      status: transition.value.status,
      sentAt: quote.sentAt ?? sending.now,
      ...(sending.acceptanceTokenHash !== undefined
        ? { acceptanceTokenHash: sending.acceptanceTokenHash }
        : {}),
      version: quote.version + 1,
    })
    .where(eq(quotes.id, id));
  if (sending.recordEvent !== false) {
    await recordActivity(tx, {
      ...quoteSentEvent(companyId, sending.userId ?? null, quote),
      occurredAt: sending.now,
    });
  }
  return done({
    hash: sending.acceptanceTokenHash ?? null,
    previous: { status: quote.status, sentAt: quote.sentAt, acceptanceTokenHash: quote.acceptanceTokenHash },
  });
}

/** The « quote.sent » event of a quote. */
export const quoteSentEvent = (
  companyId: number,
  userId: number | null,
  quote: { id: number; number: string },
) => ({
  companyId,
  userId,
  kind: 'quote.sent' as const,
  objectId: quote.id,
  label: `Devis ${quote.number} envoyé`,
});

export interface QuoteAnswerInput {
  decision: 'accepted' | 'refused';
  /** online: through the link (H2); recorded: the company records the customer's answer on paper. */
  channel: 'online' | 'recorded';
  signerName?: string | undefined;
  reason?: string | undefined;
  ipAddress?: string | undefined;
  userAgent?: string | undefined;
  recordedByUserId?: number | null | undefined;
  /** The PDF accepted, kept byte for byte, and its SHA-256 (online acceptance). */
  pdf?: Buffer | undefined;
  pdfSha256?: string | undefined;
}

/**
 * The customer's answer: `quoteTransition('accept' | 'refuse')`, once. A recorded answer may be
 * given on a draft: the quote was handed to the customer on paper, so it is first sent
 * (`quoteTransition('send')`, same checks as a mail), then answered (docs/decisions.md).
 * `quote` must be locked by the caller (FOR UPDATE).
 */
export async function answerLockedQuote(
  tx: Tx,
  companyId: number,
  quote: QuoteRow,
  answer: QuoteAnswerInput,
  today: string,
  now: Date,
): Promise<Outcome<number>> {
  let state = quoteStateOf(quote);
  if (answer.channel === 'recorded' && state.status === 'draft') {
    const sent = quoteTransition('send', state, today);
    if (!sent.ok) return fail(sent.key);
    const issues = quoteSendIssues(contentOf(quote));
    if (Object.keys(issues).length > 0) return fail('validation', issues);
    state = { ...state, status: sent.value.status };
  }
  const transition = quoteTransition(answer.decision === 'accepted' ? 'accept' : 'refuse', state, today);
  if (!transition.ok) return fail(transition.key);
  await tx.insert(quoteAnswers).values({
    companyId,
    quoteId: quote.id,
    decision: answer.decision,
    channel: answer.channel,
    signerName: answer.signerName ?? '',
    reason: answer.reason ?? '',
    ipAddress: answer.ipAddress ?? '',
    userAgent: answer.userAgent ?? '',
    recordedByUserId: answer.recordedByUserId ?? null,
    pdfSha256: answer.pdfSha256 ?? null,
    pdf: answer.pdf ?? null,
    answeredAt: now,
  });
  await tx
    .update(quotes)
    .set({ status: transition.value.status, sentAt: quote.sentAt ?? now, version: quote.version + 1 })
    .where(eq(quotes.id, quote.id));
  const recordedBy = answer.recordedByUserId ?? null;
  // Handed over on paper: sent, then answered (two events, as two steps happened).
  if (quote.status === 'draft')
    await recordActivity(tx, { ...quoteSentEvent(companyId, recordedBy, quote), occurredAt: now });
  await recordActivity(tx, { ...quoteAnswerEvent(companyId, recordedBy, quote, answer), occurredAt: now });
  return done(quote.id);
}

/** The « quote.accepted » / « quote.refused » event of an answer (through the link: no user). */
export const quoteAnswerEvent = (
  companyId: number,
  userId: number | null,
  quote: { id: number; number: string },
  answer: {
    decision: 'accepted' | 'refused';
    channel: 'online' | 'recorded';
    signerName?: string | undefined;
    reason?: string | undefined;
  },
) => ({
  companyId,
  userId,
  kind: answer.decision === 'accepted' ? ('quote.accepted' as const) : ('quote.refused' as const),
  objectId: quote.id,
  label: `Devis ${quote.number} ${answer.decision === 'accepted' ? 'accepté' : 'refusé'}${
    answer.channel === 'online' ? ' en ligne' : ''
  }${answer.signerName ? ` par ${answer.signerName}` : ''}`,
  details: {
    channel: answer.channel,
    ...(answer.signerName ? { signerName: answer.signerName } : {}),
    ...(answer.reason ? { reason: answer.reason } : {}),
  },
});

/** The company records the customer's answer (« Accepté » / « Refusé »), with the version read. */
export async function answerQuote(
  tx: Tx,
  companyId: number,
  id: number,
  answer: Omit<QuoteAnswerInput, 'channel'>,
  actor: Actor,
  today: string,
  now = new Date(),
): Promise<Outcome<number>> {
  const locked = await lockForChange(tx, companyId, id, actor);
  if (!locked.ok) return locked;
  return answerLockedQuote(
    tx,
    companyId,
    locked.value,
    { ...answer, channel: 'recorded', recordedByUserId: actor.userId ?? null },
    today,
    now,
  );
}

/** Every revision of a base number, oldest first. */
export function revisionsOf(tx: Tx, companyId: number, baseNumber: string) {
  return tx
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      validUntil: quotes.validUntil,
      date: quotes.date,
    })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.baseNumber, baseNumber)))
    .orderBy(asc(quotes.revisionIndex), asc(quotes.id));
}

/** The quote's answer row, if any. */
export async function answerOf(tx: Tx, companyId: number, quoteId: number) {
  const [row] = await tx
    .select({
      decision: quoteAnswers.decision,
      channel: quoteAnswers.channel,
      signerName: quoteAnswers.signerName,
      reason: quoteAnswers.reason,
      answeredAt: quoteAnswers.answeredAt,
    })
    .from(quoteAnswers)
    .where(and(eq(quoteAnswers.companyId, companyId), eq(quoteAnswers.quoteId, quoteId)));
  return row ?? null;
}
