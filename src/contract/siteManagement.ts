/**
 * « Gestion chantier » (issue 24), as both sides read it: a job's planning and team, a week of
 * hours, a supplier invoice typed by hand, the progress of the accepted quote's chapters, and the
 * limits of a supplier file. The screens' forms validate with these schemas (react-hook-form's zod
 * resolver) and the server builds its bodies from the same ones (server/src/schemas/site-management.ts),
 * so neither side accepts what the other refuses. The answers' schemas are here too: the server
 * declares them (server/src/schemas/site-management.ts) and the client parses with them
 * (src/features/site-management/api.ts). Money in cents, percentages in basis points
 * (10000 = 100 %), durations in minutes, days as yyyy-MM-dd. Pure TypeScript + zod.
 */
import { z } from 'zod';
import { isValidSiret, isValidVatNumber } from './businessKeys.js';
import { idNumber, isoDate, requiredText, whenMissing, wholeNumber } from './fields.js';
import { lazy } from './lazy.js';

/** The scope that opens « Gestion chantier » (spec section 6): every endpoint answers 403 scope_required without it. */
export const siteManagementScope = 'gestion-de-chantier';

export const siteRules = {
  /** A day holds at most 24 h on one job. */
  maxMinutesPerDay: 24 * 60,
  /** One POST of a timesheet: a week of 7 days for up to 50 people. */
  maxEntriesPerPost: 7 * 50,
  teamMax: 100,
  supplierNameMax: 200,
  supplierIdMax: 40,
  invoiceNumberMax: 100,
  /** A purchase up to 100 million euros in cents (a bigint column: sums stay exact). */
  maxAmountCents: 10_000_000_000,
  /** A supplier file (Factur-X PDF, CII or UBL XML): 10 Mo at most, refused before it is read. */
  maxFileBytes: 10 * 1024 * 1024,
  /** An XML file (or the XML inside a PDF) over 5 Mo is no invoice of a building site. */
  maxXmlBytes: 5 * 1024 * 1024,
  maxChapters: 500,
  chapterMax: 500,
} as const;

/** Where a purchase's figures came from. */
export const purchaseSources = ['typed', 'facturx', 'cii', 'ubl'] as const;
export type PurchaseSource = (typeof purchaseSources)[number];

export const purchaseSourceLabels: Record<PurchaseSource, string> = {
  typed: 'Saisie',
  facturx: 'Factur-X',
  cii: 'CII',
  ubl: 'UBL',
};

const cents = (min: number) => wholeNumber(min, siteRules.maxAmountCents);

/** The job's planning: dates (each may be unknown) and its team; `version` as read (409 stale_version). */
export const planningInputSchema = lazy(() =>
  z
    .object({
      startDate: isoDate().nullable(),
      endDate: isoDate().nullable(),
      teamUserIds: z
        .array(idNumber(), { error: whenMissing('invalid') })
        .max(siteRules.teamMax, 'too_long')
        .refine((ids) => new Set(ids).size === ids.length, 'invalid'),
      version: wholeNumber(0, 2147483647),
    })
    .refine((p) => p.startDate === null || p.endDate === null || p.startDate <= p.endDate, {
      path: ['endDate'],
      message: 'invalid',
    }),
);
export type PlanningInput = z.output<typeof planningInputSchema>;

/** One person's minutes on one day; 0 removes that day's entry. */
export const timeEntryInputSchema = lazy(() =>
  z.object({
    userId: idNumber(),
    day: isoDate(),
    minutes: wholeNumber(0, siteRules.maxMinutesPerDay),
  }),
);

/**
 * A timesheet (a week at once, or a single day): each (person, day) once. Each entry replaces that
 * person's hours of that day on the job, with the hourly cost of this moment.
 */
