/**
 * The item sheet's form (issue 22): what the user types (texts, French decimals) read into the
 * contract's item (src/contract/library.ts), checked by the contract's own schema, so the sheet
 * refuses exactly what the server refuses. Money in cents, the loss in basis points, quantities in
 * thousandths.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { LibraryItem, LibraryItemWrite } from '../../../api/library';
import { formatDecimal, parseFrenchDecimal } from '../../../contract/format';
import {
  type LibraryItemData,
  type LibraryKind,
  libraryItemInputSchema,
  normalisedLibraryItem,
} from '../../../contract/library';
import type { PricedItem } from '../../../contract/pricing';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';

/** One component of a work as the sheet shows it (the quantity as typed). */
export interface ComponentRow {
  itemId: number;
  /** French decimal, up to 3 places. */
  quantity: string;
  kind: LibraryKind;
  code: string;
  designation: string;
  unit: string;
}

export interface ItemFormValues {
  kind: LibraryKind;
  code: string;
  designation: string;
  unit: string;
  /** A family's id, '' for none. */
  familyId: string;
  /** Money as typed: purchase price, equipment cost, labour's own hourly cost ('' for the company's). */
  unitCost: string;
  supplier: string;
  /** A VAT rate's id, '' for none. */
  vatRateId: string;
  /** Percent as typed ('' for 0). */
  loss: string;
  /** Money as typed, '' for the price the costs' rule computes. */
  fixedSalePrice: string;
  components: ComponentRow[];
}

/** The form's fields in screen order: the first refused one takes the focus. */
export const itemFormFields = [
  'code',
  'designation',
  'unit',
  'familyId',
  'unitCost',
  'supplier',
  'loss',
  'vatRateId',
  'fixedSalePrice',
  'components',
] as const;

/** The API's field → the form's. */
const formFieldOf: Record<string, keyof ItemFormValues> = {
  unitCostCents: 'unitCost',
  lossBasisPoints: 'loss',
  fixedSalePriceCents: 'fixedSalePrice',
};

export const toFormField = (name: string): string => formFieldOf[name] ?? name;

const readMoney = (text: string): number | null =>
  text.trim() === '' ? null : (parseFrenchDecimal(text.replace(/€\s*$/, '').trim(), 2) ?? Number.NaN);
const readOptional = (text: string, scale: number): number =>
  text.trim() === '' ? 0 : (parseFrenchDecimal(text.trim(), scale) ?? Number.NaN);
const readId = (text: string): number | null => (text === '' ? null : Number(text));

/** A quantity as typed → thousandths (NaN when it does not read: the contract says `number`). */
export const readQuantityMilli = (text: string): number => {
  const value = parseFrenchDecimal(text.trim(), 3);
  return value === null || text.trim() === '' ? Number.NaN : value;
};

/** What is typed as the contract's item (kind rules applied), before its checks. */
export function formToItem(values: ItemFormValues): LibraryItemData {
  return normalisedLibraryItem({
    kind: values.kind,
    code: values.code,
    designation: values.designation,
    unit: values.unit,
    familyId: readId(values.familyId),
    unitCostCents: readMoney(values.unitCost),
    supplier: values.supplier,
    vatRateId: readId(values.vatRateId),
    lossBasisPoints: readOptional(values.loss, 2),
    fixedSalePriceCents: readMoney(values.fixedSalePrice),
    components: values.components.map((row) => ({
      itemId: row.itemId,
      quantityMilli: readQuantityMilli(row.quantity),
    })),
  });
}

