/**
 * A quote's content (issue 21) and its amounts: a tree of chapters (lots), sub-chapters and lines.
 * Lines are priced (in the total), options (shown with their own amount, never in the total) or
 * text. Units are the API's and the database's: quantities in thousandths (`quantityMilli`, 1,5 m²
 * = 1500), unit prices in cents, the VAT rate in basis points as snapshotted from the company's rate,
 * the global discount and the deposit asked at signature in basis points (5 % = 500).
 *
 * The amounts follow the project's rule (src/contract/money.ts, server/src/domain/lines.ts): each line
 * rounded to the cent, then, per VAT rate, the discount and the VAT on the sum; HT, TVA and TTC are
 * sums of the per-rate totals.
 *
 * Written once here, in the shared contract, because the quote editor shows the same totals live
 * as the server stores and prints: the server's domain (server/src/domain/quoteContent.ts)
 * re-exports it, as it does the price library's rule (src/contract/pricing.ts).
 */

import { z } from 'zod';
import type { FieldCode } from './fields.js';
import { mailDraftSchema } from './invoiceDocuments.js';
import { invoiceTextLimits } from './invoiceLines.js';
import {
  answerDay,
  billedLineShape,
  editLockSchema,
  int,
  invoiceSummarySchema,
  totalsShape,
  vatTotalSchema,
} from './invoicingAnswers.js';
import { lazy } from './lazy.js';
import {
  allocate,
  type Bp,
  basesByRate,
  type Cents,
  FULL_PERCENT,
  lineHt,
  mulDivRound,
  percentOf,
  type RateBase,
  sumCents,
  vatOf,
} from './money.js';
import {
  type ItemPrice,
  type LibraryKind,
  libraryKinds,
  libraryPricer,
  type PricingRates,
} from './pricing.js';

/** A chapter (lot) at the top, or a sub-chapter inside one; its items are lines or sub-chapters. */
export interface QuoteChapter {
  kind: 'chapter';
  title: string;
  items: QuoteItem[];
}

/** A priced line (in the total) or an option (« option »: shown with its amount, not in the total). */
export interface QuotePricedLine {
  kind: 'priced' | 'option';
  designation: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: Cents;
  /** The company's VAT rate chosen (its id)… */
  vatRateId: number;
  /** …and its percentage when the line was written (a later change of the rate does not move it). */
  vatRate: Bp;
  /**
   * Déboursé sec of one unit, copied from the price library when the line was inserted from it
   * (issue 22): the firm's margin view only, never printed nor sent to the customer. Absent: unknown.
   */
  costCents?: Cents;
  /**
   * Where the quantity came from (issue 23, « Insérer un métré »): measures of one measure group,
   * summed when inserted. The line's quantity equals `valueMilli` (the editor drops the source when
   * the user types another quantity); the group may change later: QuoteDetail's `measureSources`.
   */
  measure?: QuoteMeasureSource;
  /**
   * A library work's composition copied into this quote (issue 22), editable for this quote only:
   * the line's `costCents` follows from it, and its unit price too unless the user typed one
   * (`priceTyped`). The firm's own figures: never printed nor shown to the customer.
   */
  composition?: QuoteComposition;
}

/** A line's quantity as measured: measures of one group and their sum when inserted (thousandths). */
export interface QuoteMeasureSource {
  groupId: number;
  /** 1 to 100 measures of that group, each once. */
  measureIds: number[];
  /** Σ of those measures when inserted = the line's quantityMilli. */
  valueMilli: number;
}

/** One component of a composed line, copied from the library (or added in the quote). */
export interface QuoteCompositionComponent {
  /** The library item it was copied from; null: written in this quote. */
  itemId: number | null;
  kind: LibraryKind;
  designation: string;
  unit: string;
  /** How much of it one unit of the line takes, in thousandths (as a library work's component). */
  quantityMilli: number;
  /** Déboursé sec of one unit of it (a supply's loss included), as the library answered it. */
  unitCostCents: Cents;
  /**
   * Its sale price of one unit, counted as it is: a fixed price in the library, or a sub-work's
   * price as the library answered it (required for a `work`). Absent: the company's rule from its
   * kind and cost (a supply or equipment × the materials coefficient, labour at its hourly price).
   */
  unitSaleCents?: Cents;
}

export interface QuoteComposition {
  /** The library work it was copied from; null: composed in this quote. */
  libraryItemId: number | null;
  components: QuoteCompositionComponent[];
  /** The user typed the line's unit price: it no longer follows the composition (its cost does). */
  priceTyped?: boolean;
}

/** A measured line's bounds: the measures one line may sum. */
export const quoteMeasureRules = { maxMeasureIds: 100 } as const;

/**
 * A composition's bounds: as many components as a library work (src/contract/library.ts
 * `libraryRules`), their quantities and texts within the library's, and at most 5000 components
 * in a whole quote (2000 lines of 200 components would be a document of tens of megabytes).
 */
export const quoteCompositionRules = {
  maxComponents: 200,
  maxComponentsPerQuote: 5000,
  designationMax: 300,
  unitMax: 20,
  maxQuantityMilli: 1_000_000_000,
} as const;

/** Free text between lines (a description, a note): no amount. */
export interface QuoteTextLine {
  kind: 'text';
  text: string;
}