export const timeEntriesInputSchema = lazy(() =>
  z.object({
    entries: z
      .array(timeEntryInputSchema, { error: whenMissing('invalid') })
      .min(1, 'required')
      .max(siteRules.maxEntriesPerPost, 'too_long')
      .refine(
        (entries) => new Set(entries.map((e) => `${e.userId}|${e.day}`)).size === entries.length,
        'invalid',
      ),
  }),
);
export type TimeEntriesInput = z.output<typeof timeEntriesInputSchema>;

/** A supplier's SIRET (14 digits, Luhn) or VAT number; '' : not known. */
export const isValidSupplierId = (value: string) =>
  value === '' || isValidSiret(value) || isValidVatNumber(value);

/** A supplier invoice typed by hand: HT + TVA must equal TTC (cents). */
export const purchaseInputSchema = lazy(() =>
  z
    .object({
      supplierName: requiredText(siteRules.supplierNameMax),
      supplierId: z
        .string({ error: 'string' })
        .trim()
        .max(siteRules.supplierIdMax, 'too_long')
        .nullable()
        .transform((value) => (value ?? '').replace(/\s/g, '').toUpperCase())
        .refine(isValidSupplierId, 'invalid'),
      invoiceNumber: requiredText(siteRules.invoiceNumberMax),
      invoiceDate: isoDate(),
      exclTaxCents: cents(-siteRules.maxAmountCents),
      vatCents: cents(-siteRules.maxAmountCents),
      inclTaxCents: cents(-siteRules.maxAmountCents),
    })
    .refine((p) => p.exclTaxCents + p.vatCents === p.inclTaxCents, {
      path: ['inclTaxCents'],
      message: 'invalid',
    }),
);
export type PurchaseInput = z.output<typeof purchaseInputSchema>;

/**
 * Progress entered on site, per chapter of the accepted quote (its title as on the quote), from the
 * `version` read (GET /progress: how many entries the job has; another save since is 409 stale_version).
 */
export const progressInputSchema = lazy(() =>
  z.object({
    day: isoDate(),
    version: wholeNumber(0, 2147483647),
    chapters: z
      .array(
        z.object({
          chapter: z.string({ error: whenMissing('string') }).max(siteRules.chapterMax, 'too_long'),
          percentBasisPoints: wholeNumber(0, 10_000),
        }),
        { error: whenMissing('invalid') },
      )
      .min(1, 'required')
      .max(siteRules.maxChapters, 'too_long')
      .refine((chapters) => new Set(chapters.map((c) => c.chapter)).size === chapters.length, 'invalid'),
  }),
);
export type ProgressInput = z.output<typeof progressInputSchema>;

/** A person's hourly cost, set by an admin; null: the company's « main-d'œuvre chargée ». */
export const hourlyCostInputSchema = lazy(() =>
  z.object({
    hourlyCostCents: wholeNumber(0, 100_000_000).nullable(),
  }),
);

/** The cost of `minutes` at `hourlyCostCents` an hour, rounded to the cent (half up). */
export const entryCostCents = (minutes: number, hourlyCostCents: number): number =>
  Math.round((minutes * hourlyCostCents) / 60);

// ------------------------------------------------------------------------------------ answers

const int = () => z.number().int();
const day = () => z.string().meta({ format: 'date', example: '2026-11-16' });

/** `GET|POST …/planning`: the job's dates and team. */
export const planningSchema = lazy(() =>
  z.object({
    businessJobId: int(),
    startDate: day().nullable(),
    endDate: day().nullable(),
    team: z.array(z.object({ userId: int(), name: z.string() })),
    version: int().meta({ description: '0: never saved; send it back with the change' }),
  }),
);

/** One person's hours of one day on the job, at the hourly cost of the moment they were entered. */
export const timeEntrySchema = lazy(() =>
  z.object({
    id: int(),
    userId: int(),
    userName: z.string(),
    day: day(),
    minutes: int(),
    hourlyCostCents: int().meta({ description: 'The hourly cost copied when the entry was made' }),
    costCents: int().meta({ description: 'round(minutes × hourlyCostCents / 60)' }),
  }),
);

