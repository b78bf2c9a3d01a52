/**
 * CSV as French Excel opens it, for what the screens download themselves (the reporting's tables):
 * `;` between cells, UTF-8 with a byte order mark, CRLF after each record, amounts written by
 * format.ts. Every cell goes through `neutraliseCell`, the one rule against formula injection, which
 * the server's streamed exports (server/src/exports/csv.ts) apply too.
 */

/** A plain French number (what format.ts's `formatCsvAmount` writes): read as a number, never a formula. */
const plainNumber = /^-?\d+(,\d+)?$/;

/**
 * A cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return could run as a formula
 * (CSV injection): it gets a leading apostrophe, which spreadsheets show as text. So do their
 * full-width forms (＝ ＋ － ＠), which Apple Numbers reads as the plain ones (as csv-stringify's own
 * `escape_formulas` knows). Plain numbers are left as they are, so that negative amounts stay numbers.
 */
export function neutraliseCell(cell: string): string {
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) && !plainNumber.test(cell) ? `'${cell}` : cell;
}

/** A cell quoted when it holds `;`, a quote or a line break (its quotes doubled), as d3-dsv writes it. */
const quoted = (cell: string) => (/[;"\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The whole file: BOM, header, records; every cell neutralised then quoted if it must be. */
export function csvText(header: readonly string[], records: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...records].map((record) => `${record.map((cell) => quoted(neutraliseCell(cell))).join(';')}\r\n`).join('')}`;
}
