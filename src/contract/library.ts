/**
 * The price library (issue 22, « Base de données »): an item's fields and rules as both sides read
 * them. The item form validates with `libraryItemInputSchema`; the server parses create bodies with
 * the same fields and checks every edit's resulting item with the same schema. Failed rules say a
 * field code (src/contract/fields.ts). Money in cents, quantities in thousandths, the loss in basis
 * points. The prices themselves: src/contract/pricing.ts.
 */
import { z } from 'zod';
import { idNumber, optionalText, requiredText, whenMissing, wholeNumber } from './fields.js';
import { lazy } from './lazy.js';
import { type LibraryKind, libraryKinds } from './pricing.js';

export { type LibraryKind, libraryKinds };

/** The French name of each kind, as the screens show it. */
export const libraryKindLabels: Record<LibraryKind, string> = {
  supply: 'Fourniture',
  labour: "Main-d'œuvre",
  equipment: 'Matériel',
  work: 'Ouvrage',
};

export const libraryRules = {
  codeMax: 50,
  designationMax: 300,
  unitMax: 20,
  supplierMax: 200,
  familyNameMax: 100,
  /** 10 000 000,00 € for one unit of a supply, equipment or labour hour. */
  maxUnitCostCents: 1_000_000_000,
  /** 1 000 000 units of a component in one unit of a work. */
  maxQuantityMilli: 1_000_000_000,
  maxComponents: 200,
  /** The most a work may cost or sell for (1 000 000 000,00 €): beyond, library_price_out_of_range. */
  maxPriceCents: 100_000_000_000,
  /** A labour item's unit. */
  labourUnit: 'h',
} as const;

const cents = () => wholeNumber(0, libraryRules.maxUnitCostCents);

export const libraryComponentSchema = lazy(() =>
  z.object({
    itemId: idNumber(),
    quantityMilli: wholeNumber(1, libraryRules.maxQuantityMilli),
  }),
);
export type LibraryComponentInput = z.input<typeof libraryComponentSchema>;

/** Every field an item's form writes (the kind is chosen once, at creation). */
export const libraryItemFields = lazy(() => ({
  code: optionalText(libraryRules.codeMax),
  designation: requiredText(libraryRules.designationMax),
  unit: optionalText(libraryRules.unitMax),
  familyId: idNumber().nullable(),
  /** supply: purchase price excl. VAT; equipment: its cost; labour: its own hourly cost (null: the company's). */
  unitCostCents: cents().nullable(),
  supplier: optionalText(libraryRules.supplierMax),
  /** The default VAT rate (one of the company's rates), null: none. */
  vatRateId: idNumber().nullable(),
  /** supply only: the loss, in basis points (0 to 100 %). */
  lossBasisPoints: wholeNumber(0, 10_000),
  /** A sale price excl. VAT chosen by hand (null: the costs' rule computes it). */
  fixedSalePriceCents: cents().nullable(),
  /** work only: the other items it is made of, each with its quantity for one unit of the work. */
  components: z
    .array(libraryComponentSchema, { error: 'invalid' })
    .max(libraryRules.maxComponents, 'too_long'),
}));

/** The fields a create may leave out, and what they then are. */
export const libraryItemDefaults = {
  code: '',
  unit: '',
  familyId: null,
  unitCostCents: null,
  supplier: '',
  vatRateId: null,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  components: [],
} as const;

export type LibraryItemData = { kind: LibraryKind } & {
  [K in keyof typeof libraryItemFields]: z.output<(typeof libraryItemFields)[K]>;
};

/** Rules between the fields, by kind: each broken one names its field and code. */
export function libraryItemRuleIssues(item: LibraryItemData): Record<string, string> {
  const issues: Record<string, string> = {};
  if ((item.kind === 'supply' || item.kind === 'equipment') && item.unitCostCents === null) {
    issues.unitCostCents = 'required';
  }
  if (item.kind === 'work' && item.components.length === 0) issues.components = 'required';
  return issues;
}

/**
 * What each kind keeps of the fields: labour is counted in hours; only a supply has a supplier and
 * a loss; only a work has components, and its cost is theirs.
 */
