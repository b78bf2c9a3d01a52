/**
 * CSV as French Excel opens it: `;` between cells, UTF-8 with a byte order mark, decimal comma,
 * dates dd/MM/yyyy (src/contract/format.ts writes the numbers and days), CRLF after each record. d3-dsv writes each record (it quotes a cell holding `;`,
 * a quote or a line break, and doubles its quotes); it writes 200 000 journal records in about a
 * sixth of csv-stringify's time (bench/results.md), which was most of an export's CPU. Every cell
 * goes through `neutraliseCell`: the one place where formula injection is made impossible.
 */
import { dsvFormat } from 'd3-dsv';

// The one rule against formula injection, shared with the screens' own CSV (src/contract/csv.ts).
import { neutraliseCell } from '../../../src/contract/csv.js';

export { neutraliseCell };

const BOM = '\uFEFF';

const frenchCsv = dsvFormat(';');

/**
 * One record as CSV text: every cell neutralised, written by d3-dsv, then CRLF (d3-dsv's own
 * `formatRows` ends records with a bare LF, which is why the record delimiter is added here).
 */
export function csvRecord(record: readonly string[]): string {
  return `${frenchCsv.formatRow(record.map(neutraliseCell))}\r\n`;
}

/** Records as CSV text (no BOM). */
export function csvRecords(records: Iterable<readonly string[]>): string {
  let text = '';
  for (const record of records) text += csvRecord(record);
  return text;
}

/** About 64 KiB of text per chunk written: few writes, and little text waiting at a time. */
export const CHUNK_CHARS = 1 << 16;

type Records = Iterable<readonly string[]>;

/**
 * The whole file: the BOM and the header first, then the records of each page (pages streamed
 * from the database, or a list of the few records already made), in chunks of about CHUNK_CHARS.
 */
export async function* csvChunks(
  header: readonly string[],
  pages: AsyncIterable<Records> | Iterable<Records>,
): AsyncGenerator<string> {
  yield BOM + csvRecords([header]);
  for await (const records of pages) {
    let text = '';
    for (const record of records) {
      text += csvRecord(record);
      if (text.length >= CHUNK_CHARS) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
}

/**
 * A byte stream that asks for the next chunk only when the reader wants more: memory stays flat
 * however long the export (one page of rows at a time).
 */
export function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