/** A supplier invoice recorded on the job (typed, or read from a file). */
export const purchaseSchema = lazy(() =>
  z.object({
    id: int(),
    supplierName: z.string(),
    supplierId: z.string().meta({ description: "The supplier's SIRET or VAT number ('' : unknown)" }),
    invoiceNumber: z.string(),
    invoiceDate: day(),
    exclTaxCents: int(),
    vatCents: int(),
    inclTaxCents: int(),
    source: z.enum(purchaseSources),
    fileName: z.string().nullable().meta({ description: 'The file kept as received (an import)' }),
    recordedAt: z.string().meta({ format: 'date-time' }),
  }),
);

/** What a supplier's file says (the import's preview). */
export const purchaseReadSchema = lazy(() =>
  z.object({
    source: z.enum(['facturx', 'cii', 'ubl']),
    supplierName: z.string(),
    supplierId: z.string(),
    invoiceNumber: z.string(),
    invoiceDate: day(),
    exclTaxCents: int(),
    vatCents: int(),
    inclTaxCents: int(),
    typeCode: z.string().meta({ description: 'BT-3: 380 invoice, 381 credit note (amounts negative)' }),
    attachmentName: z.string().nullable().meta({ description: "The XML's name inside a Factur-X PDF" }),
  }),
);

/** `POST …/purchases/import`: the file read, and the purchase recorded (null: a preview). */
export const purchaseImportSchema = lazy(() =>
  z.object({
    read: purchaseReadSchema,
    purchase: purchaseSchema.nullable(),
  }),
);

const quoteRefSchema = lazy(() => z.object({ id: int(), number: z.string(), title: z.string() }));

/** `GET …/budget`: the accepted quotes' budget against what was spent. */
export const budgetSchema = lazy(() =>
  z.object({
    businessJobId: int(),
    acceptedQuotes: z.array(quoteRefSchema),
    saleExclTaxCents: int().meta({ description: "The accepted quotes' total HT after discount" }),
    budgetCostCents: int().meta({
      description: "Déboursé sec of the accepted quotes' lines (library costs)",
    }),
    budgetMarginCents: int(),
    minutes: int(),
    labourCostCents: int().meta({ description: 'Σ round(minutes × hourly cost / 60) per entry' }),
    purchasesCents: int().meta({ description: 'Σ purchases excluding VAT' }),
    actualCostCents: int(),
    marginCents: int().meta({ description: 'saleExclTaxCents − actualCostCents: the margin as it stands' }),
    remainingBudgetCents: int(),
    consumedBasisPoints: int().nullable(),
    linesWithoutCost: int(),
  }),
);

/** `GET|POST …/progress`: the accepted quote's chapters and their latest progress. */
export const progressSchema = lazy(() =>
  z.object({
    businessJobId: int(),
    quote: quoteRefSchema.nullable(),
    chapters: z.array(
      z.object({
        chapter: z.string(),
        totalExclTaxCents: int(),
        percentBasisPoints: int().nullable(),
        day: day().nullable(),
        userName: z.string().nullable(),
      }),
    ),
    version: int().meta({
      description:
        "The job's number of progress entries: send it back with the next entry (409 stale_version)",
    }),
  }),
);

/** `GET …/hourly-costs` (admin): the company's cost and each person's own. */
export const hourlyCostsSchema = lazy(() =>
  z.object({
    companyHourlyCostCents: int().meta({
      description: "The company's « main-d'œuvre chargée » (Coûts et prix): a person without their own cost",
    }),
    people: z.array(
      z.object({
        userId: int(),
        name: z.string(),
        email: z.string(),
        locked: z.boolean(),
        hourlyCostCents: int().nullable().meta({ description: "null: the company's" }),
      }),
    ),
  }),
);

/** `POST …/users/{userId}/hourly-cost`: the cost set. */
export const hourlyCostSchema = lazy(() => z.object({ userId: int(), hourlyCostCents: int().nullable() }));