export type QuoteLineItem = QuotePricedLine | QuoteTextLine;
export type QuoteItem = QuoteChapter | QuoteLineItem;

export interface QuoteContent {
  /** Top level: chapters and lines (a quote without chapters is a plain list of lines). */
  items: QuoteItem[];
  /** Global discount on the total HT, 0 to 10000 (100 %). */
  discountRate: Bp;
  /** Deposit asked at signature, a share of the total TTC after discount, 0 to 10000 (100 %). */
  depositRate: Bp;
  /** Autoliquidation (subcontracting): no VAT, the bases still per rate. */
  reverseCharge: boolean;
}

/**
 * The longest texts a quote keeps, the invoices' (src/contract/invoiceLines.ts) where they have the
 * same thing: a chapter's title, a line's designation and unit; a text line as long as a comment.
 */
export const quoteTextLimits = {
  chapter: invoiceTextLimits.chapter,
  designation: invoiceTextLimits.label,
  unit: invoiceTextLimits.unit,
  text: invoiceTextLimits.comment,
  title: invoiceTextLimits.title,
  paymentTerms: invoiceTextLimits.comment,
} as const;

/**
 * The longest signer's name and refusal reason kept with a customer's answer, recorded by the company
 * (the editor's dialog, POST …/quotes/{id}/answer) or given on the public acceptance page.
 */
export const quoteAnswerLimits = { signerName: 200, reason: 2000 } as const;

/** Chapter levels: chapters (lots) and sub-chapters; a third level is refused. */
export const MAX_CHAPTER_DEPTH = 2;
/** Items of a quote (chapters and lines, at every level): the API's bound on a quote's lines. */
export const MAX_QUOTE_ITEMS = 2000;
/** The API's bounds (server/src/schemas/invoicing.ts): ±1 000 000 units, ±1 000 000 000,00 €. */
export const MAX_QUANTITY_MILLI = 1_000_000_000;
export const MAX_UNIT_PRICE_CENTS = 100_000_000_000;
/**
 * A line's amount, at most 1 000 000 000,00 € either way: 2000 such lines and their VAT stay exact
 * integers, where quantity × price at both bounds (10^17 cents) would not.
 */
export const MAX_LINE_CENTS = 100_000_000_000;

/** Problems of a content, by the path of the field as the API names it (`items.0.items.2.unit`). */
export type ContentIssues = Record<string, FieldCode>;

function checkText(issues: ContentIssues, path: string, value: unknown, max: number, required: boolean) {
  if (typeof value !== 'string') issues[path] = required ? 'required' : 'string';
  else if (required && value.trim() === '') issues[path] = 'required';
  else if (value.length > max) issues[path] = 'too_long';
}

function checkInteger(issues: ContentIssues, path: string, value: unknown, min: number, max: number) {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max)
    issues[path] = 'number';
}

/**
 * What is wrong with a line's composition, by path (`path` is the composition's, e.g.
 * `items.0.composition`), or {}: the rule may price it only then (`compositionPrice`).
 */
export function compositionIssues(composition: QuoteComposition, path = 'composition'): ContentIssues {
  const issues: ContentIssues = {};
  const text = (at: string, value: unknown, max: number, required: boolean) =>
    checkText(issues, at, value, max, required);
  const integer = (at: string, value: unknown, min: number, max: number) =>
    checkInteger(issues, at, value, min, max);
  if (typeof composition !== 'object' || composition === null) {
    issues[path] = 'invalid';
    return issues;
  }
  if (composition.libraryItemId !== null)
    integer(`${path}.libraryItemId`, composition.libraryItemId, 1, Number.MAX_SAFE_INTEGER);
  if (composition.priceTyped !== undefined && typeof composition.priceTyped !== 'boolean')
    issues[`${path}.priceTyped`] = 'boolean';
  const list = composition.components;
  if (!Array.isArray(list) || list.length === 0) {
    issues[`${path}.components`] = 'required';
    return issues;
  }
  if (list.length > quoteCompositionRules.maxComponents) {
    issues[`${path}.components`] = 'too_long';
    return issues;
  }
  list.forEach((component, i) => {
    const at = `${path}.components.${i}`;
    if (typeof component !== 'object' || component === null) {
      issues[at] = 'invalid';
      return;
    }
    if (component.itemId !== null) integer(`${at}.itemId`, component.itemId, 1, Number.MAX_SAFE_INTEGER);
    if (!(libraryKinds as readonly string[]).includes(component.kind)) issues[`${at}.kind`] = 'invalid';
    text(`${at}.designation`, component.designation, quoteCompositionRules.designationMax, true);
    text(`${at}.unit`, component.unit, quoteCompositionRules.unitMax, false);
    // 0 is allowed: a component left out of this quote without losing its line.
    integer(`${at}.quantityMilli`, component.quantityMilli, 0, quoteCompositionRules.maxQuantityMilli);
    integer(`${at}.unitCostCents`, component.unitCostCents, 0, MAX_UNIT_PRICE_CENTS);
    if (component.unitSaleCents !== undefined)
      integer(`${at}.unitSaleCents`, component.unitSaleCents, 0, MAX_UNIT_PRICE_CENTS);
    // A sub-work's sale price cannot be told from its cost: it comes with it.
    else if (component.kind === 'work') issues[`${at}.unitSaleCents`] = 'required';
  });
  return issues;
}

