/**
 * Reading labels and cells the way the tools write them (issue 23, file import): a CSV header or a
 * GeoJSON property name is matched without case, accents, spaces or punctuation, and a unit written
 * in brackets (« Area (m²) », « Volume [m3] ») is kept apart; a cell may carry its unit (« 12,5 m² »).
 * The CSV itself is read by the price-list import's reader (`readCsv`, server/src/library/import-file.ts):
 * one decoder (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252) and one separator rule.
 */
import { decodeText, detectSeparator, type ImportTable, readCsv } from '../../library/import-file.js';

/** « Volume difference » → « volumedifference », « Désignation » → « designation », « 3D length » → « 3dlength ». */
export const labelKey = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A unit in brackets at the end of a label: « Area (m²) », « Cut [m3] ». No nested quantifier. */
const bracketUnit = /[([]([^()[\]]{1,20})[)\]]\s*$/;

/** A label's key and the unit written in it ('' when none). */
export function splitLabel(label: string): { key: string; unit: string } {
  const text = label.slice(0, 200);
  const match = bracketUnit.exec(text);
  if (!match) return { key: labelKey(text), unit: '' };
  return { key: labelKey(text.slice(0, match.index)), unit: match[1]!.trim() };
}

/** A number followed by its unit: « 12,5 m² », « 1 234.5m3 », « -3 ». */
const valueWithUnit = /^([+\-\u2212]?[\d\s\u00a0\u202f.,']+(?:[eE][+-]?\d+)?)(.*)$/s;

/** A cell's number and the unit written after it (both trimmed); null when it does not begin with a number. */
export function splitValue(text: string): { number: string; unit: string } | null {
  if (text.length > 80) return null;
  const match = valueWithUnit.exec(text.trim());
  if (!match) return null;
  return { number: match[1]!.trim(), unit: match[2]!.trim() };
}

export interface Column {
  index: number;
  /** The unit written in the header's brackets, '' when none. */
  unit: string;
  /** The header as written (for messages). */
  label: string;
}

/**
 * The columns of a header for each field: each field's aliases in order of preference (the first
 * alias present wins), a column serving one field only (fields in the order given).
 */
export function findColumns<Field extends string>(
  header: string[],
  aliases: readonly (readonly [Field, readonly string[]])[],
): Partial<Record<Field, Column>> {
  const labels = header.map((cell) => splitLabel(cell));
  const used = new Set<number>();
  const found: Partial<Record<Field, Column>> = {};
  for (const [field, names] of aliases) {
    for (const name of names) {
      const index = labels.findIndex((label, i) => !used.has(i) && label.key === name);
      if (index >= 0) {
        used.add(index);
        found[field] = { index, unit: labels[index]!.unit, label: header[index]!.trim() };
        break;
      }
    }
  }
  return found;
}

/** A CSV's lines, the header among them, or why the file cannot be read (French). */
export type CsvOutcome = { ok: true; table: ImportTable } | { ok: false; reason: string };

/**
 * More cells than any measure list holds (5 000 measures of a dozen columns is 60 000): counted
 * before parsing, because csv-parse takes seconds on millions of empty cells (5 MB of « ; »: 4 s).
 */
const maxCells = 500_000;

function cellCount(bytes: Uint8Array): number {
  const { text } = decodeText(bytes);
  const separator = detectSeparator(text).charCodeAt(0);
  let count = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === separator) count += 1;
  return count;
}

export function readCsvTable(bytes: Uint8Array): CsvOutcome {
  if (cellCount(bytes) > maxCells) {
    return {
      ok: false,
      reason: 'Le fichier contient trop de cellules pour une liste de mesures (plus de 500 000).',
    };
  }
  const outcome = readCsv(bytes);
  if (outcome.ok) return outcome;
  switch (outcome.key) {
    case 'import_file_empty':
      return { ok: false, reason: "Le fichier ne contient aucune ligne de mesures après l'en-tête." };
    case 'import_too_many_lines':
      return { ok: false, reason: 'Le fichier contient trop de lignes pour être importé.' };
    default:
      return {
        ok: false,
        reason: "Le fichier n'est pas un texte lisible : importez un export GeoJSON ou CSV.",
      };
  }
}

/** The header line and the lines after it: the header may follow a few title lines (« Projet : … »). */
export function locateHeader<T>(
  table: ImportTable,
  classify: (cells: string[]) => T | null,
): { found: T; rows: ImportTable['rows'] } | null {
  const first = classify(table.header);
  if (first !== null) return { found: first, rows: table.rows };
  for (let i = 0; i < Math.min(table.rows.length, 15); i += 1) {
    const found = classify(table.rows[i]!.cells);
    if (found !== null) return { found, rows: table.rows.slice(i + 1) };
  }
  return null;
}

/** A cell's text, trimmed ('' past the end of a short line). */
export const cellAt = (cells: string[], column: Column | undefined) =>
  column === undefined ? '' : (cells[column.index] ?? '').trim();
