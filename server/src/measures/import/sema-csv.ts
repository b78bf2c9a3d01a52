/**
 * A SEMA quantity list (« liste de matériaux », « Materialliste » with its « Aufmaß ») saved as CSV:
 * one line per material or piece with its designation, quantity and unit, and optionally its mark
 * (repère / Pos.), a group, a section and a remark. SEMA publishes no file specification: the columns
 * are recognised by their usual French and German titles (docs/decisions.md « Mes applications :
 * fichiers importés » says what was found and what is assumed). Lines without a quantity are
 * headings (they name the group of the lines that follow); « Total », « Sous-total », « Summe »
 * lines are skipped, so that a quantity is never counted twice.
 */
import { unitOfKind } from '../../../../src/contract/measures.js';
import type { ImportTable } from '../../library/import-file.js';
import type { Collector } from './collect.js';
import { type Column, cellAt, findColumns, labelKey } from './columns.js';
import { negativeText, parseDecimalMilli, quantityText, readUnit } from './numbers.js';

export const semaCsvFormat = 'sema-csv';

type SemaField = 'id' | 'name' | 'quantity' | 'unit' | 'note' | 'section' | 'group';

const semaAliases: readonly (readonly [SemaField, readonly string[]])[] = [
  [
    'quantity',
    [
      'quantite',
      'qte',
      'quantitetotale',
      'quantity',
      'qty',
      'menge',
      'gesamtmenge',
      'anzahl',
      'nombre',
      'nb',
      'stuckzahl',
    ],
  ],
  ['unit', ['unite', 'unit', 'einheit', 'me', 'u', 'unites']],
  [
    'name',
    [
      'designation',
      'bezeichnung',
      'libelle',
      'benennung',
      'article',
      'artikel',
      'materiau',
      'material',
      'description',
      'nom',
      'name',
      'text',
    ],
  ],
  [
    'id',
    [
      'repere',
      'rep',
      'pos',
      'position',
      'posnr',
      'positionsnummer',
      'no',
      'numero',
      'num',
      'ref',
      'reference',
      'code',
      'artnr',
      'artikelnummer',
      'id',
    ],
  ],
  [
    'note',
    [
      'remarque',
      'remarques',
      'observation',
      'observations',
      'commentaire',
      'commentaires',
      'note',
      'notes',
      'bemerkung',
      'bemerkungen',
      'hinweis',
    ],
  ],
  [
    'section',
    ['section', 'querschnitt', 'dimensions', 'dimension', 'abmessung', 'abmessungen', 'bxh', 'format'],
  ],
  ['group', ['groupe', 'element', 'bauteil', 'composant', 'lot', 'gruppe', 'baugruppe', 'ouvrage']],
];

export type SemaColumns = Partial<Record<SemaField, Column>>;

/** The columns when the header is a quantity list's (a designation, a quantity and a unit), else null. */
export function semaCsvHeader(cells: string[]): SemaColumns | null {
  const columns = findColumns(cells, semaAliases);
  return columns.name && columns.quantity && (columns.unit || columns.quantity.unit) ? columns : null;
}

/** « Total », « Sous-total », « Somme », « Summe », « Zwischensumme », « Gesamt… »: a sum of lines above. */
const totalKeys = ['total', 'soustotal', 'somme', 'summe', 'zwischensumme', 'gesamt'];
const isTotal = (name: string) => {
  const key = labelKey(name);
  return totalKeys.some((total) => key.startsWith(total));
};

/** Reads the lines after the header into `out`. */
export function readSemaCsv(columns: SemaColumns, rows: ImportTable['rows'], out: Collector) {
  let heading = '';
  let totals = 0;
  for (const { line, cells } of rows) {
    const where = `Ligne ${line}`;
    const name = cellAt(cells, columns.name);
    const quantity = cellAt(cells, columns.quantity);
    const unit = cellAt(cells, columns.unit) || columns.quantity?.unit || '';
    const title = cells.find((cell) => cell.trim() !== '')?.trim() ?? '';
    if (quantity === '') {
      if (cellAt(cells, columns.unit) === '') {
        // A heading (« Charpente », « Couverture »), in whichever column: it names the group of the
        // lines that follow. A total without a quantity is nothing.
        if (!isTotal(title)) heading = title;
        continue;
      }
      out.refuse(where, 'quantité manquante');
      continue;
    }
    // A total's title may stand in any column (Excel lists often put it under the mark).
    if (isTotal(title)) {
      totals += 1;
      continue;
    }
    if (name === '') {
      out.refuse(where, 'désignation manquante');
      continue;
    }
    if (unit === '') {
      out.refuse(where, 'unité manquante');
      continue;
    }
    const reading = readUnit(unit);
    if (!reading) {
      out.refuse(where, `unité inconnue « ${unit.slice(0, 20)} »`);
      continue;
    }
    const parsed = parseDecimalMilli(quantity, reading.shift);
    if (!parsed.ok) {
      out.refuse(
        where,
        parsed.why === 'too_large'
          ? `quantité « ${quantity.slice(0, 40)} » hors limites`
          : `quantité « ${quantity.slice(0, 40)} » illisible (écrivez un nombre, par exemple 12,5)`,
      );
      continue;
    }
    if (parsed.milli < 0) {
      out.refuse(where, `${negativeText(reading.kind)} (${quantityText(parsed.milli, reading.kind)})`);
      continue;
    }
    const section = cellAt(cells, columns.section);
    const sectionText = section
      ? `section ${section}${columns.section?.unit ? ` ${columns.section.unit}` : ''}`
      : '';
    const note = [cellAt(cells, columns.group) || heading, sectionText, cellAt(cells, columns.note)]
      .filter((part) => part !== '')
      .join(' — ');
    const id = cellAt(cells, columns.id);
    const keepGoing = out.add(where, {
      externalId: id || null,
      name,
      kind: reading.kind,
      valueMilli: parsed.milli,
      unit: unitOfKind[reading.kind],
      note: note || null,
    });
    if (!keepGoing) return;
  }
  if (totals > 0) {
    out.warn(
      `${totals} ligne${totals > 1 ? 's' : ''} de total ignorée${totals > 1 ? 's' : ''} : seules les lignes de détail sont importées.`,
    );
  }
}