/**
 * What is wrong with a quote's content, or {} when nothing is. Texts are measured as given (the API's
 * schemas trim them first); `vatRateIds`, when given, are the company's rates a line may use.
 */
export function quoteContentIssues(content: QuoteContent, vatRateIds?: ReadonlySet<number>): ContentIssues {
  const issues: ContentIssues = {};
  const text = (path: string, value: unknown, max: number, required: boolean) =>
    checkText(issues, path, value, max, required);
  const integer = (path: string, value: unknown, min: number, max: number) =>
    checkInteger(issues, path, value, min, max);
  let count = 0;
  let components = 0;
  const measureIssues = (path: string, measure: QuoteMeasureSource) => {
    if (typeof measure !== 'object' || measure === null) {
      issues[path] = 'invalid';
      return;
    }
    integer(`${path}.groupId`, measure.groupId, 1, Number.MAX_SAFE_INTEGER);
    const ids = measure.measureIds;
    if (!Array.isArray(ids) || ids.length === 0) issues[`${path}.measureIds`] = 'required';
    else if (ids.length > quoteMeasureRules.maxMeasureIds) issues[`${path}.measureIds`] = 'too_long';
    else {
      ids.forEach((id, i) => {
        integer(`${path}.measureIds.${i}`, id, 1, Number.MAX_SAFE_INTEGER);
      });
      // A measure counted twice would double its quantity.
      if (new Set(ids).size !== ids.length) issues[`${path}.measureIds`] = 'invalid';
    }
    integer(`${path}.valueMilli`, measure.valueMilli, 0, MAX_QUANTITY_MILLI);
  };
  const walk = (items: readonly QuoteItem[], path: string, depth: number) => {
    if (!Array.isArray(items)) {
      issues[path] = 'invalid';
      return;
    }
    items.forEach((item, i) => {
      count += 1;
      const at = `${path}.${i}`;
      switch (item?.kind) {
        case 'chapter':
          if (depth >= MAX_CHAPTER_DEPTH) {
            issues[at] = 'invalid';
            return;
          }
          text(`${at}.title`, item.title, quoteTextLimits.chapter, true);
          walk(item.items, `${at}.items`, depth + 1);
          return;
        case 'priced':
        case 'option':
          text(`${at}.designation`, item.designation, quoteTextLimits.designation, true);
          text(`${at}.unit`, item.unit, quoteTextLimits.unit, false);
          integer(`${at}.quantityMilli`, item.quantityMilli, -MAX_QUANTITY_MILLI, MAX_QUANTITY_MILLI);
          integer(`${at}.unitPriceCents`, item.unitPriceCents, -MAX_UNIT_PRICE_CENTS, MAX_UNIT_PRICE_CENTS);
          integer(`${at}.vatRate`, item.vatRate, 0, FULL_PERCENT);
          integer(`${at}.vatRateId`, item.vatRateId, 1, Number.MAX_SAFE_INTEGER);
          if (vatRateIds && !vatRateIds.has(item.vatRateId)) issues[`${at}.vatRateId`] = 'invalid';
          if (item.costCents !== undefined) {
            integer(`${at}.costCents`, item.costCents, 0, MAX_UNIT_PRICE_CENTS);
            // Its line's cost (quantity × cost) stays an exact integer, as the line's amount does.
            if (
              !issues[`${at}.costCents`] &&
              !issues[`${at}.quantityMilli`] &&
              Math.abs(item.quantityMilli) * item.costCents > MAX_LINE_CENTS * 1000
            ) {
              issues[`${at}.costCents`] = 'number';
            }
          }
          if (item.measure !== undefined) measureIssues(`${at}.measure`, item.measure);
          if (item.composition !== undefined) {
            Object.assign(issues, compositionIssues(item.composition, `${at}.composition`));
            components += Array.isArray(item.composition?.components)
              ? item.composition.components.length
              : 0;
          }
          // Both in bounds, their product may still be out of them: said on the quantity.
          if (
            !issues[`${at}.quantityMilli`] &&
            !issues[`${at}.unitPriceCents`] &&
            Math.abs(item.quantityMilli) * Math.abs(item.unitPriceCents) > MAX_LINE_CENTS * 1000
          ) {
            issues[`${at}.quantityMilli`] = 'number';
          }
          return;
        case 'text':
          text(`${at}.text`, item.text, quoteTextLimits.text, true);
          return;
        default:
          issues[at] = 'invalid';
      }
    });
  };
  walk(content.items, 'items', 0);
  if (count > MAX_QUOTE_ITEMS) issues.items = 'too_long';
  if (components > quoteCompositionRules.maxComponentsPerQuote) issues.items = 'too_long';
  integer('discountRate', content.discountRate, 0, FULL_PERCENT);
  integer('depositRate', content.depositRate, 0, FULL_PERCENT);
  return issues;
}

/**
 * A measured line's quantity is its measures' sum as inserted: `measure.valueMilli` equals the
 * line's `quantityMilli` as the body gives it (before the document's precision is applied: the
 * stored quantity may be rounded, the source keeps the measured sum). Another quantity has no such
 * source: the editor drops it when the user types one. Checked on what a save sends.
 */