export function normalisedLibraryItem<Item extends LibraryItemData>(item: Item): Item {
  return {
    ...item,
    unit: item.kind === 'labour' ? libraryRules.labourUnit : item.unit,
    supplier: item.kind === 'supply' ? item.supplier : '',
    lossBasisPoints: item.kind === 'supply' ? item.lossBasisPoints : 0,
    unitCostCents: item.kind === 'work' ? null : item.unitCostCents,
    components: item.kind === 'work' ? item.components : [],
  };
}

export function withLibraryItemRules<Schema extends z.ZodType<LibraryItemData>>(schema: Schema) {
  return schema.superRefine((item, context) => {
    for (const [name, code] of Object.entries(libraryItemRuleIssues(item))) {
      context.addIssue({ code: 'custom', path: [name], message: code });
    }
  });
}

/** A whole item as a client writes it: the kind, each field, then the rules between them. */
export const libraryItemInputSchema = lazy(() =>
  withLibraryItemRules(
    z.object({ kind: z.enum(libraryKinds, { error: whenMissing('invalid') }), ...libraryItemFields }),
  ),
);
export type LibraryItemInput = z.input<typeof libraryItemInputSchema>;

/** A family of the library: a name, under another family or at the top (parentId null). */
export const libraryFamilyInputSchema = lazy(() =>
  z.object({
    name: requiredText(libraryRules.familyNameMax),
    parentId: idNumber().nullable(),
  }),
);
export type LibraryFamilyInput = z.input<typeof libraryFamilyInputSchema>;

/** The sorts of the item list. */
export const librarySortKeys = ['designation', 'code'] as const;

// ---------------------------------------------------------------------------------------------
// Answers. The server declares them with these schemas (server/src/schemas/library.ts names them
// for the OpenAPI document) and the client parses them with the same (src/api/library.ts). They
// carry stored values, which older rows may not fit the input rules: only their types are checked.

const int = () => z.number().int();

const storedItemFields = lazy(() => ({
  id: int(),
  kind: z.enum(libraryKinds),
  code: z.string(),
  designation: z.string(),
  unit: z.string(),
  familyId: int().nullable(),
  /** supply: purchase price; equipment: its cost; labour: its own hourly cost (null: the company's). */
  unitCostCents: int().nullable(),
  supplier: z.string(),
  vatRateId: int().nullable(),
  lossBasisPoints: int(),
  fixedSalePriceCents: int().nullable(),
  costCents: int().meta({ description: "Déboursé sec of one unit, at the company's current costs" }),
  salePriceCents: int().meta({
    description: "Sale price excl. VAT of one unit: the fixed one, or the costs' rule's",
  }),
  /** Grows by one at each save; an edit names the version it started from. */
  version: int(),
}));

/** An item of a list page (its composition: the item's own answer). */
export const libraryItemSummarySchema = lazy(() => z.object(storedItemFields));
export type LibraryItemSummary = z.output<typeof libraryItemSummarySchema>;

/** A component of a work, with its own figures (for one unit of the component). */
export const libraryItemComponentSchema = lazy(() =>
  z.object({
    itemId: int(),
    quantityMilli: int(),
    kind: z.enum(libraryKinds),
    code: z.string(),
    designation: z.string(),
    unit: z.string(),
    costCents: int(),
    salePriceCents: int(),
  }),
);
export type LibraryItemComponent = z.output<typeof libraryItemComponentSchema>;

/** One item with its composition (a work's components, in order; none for the other kinds). */
export const libraryItemSchema = lazy(() =>
  z.object({
    ...storedItemFields,
    components: z.array(libraryItemComponentSchema),
  }),
);
export type LibraryItem = z.output<typeof libraryItemSchema>;

/** A family, with its version (migration 0037): a rename or a move is saved from the version read. */
export const libraryFamilySchema = lazy(() =>
  z.object({
    id: int(),
    parentId: int().nullable().meta({ description: 'null: at the top' }),
    name: z.string(),
    version: int(),
  }),
);
export type LibraryFamily = z.output<typeof libraryFamilySchema>;

/** The costs screen's preview: how many items would change sale price (a fixed price never does). */
export const libraryPricePreviewSchema = lazy(() => z.object({ changed: int() }));
