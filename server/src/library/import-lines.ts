/**
 * One line of a price list, read through the column mapping: the item it describes, or what is
 * wrong with it, in French (the dialog shows each line's errors). Pure: no database.
 *
 * A cell of a text column (code, designation, unit, family) beginning with = + - or @ is a formula
 * to a spreadsheet: the line is refused, not imported neutralised (docs/decisions.md « Price list
 * imports »): a price list has no reason to hold one, and an item's text must print as the supplier
 * wrote it, without a quote added in front.
 */
import { parseFrenchDecimal } from '../../../src/contract/format.js';
import { libraryRules } from '../../../src/contract/library.js';
import {
  type ImportField,
  type ImportMapping,
  importFieldLabels,
} from '../../../src/contract/libraryImport.js';

export interface ImportLine {
  line: number;
  code: string;
  designation: string;
  /** null: no unit column (an update keeps the item's unit). */
  unit: string | null;
  priceCents: number;
  /** null: no family column or an empty cell (an update keeps the item's family). */
  family: string | null;
}

export interface LineError {
  line: number;
  /** The field the error is about, when it is one. */
  field?: ImportField;
  message: string;
}

export type ReadLine = { ok: true; item: ImportLine } | { ok: false; errors: LineError[] };

const formulaStart = /^[=+\-@]/;

const maxLength: Record<Exclude<ImportField, 'price'>, number> = {
  code: libraryRules.codeMax,
  designation: libraryRules.designationMax,
  unit: libraryRules.unitMax,
  family: libraryRules.familyNameMax,
};

/** Spaces and the currency a price may be written with: « 12,50 € », « 12.50 EUR », « 1 234,5 ». */
const currency = /\s*(€|eur|euros?)\s*$/i;

/**
 * A price as a supplier writes it → integer cents: French or English decimals through the formats
 * module, up to 4 decimals (a screw at 0,0345 €) rounded half up to the cent; null when it does not
 * read as a number.
 */
export function parsePriceCents(text: string): number | null {
  const tenThousandths = parseFrenchDecimal(text.replace(currency, ''), 4);
  if (tenThousandths === null) return null;
  const magnitude = Math.floor((Math.abs(tenThousandths) + 50) / 100);
  return tenThousandths < 0 ? -magnitude : magnitude;
}

/** The line's item, or every error it has. */
export function readLine(line: number, cells: readonly string[], mapping: ImportMapping): ReadLine {
  const errors: LineError[] = [];
  const cell = (field: ImportField) => {
    const column = mapping[field];
    return column === null ? null : (cells[column] ?? '').trim();
  };
  const text = (field: Exclude<ImportField, 'price'>): string | null => {
    const value = cell(field);
    if (value === null) return null;
    const label = importFieldLabels[field];
    if (formulaStart.test(value)) {
      errors.push({
        line,
        field,
        message: `La cellule ${label} commence par « ${value[0]} » : une formule n'est pas importée (retirez ce caractère).`,
      });
    } else if (value.length > maxLength[field]) {
      errors.push({ line, field, message: `${label} trop long : ${maxLength[field]} caractères au plus.` });
    }
    return value;
  };
  const code = text('code') ?? '';
  const designation = text('designation') ?? '';
  const unit = text('unit');
  const family = text('family');
  if (code === '') {
    errors.push({
      line,
      field: 'code',
      message: "Code manquant : il sert à retrouver l'article lors d'un prochain import.",
    });
  }
  if (designation === '') errors.push({ line, field: 'designation', message: 'Désignation manquante.' });
  const priceText = cell('price') ?? '';
  const priceCents = priceText === '' ? null : parsePriceCents(priceText);
  if (priceText === '') errors.push({ line, field: 'price', message: 'Prix manquant.' });
  else if (priceCents === null) {
    errors.push({
      line,
      field: 'price',
      message: `Prix « ${priceText.slice(0, 40)} » illisible : écrivez un nombre, par exemple 12,50.`,
    });
  } else if (priceCents < 0) {
    errors.push({ line, field: 'price', message: 'Le prix ne peut pas être négatif.' });
  } else if (priceCents > libraryRules.maxUnitCostCents) {
    errors.push({ line, field: 'price', message: 'Prix trop élevé : 10 000 000,00 € au plus.' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    item: { line, code, designation, unit, priceCents: priceCents!, family: family ? family : null },
  };
}