export function measuredQuantityIssues(items: readonly QuoteItem[]): ContentIssues {
  const issues: ContentIssues = {};
  const walk = (list: readonly QuoteItem[], path: string) => {
    list.forEach((item, i) => {
      const at = `${path}.${i}`;
      if (item?.kind === 'chapter' && Array.isArray(item.items)) walk(item.items, `${at}.items`);
      else if ((item?.kind === 'priced' || item?.kind === 'option') && item.measure) {
        if (item.measure.valueMilli !== item.quantityMilli) issues[`${at}.measure.valueMilli`] = 'invalid';
      }
    });
  };
  if (Array.isArray(items)) walk(items, 'items');
  return issues;
}

/** A quote can be sent once it prices something: at least one priced line. */
export function quoteSendIssues(content: QuoteContent): ContentIssues {
  return pricedLines(content.items).some((l) => l.line.kind === 'priced') ? {} : { items: 'required' };
}

/**
 * A composed line's figures of one unit: its déboursé sec and its sale price, by the price
 * library's own rule (src/contract/pricing.ts `libraryPricer`): the composition is priced as a
 * library work whose components are the copied ones — each a supply, labour or equipment of its
 * copied cost (its sale price by the company's `rates`), or priced as it is when it carries its own
 * sale price (a fixed price, a sub-work). Σ quantity × each figure, rounded once to the cent. Only
 * for a composition without issues (`quoteContentIssues`).
 */
export function compositionPrice(composition: QuoteComposition, rates: PricingRates): ItemPrice {
  const parts = composition.components.map((component, i) => ({
    id: i + 1,
    // A sub-work keeps its figures as copied: priced here as a part of its cost and sale price.
    kind: component.kind === 'work' ? ('equipment' as const) : component.kind,
    unitCostCents: component.unitCostCents,
    // The copied cost of a supply includes its loss already.
    lossBasisPoints: 0,
    fixedSalePriceCents: component.unitSaleCents ?? null,
    components: [],
  }));
  const work = {
    id: 0,
    kind: 'work' as const,
    unitCostCents: null,
    lossBasisPoints: 0,
    fixedSalePriceCents: null,
    components: composition.components.map((c, i) => ({ itemId: i + 1, quantityMilli: c.quantityMilli })),
  };
  const byId = new Map([work, ...parts].map((item) => [item.id, item]));
  return libraryPricer((id) => byId.get(id), rates).price(0);
}

/** The current value of a measure as the measures side answers it (server: `currentMeasureValues`). */
export interface CurrentMeasure {
  groupId: number;
  groupName: string;
  application: string;
  valueMilli: number;
}

/** A measured line of QuoteDetail: its source, and whether the group changed since it was inserted. */
export interface QuoteMeasureSourceState {
  path: number[];
  groupId: number;
  /** '' when the group is no longer readable (every one of its measures removed). */
  groupName: string;
  application: string;
  measureIds: number[];
  storedValueMilli: number;
  /** Σ the measures now; null: one of them was removed (or moved to another group). */
  currentValueMilli: number | null;
  changed: boolean;
}

/**
 * The measured lines of `items` against the measures now (`current`, by measure id): a line whose
 * measures all still belong to its group sums them; one missing makes the current value unknown
 * (null), which is a change too.
 */
export function measureSourcesOf(
  items: readonly QuoteItem[],
  current: ReadonlyMap<number, CurrentMeasure>,
): QuoteMeasureSourceState[] {
  return pricedLines(items).flatMap(({ path, line }) => {
    const source = line.measure;
    if (!source) return [];
    const found = source.measureIds.map((id) => current.get(id));
    const whole = found.every((m) => m !== undefined && m.groupId === source.groupId);
    const currentValueMilli = whole ? found.reduce((sum, m) => sum + (m?.valueMilli ?? 0), 0) : null;
    const named = found.find((m) => m !== undefined && m.groupId === source.groupId);
    return [
      {
        path: [...path],
        groupId: source.groupId,
        groupName: named?.groupName ?? '',
        application: named?.application ?? '',
        measureIds: [...source.measureIds],
        storedValueMilli: source.valueMilli,
        currentValueMilli,
        changed: currentValueMilli !== source.valueMilli,
      },
    ];
  });
}

/** Every measure a content's lines name, with the group each line says it belongs to. */
export function measureReferences(items: readonly QuoteItem[]): { groupId: number; measureId: number }[] {
  return pricedLines(items).flatMap(({ line }) =>
    line.measure
      ? line.measure.measureIds.map((measureId) => ({ groupId: line.measure!.groupId, measureId }))
      : [],
  );
}

/** Where an item sits: its index at each level from the top ([2, 0, 3]: chapter 3, sub 1, line 4). */
export type ItemPath = readonly number[];

/** Every priced and option line in reading order, with its path. */
export function pricedLines(
  items: readonly QuoteItem[],
  path: ItemPath = [],
): { path: ItemPath; line: QuotePricedLine }[] {
  return items.flatMap((item, i) => {
    const at = [...path, i];
    if (item.kind === 'chapter') return pricedLines(item.items, at);
    return item.kind === 'text' ? [] : [{ path: at, line: item }];
  });
}

/**
 * A line's amount HT: round(quantity × unit price) to the cent, half away from zero — `lineHt`'s
 * rule in its units (thousandths × 10 and cents × 100 are the domain's Fixed4, as invoicing/load.ts).
 */
