/**
 * A supplier's price list as rows of text (issue 22, « Imports »): the file's kind is read from its
 * bytes, never from its name. An XLSX workbook (a ZIP) is read by read-excel-file (its first sheet);
 * anything else is text, decoded (UTF-8 with or without BOM, UTF-16 with BOM as Excel's « texte
 * Unicode », else Windows-1252, Excel's « CSV (séparateur : point-virgule) » on a French Windows)
 * and split by csv-parse on the separator its header line uses most (; tab or ,).
 * Limits: importRules (src/contract/libraryImport.ts); a refusal is a stable key.
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { importRules } from '../../../src/contract/libraryImport.js';

export type ImportFormat = 'csv' | 'xlsx';
export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type ImportSeparator = ';' | ',' | '\t';

export interface ImportTable {
  format: ImportFormat;
  /** How the text was decoded (a CSV); null for a workbook. */
  encoding: ImportEncoding | null;
  separator: ImportSeparator | null;
  /** The header line's cells (the first line that is not empty). */
  header: string[];
  /** The lines after the header, each with its line number in the file (1: the first line). */
  rows: { line: number; cells: string[] }[];
}

export type FileRefusal =
  | 'import_file_too_large'
  | 'import_file_unreadable'
  | 'import_file_empty'
  | 'import_too_many_lines';

export type TableOutcome = { ok: true; table: ImportTable } | { ok: false; key: FileRefusal };

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, i) => bytes[i] === byte);
const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * Windows-1252's characters at 0x80–0x9F (« € », « œ », « ' », « … »: where it differs from
 * Latin-1). Decoded here: Node 20's TextDecoder('windows-1252') reads those bytes as Latin-1's
 * control characters (0x9C gave U+009C, not « œ »). Unassigned bytes stay as they are.
 */
const windows1252High =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

export const decodeWindows1252 = (bytes: Uint8Array): string =>
  new TextDecoder('latin1')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (char) => windows1252High[char.charCodeAt(0) - 0x80]!);

/**
 * The text of a CSV: a BOM says its encoding; else strict UTF-8, and bytes that are not UTF-8 are
 * Windows-1252 (every byte decodes: what Excel writes on a French Windows, « é » as 0xE9).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (startsWith(bytes, [0xff, 0xfe]))
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (startsWith(bytes, [0xfe, 0xff]))
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Control characters that no text file holds (NUL, and the C0 controls but tab, line feed, form
 * feed, carriage return, the old DOS end of file and escape): a binary file (a PDF, an image, an .xls) is not a CSV.
 */
const allowedControls = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1a, 0x1b]);
const isBinary = (text: string) => {
  for (let i = 0; i < Math.min(text.length, 64 * 1024); i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && !allowedControls.has(code)) return true;
  }
  return false;
};

/** The separator the header line uses most, outside quotes; ties: ; then tab then , (French Excel). */
export function detectSeparator(text: string): ImportSeparator {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (counts[';'] + counts['\t'] + counts[','] > 0) break;
    } else if (!quoted && char in counts) counts[char as ImportSeparator] += 1;
  }
  const order: ImportSeparator[] = [';', '\t', ','];
  return order.reduce((best, s) => (counts[s] > counts[best] ? s : best), ';');
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // A number cell keeps what a person reads: 12.5, not 12.499999999999998 (Excel's own 15 digits).
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  }
  return String(value);
};

const isEmpty = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The header and the rows after it, empty lines skipped, at most importRules.maxLines rows. */
function toTable(lines: unknown[][], base: Omit<ImportTable, 'header' | 'rows'>): TableOutcome {
  let header: string[] | null = null;
  const rows: ImportTable['rows'] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const cells = lines[index]!.map(cellText);
    if (isEmpty(cells)) continue;
    if (header === null) {
      header = cells.map((cell) => cell.trim());
      continue;
    }
    if (rows.length === importRules.maxLines) return { ok: false, key: 'import_too_many_lines' };
    rows.push({ line: index + 1, cells });
  }
  if (header === null || rows.length === 0) return { ok: false, key: 'import_file_empty' };
  return { ok: true, table: { ...base, header, rows } };
}

async function readWorkbook(bytes: Uint8Array): Promise<TableOutcome> {
  let data: unknown[][];
  try {
    // The first sheet; a formula cell reads as the value Excel computed and saved with it.
    data = (await readSheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) as unknown[][];
  } catch {
    return { ok: false, key: 'import_file_unreadable' };
  }
  return toTable(data, { format: 'xlsx', encoding: null, separator: null });
}

/** A CSV's rows (synchronous: no workbook). Also read by the measure import (server/src/measures/import). */
export function readCsv(bytes: Uint8Array): TableOutcome {
  const { text, encoding } = decodeText(bytes);
  if (isBinary(text)) return { ok: false, key: 'import_file_unreadable' };
  const separator = detectSeparator(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    return { ok: false, key: 'import_file_unreadable' };
  }
  return toTable(records, { format: 'csv', encoding, separator });
}

/** A file's rows, or why it cannot be read. */
export async function readImportFile(bytes: Uint8Array): Promise<TableOutcome> {
  if (bytes.byteLength > importRules.maxBytes) return { ok: false, key: 'import_file_too_large' };
  if (bytes.byteLength === 0) return { ok: false, key: 'import_file_empty' };
  if (startsWith(bytes, zipSignature)) return readWorkbook(bytes);
  return readCsv(bytes);
}
