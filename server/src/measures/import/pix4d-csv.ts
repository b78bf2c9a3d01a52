/**
 * PIX4Dcloud's annotation export in CSV: one line per annotation, the columns of every type side by
 * side (Type, Name, Length, Perimeter, Area, Creation date, Volume difference, Cut, Fill, and the
 * markers' coordinates), a type's unused columns empty. Recognised by its header: a « Type » and a
 * « Name » column and at least one of Length, Area, Cut, Fill or Volume difference (a unit may
 * follow in brackets: « Area (m²) »).
 */
import type { ImportTable } from '../../library/import-file.js';
import type { Collector } from './collect.js';
import { splitLabel } from './columns.js';
import { addPix4dRecord, pix4dFields, type RawValue } from './pix4d.js';

export const pix4dCsvFormat = 'pix4d-csv';

const valueKeys = [
  ...pix4dFields.length,
  ...pix4dFields.area,
  ...pix4dFields.cut,
  ...pix4dFields.fill,
  ...pix4dFields.net,
];

/** The header's labels (key and unit per column) when it is a Pix4D annotation export's, else null. */
export function pix4dCsvHeader(cells: string[]): { key: string; unit: string }[] | null {
  const labels = cells.map((cell) => splitLabel(cell));
  const has = (keys: readonly string[]) => labels.some((label) => keys.includes(label.key));
  return has(pix4dFields.type) && has(pix4dFields.name) && has(valueKeys) ? labels : null;
}

/** Reads the lines after the header into `out`. */
export function readPix4dCsv(
  labels: { key: string; unit: string }[],
  rows: ImportTable['rows'],
  out: Collector,
) {
  for (const row of rows) {
    const fields = new Map<string, RawValue>();
    labels.forEach((label, index) => {
      if (label.key && !fields.has(label.key))
        fields.set(label.key, { raw: row.cells[index] ?? '', unit: label.unit });
    });
    const keepGoing = addPix4dRecord(
      { where: `Ligne ${row.line}`, fields, id: '', geometryType: '', geometry: undefined, fileUnit: '' },
      out,
    );
    if (!keepGoing) return;
  }
}