export function quoteLineHt(line: Pick<QuotePricedLine, 'quantityMilli' | 'unitPriceCents'>): Cents {
  return lineHt(line.quantityMilli * 10, line.unitPriceCents * 100);
}

export interface QuoteLineAmount {
  path: ItemPath;
  kind: 'priced' | 'option';
  vatRate: Bp;
  /** round(quantity × unit price), before the global discount. */
  ht: Cents;
}

export interface QuoteChapterAmount {
  path: ItemPath;
  title: string;
  /** Its priced lines, sub-chapters included, before the global discount. */
  ht: Cents;
  /** Its options, sub-chapters included (shown, not in `ht`). */
  optionsHt: Cents;
}

export interface QuoteRateTotal {
  vatRate: Bp;
  /** The priced lines at this rate. */
  grossHt: Cents;
  /** This rate's share of the global discount. */
  discount: Cents;
  /** grossHt − discount: the base the VAT is computed on. */
  ht: Cents;
  vat: Cents;
}

export interface QuoteDeposit {
  rate: Bp;
  ht: Cents;
  vat: Cents;
  ttc: Cents;
}

export interface QuoteAmounts {
  lines: QuoteLineAmount[];
  chapters: QuoteChapterAmount[];
  /** Highest rate first; every rate of a priced line, even at 0. */
  byRate: QuoteRateTotal[];
  /** Σ priced lines, before discount. */
  grossHt: Cents;
  discountRate: Bp;
  /** round(grossHt × discountRate), split over the rates (Σ byRate.discount). */
  discount: Cents;
  /** grossHt − discount = Σ byRate.ht. */
  ht: Cents;
  vat: Cents;
  ttc: Cents;
  /** Σ option lines (not in any total above). */
  optionsHt: Cents;
  deposit: QuoteDeposit;
  reverseCharge: boolean;
}

/**
 * The global discount per VAT rate: discount = round(Σ priced lines × rate) to the cent, then split
 * over the rates in proportion to their bases by largest remainder (`allocate`), so the per-rate
 * discounts sum to it exactly and Σ per-rate bases = total HT − discount to the cent. A rate whose
 * lines add up to zero or less takes no share; no discount on a total of zero or less.
 */
export function discountByRate(gross: readonly RateBase[], discountRate: Bp): RateBase[] {
  const grossHt = sumCents(gross.map((g) => g.ht));
  const discount = grossHt > 0 ? percentOf(grossHt, discountRate) : 0;
  if (discount === 0) return gross.map((g) => ({ vatRate: g.vatRate, ht: 0 }));
  const shares = allocate(
    discount,
    gross.map((g) => Math.max(g.ht, 0)),
  );
  return gross.map((g, i) => ({ vatRate: g.vatRate, ht: shares[i] ?? 0 }));
}

/**
 * The deposit asked at signature: at each rate, round(base after discount × deposit rate) and its
 * VAT — what a deposit invoice of that percentage bills (domain/deposits.ts `depositBases`), so the
 * amount the quote announces is the amount the deposit invoice will ask.
 */
export function quoteDeposit(
  byRate: readonly RateBase[],
  depositRate: Bp,
  reverseCharge: boolean,
): QuoteDeposit {
  const parts = byRate.map((r) => {
    const ht = percentOf(r.ht, depositRate);
    return { ht, vat: vatOf(ht, r.vatRate, reverseCharge) };
  });
  const ht = sumCents(parts.map((p) => p.ht));
  const vat = sumCents(parts.map((p) => p.vat));
  return { rate: depositRate, ht, vat, ttc: ht + vat };
}

/** The amounts of a valid content (`quoteContentIssues` empty): lines, chapters, rates, totals, deposit. */
export function quoteAmounts(content: QuoteContent): QuoteAmounts {
  const lines: QuoteLineAmount[] = pricedLines(content.items).map(({ path, line }) => ({
    path,
    kind: line.kind,
    vatRate: line.vatRate,
    ht: quoteLineHt(line),
  }));
  const priced = lines.filter((l) => l.kind === 'priced');
  const options = lines.filter((l) => l.kind === 'option');
  const under = (chapter: ItemPath, line: QuoteLineAmount) => chapter.every((p, i) => line.path[i] === p);
  const chapters = chaptersOf(content.items).map(({ path, title }) => ({
    path,
    title,
    ht: sumCents(priced.filter((l) => under(path, l)).map((l) => l.ht)),
    optionsHt: sumCents(options.filter((l) => under(path, l)).map((l) => l.ht)),
  }));
  const gross = basesByRate(priced);
  const discounts = discountByRate(gross, content.discountRate);
  const byRate = gross.map((g, i) => {
    const discount = discounts[i]?.ht ?? 0;
    const ht = g.ht - discount;
    return {
      vatRate: g.vatRate,
      grossHt: g.ht,
      discount,
      ht,
      vat: vatOf(ht, g.vatRate, content.reverseCharge),
    };
  });
  const ht = sumCents(byRate.map((r) => r.ht));
  const vat = sumCents(byRate.map((r) => r.vat));
  return {
    lines,
    chapters,
    byRate,
    grossHt: sumCents(gross.map((g) => g.ht)),
    discountRate: content.discountRate,
    discount: sumCents(byRate.map((r) => r.discount)),
    ht,
    vat,
    ttc: ht + vat,
    optionsHt: sumCents(options.map((l) => l.ht)),
    deposit: quoteDeposit(byRate, content.depositRate, content.reverseCharge),
    reverseCharge: content.reverseCharge,
  };
}