/** What is typed as the pricing rule reads it (for the live figures), or null while it does not read. */
export function formToPriced(values: ItemFormValues, id: number): PricedItem | null {
  const item = formToItem(values);
  const numbers = [item.unitCostCents ?? 0, item.lossBasisPoints, item.fixedSalePriceCents ?? 0];
  if (numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null;
  return {
    id,
    kind: item.kind,
    unitCostCents: item.unitCostCents,
    lossBasisPoints: item.lossBasisPoints,
    fixedSalePriceCents: item.fixedSalePriceCents,
    // A row whose quantity does not read yet counts for nothing.
    components: item.components.filter(
      (row) => Number.isSafeInteger(row.quantityMilli) && row.quantityMilli > 0,
    ),
  };
}

/** The contract's codes become the French sentences under each field (a row's under its quantity). */
export const itemFormResolver: Resolver<ItemFormValues, unknown, LibraryItemWrite> = async (values) => {
  const result = libraryItemInputSchema.safeParse(formToItem(values));
  if (result.success) return { values: result.data as LibraryItemWrite, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const [head, index, leaf] = issue.path.map(String);
    const message = fieldCodeMessage(issue.message);
    if (head === 'components' && index !== undefined && leaf !== undefined) {
      errors.components ??= [];
      const rows = errors.components as Record<string, unknown>[];
      rows[Number(index)] ??= {};
      (rows[Number(index)] as Record<string, unknown>).quantity ??= { type: 'validation', message };
      continue;
    }
    const name = toFormField(head ?? '');
    errors[name] ??= { type: 'validation', message };
  }
  return { values: {}, errors: errors as FieldErrors<ItemFormValues> };
};

const moneyText = (cents: number | null) =>
  cents === null ? '' : formatDecimal(cents, 2, { grouping: false, decimals: 2 });

/** A new item's empty form. */
export function newItemForm(kind: LibraryKind, familyId: number | null): ItemFormValues {
  return {
    kind,
    code: '',
    designation: '',
    unit: kind === 'labour' ? 'h' : '',
    familyId: familyId === null ? '' : String(familyId),
    unitCost: '',
    supplier: '',
    vatRateId: '',
    loss: '',
    fixedSalePrice: '',
    components: [],
  };
}

/** A component as its row shows it, from an item of the library. */
export function componentRow(
  item: Pick<LibraryItem, 'kind' | 'code' | 'designation' | 'unit'> & { itemId: number },
  quantityMilli = 1000,
): ComponentRow {
  return {
    itemId: item.itemId,
    quantity: formatDecimal(quantityMilli, 3, { grouping: false }),
    kind: item.kind,
    code: item.code,
    designation: item.designation,
    unit: item.unit,
  };
}

/** The stored item in the sheet's form. */
export function itemToForm(item: LibraryItem): ItemFormValues {
  return {
    kind: item.kind,
    code: item.code,
    designation: item.designation,
    unit: item.unit,
    familyId: item.familyId === null ? '' : String(item.familyId),
    unitCost: moneyText(item.unitCostCents),
    supplier: item.supplier,
    vatRateId: item.vatRateId === null ? '' : String(item.vatRateId),
    loss: item.lossBasisPoints === 0 ? '' : formatDecimal(item.lossBasisPoints, 2, { grouping: false }),
    fixedSalePrice: moneyText(item.fixedSalePriceCents),
    components: item.components.map((component) => componentRow(component, component.quantityMilli)),
  };
}

/** Only what differs from the stored item (the whole composition when any part of it changed). */
export function changedItemFields(
  item: LibraryItem,
  input: LibraryItemWrite,
): Partial<Omit<LibraryItemWrite, 'kind'>> {
  const changes: Record<string, unknown> = {};
  const { kind: _kind, components, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) {
    if (item[name as keyof LibraryItem] !== value) changes[name] = value;
  }
  const stored = item.components.map(({ itemId, quantityMilli }) => `${itemId}:${quantityMilli}`).join(',');
  const typed = components.map(({ itemId, quantityMilli }) => `${itemId}:${quantityMilli}`).join(',');
  if (item.kind === 'work' && stored !== typed) changes.components = components;
  return changes as Partial<Omit<LibraryItemWrite, 'kind'>>;
}
