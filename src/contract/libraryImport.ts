/**
 * Importing a supplier's price list into the price library (issue 22, « Imports »), as both sides
 * read it: the limits (the dialog refuses a file the server would refuse before sending it), the
 * columns a file's columns are mapped to, how a header's name suggests its column, and the answers
 * (the server declares them with these schemas, the client parses them with the same). The server
 * imports this file by a relative path.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

export const importRules = {
  /** 20 Mo: a supplier's whole catalogue fits; a bigger file is refused (import_file_too_large). */
  maxBytes: 20 * 1024 * 1024,
  /** Lines after the header, empty lines not counted (import_too_many_lines beyond). */
  maxLines: 200_000,
  /** The preview shows this many lines of the file, mapped. */
  previewRows: 20,
  /** The answer lists at most this many lines' errors (and says how many there are in all). */
  maxListedErrors: 200,
  /** Accepted by the file input (the server reads the bytes, not the name). */
  accept:
    '.csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The library's fields a column may fill. */
export const importFields = ['code', 'designation', 'unit', 'price', 'family'] as const;
export type ImportField = (typeof importFields)[number];

const column = () => z.number().int().min(0).max(10_000).nullable();

/**
 * Each field's column (0 the first), null: no column. code, designation and price are required.
 * The import's `mapping` (sent as JSON) and the preview's answer.
 */
export const importMappingSchema = lazy(() =>
  z
    .strictObject({
      code: column(),
      designation: column(),
      unit: column(),
      price: column(),
      family: column(),
    } satisfies Record<ImportField, z.ZodType>)
    .meta({
      description:
        'The column (0: the first) of each field, null: none. code, designation and price are required.',
    }),
);
export type ImportMapping = z.output<typeof importMappingSchema>;
export const requiredImportFields: readonly ImportField[] = ['code', 'designation', 'price'];

/** The French name of each field, as the dialog's selects and the line errors say it. */
export const importFieldLabels: Record<ImportField, string> = {
  code: 'Code',
  designation: 'Désignation',
  unit: 'Unité',
  price: "Prix d'achat HT",
  family: 'Famille',
};

/** Accents off, lower case, spaces and punctuation as one space. */
export const foldHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The names suppliers give each column (folded), the likeliest first. */
const headerNames: Record<ImportField, string[]> = {
  code: [
    'code',
    'code article',
    'reference',
    'ref',
    'ref article',
    'reference article',
    'sku',
    'article',
    'code produit',
  ],
  designation: [
    'designation',
    'libelle',
    'description',
    'designation article',
    'libelle article',
    'nom',
    'produit',
    'intitule',
  ],
  unit: ['unite', 'u', 'unite de vente', 'uv', 'unite de mesure', 'conditionnement'],
  price: [
    'prix',
    'prix ht',
    'prix unitaire',
    'prix unitaire ht',
    'pu ht',
    'pu',
    'tarif',
    'prix achat',
    'prix d achat',
    'prix d achat ht',
    'prix net',
    'prix net ht',
    'tarif ht',
  ],
  family: ['famille', 'categorie', 'rayon', 'groupe', 'sous famille', 'gamme'],
};

/**
 * The mapping a header suggests: each field takes the column whose folded name is one of its names
 * (else the first column whose name begins with one), a column serving one field only.
 */
export function suggestMapping(header: readonly string[]): ImportMapping {
  const folded = header.map(foldHeader);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(importFields.map((field) => [field, null])) as ImportMapping;
  const pick = (match: (name: string, candidate: string) => boolean) => {
    for (const field of importFields) {
      if (mapping[field] !== null) continue;
      for (const candidate of headerNames[field]) {
        const index = folded.findIndex((name, i) => !taken.has(i) && match(name, candidate));
        if (index >= 0) {
          mapping[field] = index;
          taken.add(index);
          break;
        }
      }
    }
  };
  pick((name, candidate) => name === candidate);
  pick((name, candidate) => candidate.length > 2 && name.startsWith(`${candidate} `));
  return mapping;
}

/** The fields a mapping misses or points past the header: field → 'required' or 'invalid'. */
export function mappingProblems(
  mapping: ImportMapping,
  columns: number,
): Partial<Record<ImportField, string>> {
  const problems: Partial<Record<ImportField, string>> = {};
  for (const field of importFields) {
    const column = mapping[field];
    if (column === null) {
      if (requiredImportFields.includes(field)) problems[field] = 'required';
    } else if (!Number.isInteger(column) || column < 0 || column >= columns) problems[field] = 'invalid';
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Answers. The server declares them with these schemas (server/src/routes/library-import.ts names
// them for the OpenAPI document) and the client parses them with the same (src/api/libraryImport.ts).

const int = () => z.number().int();

/** What is wrong with a line, in French (the preview lists the first `maxListedErrors`). */
export const importLineErrorSchema = lazy(() =>
  z.object({
    line: int().meta({ description: 'The line in the file (1: the header line, if first)' }),
    field: z.enum(importFields).optional(),
    message: z.string().meta({ description: 'What is wrong, in French' }),
  }),
);
export type ImportLineError = z.output<typeof importLineErrorSchema>;

/** The encodings a CSV file is read in (an XLSX has none). */
export const importEncodings = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
/** The separators a CSV file may use (an XLSX has none). */
export const importSeparators = [';', ',', '\t'] as const;

/** The file read without importing: its columns, the mapping, the first lines mapped, the errors. */
export const importPreviewSchema = lazy(() =>
  z.object({
    format: z.enum(['csv', 'xlsx']),
    encoding: z.enum(importEncodings).nullable(),
    separator: z.enum(importSeparators).nullable(),
    columns: z.array(z.string()).meta({ description: "The header line's cells" }),
    mapping: importMappingSchema,
    /** The fields the mapping still misses: nothing is checked until it has them. */
    missing: z.array(z.enum(importFields)),
    lines: int().meta({ description: 'Lines after the header (empty lines skipped)' }),
    rows: z.array(
      z.object({
        line: int(),
        values: z.record(z.string(), z.string().nullable()),
        priceCents: int().nullable(),
        action: z.enum(['create', 'update']).nullable().meta({ description: 'null: the line is refused' }),
        errors: z.array(z.string()),
      }),
    ),
    counts: z.object({ create: int(), update: int(), rejected: int() }),
    errors: z
      .array(importLineErrorSchema)
      .meta({ description: `The first ${importRules.maxListedErrors} errors` }),
  }),
);
export type ImportPreview = z.output<typeof importPreviewSchema>;

/** What the import did: every line without an error, in one transaction. */
export const importResultSchema = lazy(() =>
  z.object({
    created: int(),
    updated: int(),
    unchanged: int().meta({ description: 'Lines whose item already had these figures' }),
    rejected: int().meta({ description: 'Lines left out for their errors' }),
    errors: z.array(importLineErrorSchema),
  }),
);
export type ImportResult = z.output<typeof importResultSchema>;

/** The starter library loaded: how many items it created. */
export const starterLibrarySchema = lazy(() => z.object({ created: int() }));