function chaptersOf(items: readonly QuoteItem[], path: ItemPath = []): { path: ItemPath; title: string }[] {
  return items.flatMap((item, i) =>
    item.kind === 'chapter'
      ? [{ path: [...path, i], title: item.title }, ...chaptersOf(item.items, [...path, i])]
      : [],
  );
}

/**
 * Each priced line's amount after the global discount: at each rate, the rate's discount split over
 * its lines in proportion to their amounts (largest remainder; a line of zero or less takes none),
 * so a rate's discounted lines add up to its base exactly. What the invoices of a discounted quote
 * (progress per line) must bill line by line.
 */
export function discountedLineAmounts(content: QuoteContent): { path: ItemPath; vatRate: Bp; ht: Cents }[] {
  const amounts = quoteAmounts(content);
  const priced = amounts.lines.filter((l) => l.kind === 'priced');
  const result = priced.map((l) => ({ path: l.path, vatRate: l.vatRate, ht: l.ht }));
  for (const rate of amounts.byRate) {
    if (rate.discount === 0) continue;
    const at = result.filter((l) => l.vatRate === rate.vatRate);
    const shares = allocate(
      rate.discount,
      at.map((l) => Math.max(l.ht, 0)),
    );
    at.forEach((l, i) => {
      l.ht -= shares[i] ?? 0;
    });
  }
  return result;
}

/** A line's margin for the firm (never printed): its sale price, its déboursé sec and their gap. */
export interface QuoteLineMargin {
  path: ItemPath;
  kind: 'priced' | 'option';
  /** round(quantity × unit price): the line's amount, before the global discount. */
  saleHt: Cents;
  /** round(quantity × cost of one unit), rounded as a line; null: the line has no cost. */
  cost: Cents | null;
  /** saleHt − cost; null without a cost. */
  margin: Cents | null;
  /** sale / cost in thousandths (1,350 = 1350); null without a cost or at a cost of zero. */
  coefficientMilli: number | null;
  /** margin / sale in basis points; null without a cost or at a sale of zero. */
  marginRate: Bp | null;
}

export interface QuoteMargins {
  lines: QuoteLineMargin[];
  /** Σ the cost of the priced lines that have one (options aside). */
  cost: Cents;
  /** Σ the margins of the priced lines that have a cost, before the global discount. */
  marginBeforeDiscount: Cents;
  /** The quote's total HT after the global discount (quoteAmounts' `ht`). */
  ht: Cents;
  /**
   * After the discount: Σ over the priced lines with a cost of (their discounted amount − their
   * cost). Equal to ht − cost when every priced line has a cost.
   */
  margin: Cents;
  /** margin / (the discounted amount of the lines with a cost), in basis points; null at zero. */
  marginRate: Bp | null;
  /** (the discounted amount of the lines with a cost) / cost, in thousandths; null at a cost of zero. */
  coefficientMilli: number | null;
  /** Priced lines without a cost: left out of the margin (their cost is unknown, not zero). */
  withoutCost: number;
}

const ratio = (value: Cents, base: Cents, scale: number): number | null =>
  base === 0 ? null : mulDivRound(value, scale, base);

/**
 * The firm's margin view of a valid content (issue 22): per line and in total, the déboursé sec,
 * the sale price, the coefficient and the margin in € and %. One function, so the line margins
 * and the total agree (Σ line margins = the margin before discount); the discount lowers the sale
 * of each line by its share (`discountedLineAmounts`), the cost never.
 */
export function quoteMargins(content: QuoteContent): QuoteMargins {
  const lines: QuoteLineMargin[] = pricedLines(content.items).map(({ path, line }) => {
    const saleHt = quoteLineHt(line);
    const cost =
      line.costCents === undefined
        ? null
        : quoteLineHt({ quantityMilli: line.quantityMilli, unitPriceCents: line.costCents });
    const margin = cost === null ? null : saleHt - cost;
    return {
      path,
      kind: line.kind,
      saleHt,
      cost,
      margin,
      coefficientMilli: cost === null ? null : ratio(saleHt, cost, 1000),
      marginRate: margin === null ? null : ratio(margin, saleHt, FULL_PERCENT),
    };
  });
  const priced = lines.filter((l) => l.kind === 'priced');
  const costed = priced.filter((l) => l.cost !== null);
  const cost = sumCents(costed.map((l) => l.cost ?? 0));
  const discounted = new Map(discountedLineAmounts(content).map((l) => [l.path.join('.'), l.ht]));
  const costedSale = sumCents(costed.map((l) => discounted.get(l.path.join('.')) ?? l.saleHt));
  const margin = costedSale - cost;
  return {
    lines,
    cost,
    marginBeforeDiscount: sumCents(costed.map((l) => l.margin ?? 0)),
    ht: quoteAmounts(content).ht,
    margin,
    marginRate: ratio(margin, costedSale, FULL_PERCENT),
    coefficientMilli: ratio(costedSale, cost, 1000),
    withoutCost: priced.length - costed.length,
  };
}

/**
 * A stored row of the tree: items in reading order, each naming its chapter's position (null at the
 * top), a chapter without its items. The database keeps a quote as these rows.
 */
export type QuoteItemRow = { position: number; parent: number | null } & (
  | Omit<QuoteChapter, 'items'>
  | QuoteLineItem
);

/** The tree as rows, in reading order (positions 0, 1, 2 …). */
export function quoteRows(items: readonly QuoteItem[]): QuoteItemRow[] {
  const rows: QuoteItemRow[] = [];
  const walk = (list: readonly QuoteItem[], parent: number | null) => {
    for (const item of list) {
      const position = rows.length;
      if (item.kind === 'chapter') {
        rows.push({ position, parent, kind: 'chapter', title: item.title });
        walk(item.items, position);
      } else rows.push({ position, parent, ...item });
    }
  };
  walk(items, null);
  return rows;
}

/** Rows back to the tree (rows in any order; each child after its chapter in position order). */
export function quoteItemsFromRows(rows: readonly QuoteItemRow[]): QuoteItem[] {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const top: QuoteItem[] = [];
  const chapters = new Map<number, QuoteChapter>();
  for (const row of sorted) {
    const { position, parent, ...rest } = row;
    const item: QuoteItem = rest.kind === 'chapter' ? { ...rest, items: [] } : rest;
    if (item.kind === 'chapter') chapters.set(position, item);
    const into = parent === null ? top : chapters.get(parent)?.items;
    if (!into) throw new RangeError(`row ${position}: no chapter at ${parent}`);
    into.push(item);
  }
  return top;
}

// ---------------------------------------------------------------------------------------------
// The API's answers (issue 20): the server declares its quote answers with these schemas
// (server/src/schemas/invoicing.ts) and the client parses them with the same ones (src/api/quotes.ts).

/** What the database stores (server/src/domain/quoteLifecycle.ts `storedQuoteStatuses`). */
export const storedQuoteStatuses = ['draft', 'sent', 'accepted', 'refused'] as const;
/** What the API answers: the stored status, or `expired` (sent, its validity date passed: computed). */
export const quoteStatuses = [...storedQuoteStatuses, 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** A quote as lists (and a job's sheet) show it: the latest revision of its number. */
export const quoteSchema = lazy(() =>
  z.object({
    id: int(),
    version: int(),
    /** DE-2026-00012, or DE-2026-00012-B for its second revision. */
    number: z.string(),
    title: z.string(),
    date: answerDay(),
    status: z.enum(quoteStatuses),
    businessJobId: int(),
    businessJobName: z.string(),
    customerId: int(),
    customerName: z.string(),
    ...totalsShape,
    /** Net excl. tax invoiced so far on this quote (validated and PROVISOIRE invoices, credit notes deducted). */
    invoicedExclTaxCents: int(),
    /** Autoliquidation (a subcontractor billing the main contractor): no VAT; its invoices carry it. */
    reverseCharge: z.boolean(),
    /** The number without its revision letter (shared by every revision). */
    baseNumber: z.string(),
    /** 0: the first revision (no letter); 1: « -B » … */
    revisionIndex: int(),
    /** The newest revision of its number: only it is acted on (lists show only these). */
    latest: z.boolean(),
    /** The last day the offer holds; null only on a quote made before the editor. */
    validUntil: answerDay().nullable(),
    /** Σ option lines excl. tax (shown, never in the totals). */
    optionsExclTaxCents: int(),
    /** When it was sent (ISO), or null. */
    sentAt: z.string().nullable(),
  }),
);

/** A priced line as invoicing bills it (the tree's priced lines, numbered). */
export const quoteLineSchema = lazy(() =>
  z.object({
    ...billedLineShape,
    /** Already invoiced on this line by the quote's invoices (validated and PROVISOIRE, credit notes deducted). */
    invoicedExclTaxCents: int(),
    /** Cumulative progress invoiced so far, in basis points of the line (10000 = all of it). */
    invoicedBasisPoints: int(),
  }),
);

export const quoteChapterSchema = lazy(() =>
  z.object({
    /** « Chapitre › Sous-chapitre ». */
    title: z.string(),
    lines: z.array(quoteLineSchema),
    /** « Gestion chantier »: the progress last entered on site for this chapter (null: none). */
    siteProgressBasisPoints: int().nullable(),
  }),
);

const quotePricedLineSchema = lazy(() =>
  z.object({
    kind: z.enum(['priced', 'option']),
    designation: z.string(),
    unit: z.string(),
    quantityMilli: int(),
    unitPriceCents: int(),
    vatRateId: int(),
    /** The rate's percentage snapshotted when the draft was last saved. */
    vatRate: int(),
    /** Déboursé sec of one unit, when the line has one (the firm's margin view; never printed). */
    costCents: int().optional(),
    /** The measures the quantity came from (issue 23); see `measureSources` for their current values. */
    measure: z.object({ groupId: int(), measureIds: z.array(int()), valueMilli: int() }).optional(),
    /** The composition copied from the library (issue 22): the firm's figures, never printed. */
    composition: z
      .object({
        libraryItemId: int().nullable(),
        components: z.array(
          z.object({
            itemId: int().nullable(),
            kind: z.enum(libraryKinds),
            designation: z.string(),
            unit: z.string(),
            quantityMilli: int(),
            unitCostCents: int(),
            unitSaleCents: int().optional(),
          }),
        ),
        priceTyped: z.boolean().optional(),
      })
      .optional(),
  }),
);
const quoteTextLineSchema = lazy(() => z.object({ kind: z.literal('text'), text: z.string() }));

/**
 * The content's tree as stored: chapters, sub-chapters (lines only: `MAX_CHAPTER_DEPTH`) and lines.
 * Typed as the contract's `QuoteItem`, which the editor and the domain build.
 */
export const quoteItemSchema: z.ZodType<QuoteItem> = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('chapter'),
      title: z.string(),
      items: z.array(
        z.discriminatedUnion('kind', [
          z.object({
            kind: z.literal('chapter'),
            title: z.string(),
            items: z.array(z.discriminatedUnion('kind', [quotePricedLineSchema, quoteTextLineSchema])),
          }),
          quotePricedLineSchema,
          quoteTextLineSchema,
        ]),
      ),
    }),
    quotePricedLineSchema,
    quoteTextLineSchema,
  ]),
);

/** The quote's amounts (`quoteAmounts`): what the editor shows live. */
export const quoteAmountsSchema = lazy(() =>
  z.object({
    /** Highest rate first; each rate's share of the discount, and its VAT on the base after it. */
    byRate: z.array(z.object({ vatRate: int(), grossHt: int(), discount: int(), ht: int(), vat: int() })),
    grossHt: int(),
    discount: int(),
    ht: int(),
    vat: int(),
    ttc: int(),
    /** Σ option lines, in no total. */
    optionsHt: int(),
    /** The deposit asked at signature: what a deposit invoice of that rate bills. */
    deposit: z.object({ rate: int(), ht: int(), vat: int(), ttc: int() }),
    /** Each chapter (path: its index at each level), before the global discount. */
    chapters: z.array(z.object({ path: z.array(int()), title: z.string(), ht: int(), optionsHt: int() })),
  }),
);

/** One revision of a quote's number. */
export const quoteRevisionSchema = lazy(() =>
  z.object({
    id: int(),
    number: z.string(),
    status: z.enum(quoteStatuses),
    date: answerDay(),
  }),
);

/** The customer's answer: online (the link) or recorded by the company. */
export const quoteAnswerSchema = lazy(() =>
  z.object({
    decision: z.enum(['accepted', 'refused']),
    channel: z.enum(['online', 'recorded']),
    /** Who signed « Bon pour accord » ('' when not said). */
    signerName: z.string(),
    /** Why the customer refused ('' when not said). */
    reason: z.string(),
    answeredAt: z.string(),
  }),
);

/**
 * A line whose quantity came from measures (issue 23): its source, the measures' sum now (null: one
 * was removed) and whether it changed since the line was written (`measureSourcesOf`).
 */
export const quoteMeasureSourceSchema = lazy(() =>
  z.object({
    /** The line's index at each level (as `amounts.chapters[].path`). */
    path: z.array(int()),
    groupId: int(),
    groupName: z.string(),
    application: z.string(),
    measureIds: z.array(int()),
    storedValueMilli: int(),
    currentValueMilli: int().nullable(),
    changed: z.boolean(),
  }),
);

/** What may be done now (server/src/domain/quoteLifecycle.ts): the buttons that work. */
export const quoteAllowedSchema = lazy(() =>
  z.object({
    edit: z.boolean(),
    revise: z.boolean(),
    send: z.boolean(),
    answer: z.boolean(),
    invoice: z.boolean(),
    duplicate: z.boolean(),
  }),
);

/**
 * One quote: what invoicing reads (its priced lines by chapter, per-rate totals, invoices and what
 * remains to invoice) and what the editor shows (the tree, amounts, revisions, answer, actions).
 */
export const quoteDetailSchema = lazy(() =>
  quoteSchema.extend({
    /** The quote's priced lines as invoicing bills them, by chapter (« Chapitre › Sous-chapitre »). */
    chapters: z.array(quoteChapterSchema),
    vatTotals: z.array(vatTotalSchema),
    invoices: z.array(invoiceSummarySchema),
    /** The quote's PROVISOIRE invoice, if any (only one may exist). */
    provisionalInvoiceId: int().nullable(),
    /** Per VAT rate, what may still be invoiced (excl. tax) after every non-cancelled invoice. */
    remainingByRate: z.array(z.object({ vatRateId: int(), basisPoints: int(), remainingCents: int() })),
    lock: editLockSchema,
    items: z.array(quoteItemSchema),
    /** Global discount on the total excl. tax (500 = 5 %). */
    discountBasisPoints: int(),
    /** Deposit asked at signature, a share of the total after discount. */
    depositBasisPoints: int(),
    /** Estimated start of the works, and their duration in calendar days. */
    startDate: answerDay().nullable(),
    durationDays: int().nullable(),
    paymentTerms: z.string(),
    /** What the quote itself costs excl. tax; 0 = « Devis gratuit ». */
    feeCents: int(),
    amounts: quoteAmountsSchema,
    /** Every revision of its number, oldest first (this one included). */
    revisions: z.array(quoteRevisionSchema),
    /** null before the customer answers. */
    answer: quoteAnswerSchema.nullable(),
    measureSources: z.array(quoteMeasureSourceSchema),
    allowed: quoteAllowedSchema,
  }),
);

/** `GET …/quotes/{id}/mail`: the mail the send dialog proposes (the invoices' draft, `{lien}` in its text). */
export const quoteMailSchema = lazy(() => z.object({ draft: mailDraftSchema }));
