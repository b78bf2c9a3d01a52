/**
 * One Pix4D annotation → measures, whichever file it came from (GeoJSON feature or CSV line).
 * PIX4Dcloud's export (support.pix4d.com, « How to export/import annotations on PIX4Dcloud »): lines
 * have a Length, polygons a Perimeter and an Area, volumes an Area, a « Volume difference », a Cut
 * and a Fill; markers and inspections are positions, not quantities (skipped). The rules (3D before
 * 2D, cut and fill as two measures, metric only) are in docs/decisions.md « Mes applications :
 * fichiers importés ».
 */
import type { MeasureKind } from '../../../../src/contract/measures.js';
import { unitOfKind } from '../../../../src/contract/measures.js';
import type { Collector, DraftMeasure } from './collect.js';
import { textOf } from './collect.js';
import { splitValue } from './columns.js';
import {
  kindNoun,
  negativeText,
  numberText,
  parseDecimalMilli,
  quantityText,
  readUnit,
  readUnitSystem,
} from './numbers.js';

/** Field keys (labelKey) in order of preference: a 3D value before a 2D one (a roof is priced on its slope). */
export const pix4dFields = {
  name: ['name', 'nom', 'title', 'label', 'bezeichnung'],
  id: ['id', 'uuid', 'annotationid'],
  note: ['description', 'desc', 'note', 'notes', 'remarque', 'comment', 'commentaire'],
  type: ['type', 'annotationtype', 'kind', 'typ'],
  unit: ['unit', 'units', 'unite', 'unites', 'unitsystem', 'measurementunit'],
  length: [
    'length3d',
    '3dlength',
    'longueur3d',
    'length',
    'longueur',
    'distance',
    'lange',
    'length2d',
    '2dlength',
    'longueur2d',
  ],
  area: [
    'area3d',
    '3darea',
    'surface3d',
    'surfacearea',
    'area',
    'surface',
    'aire',
    'superficie',
    'flache',
    'area2d',
    '2darea',
    'surface2d',
    'projectedarea',
  ],
  cut: ['cut', 'cutvolume', 'volumecut', 'deblai', 'deblais', 'abtrag'],
  fill: ['fill', 'fillvolume', 'volumefill', 'remblai', 'remblais', 'auftrag'],
  net: [
    'volumedifference',
    'netvolume',
    'volumenet',
    'volume',
    'totalvolume',
    'total',
    'net',
    'differencedevolume',
  ],
} as const;

const typeKinds = new Map<string, MeasureKind | 'skip'>();
for (const name of [
  'line',
  'lines',
  'polyline',
  'polylines',
  'distance',
  'linestring',
  'ligne',
  'polyligne',
]) {
  typeKinds.set(name, 'length');
}
for (const name of ['polygon', 'polygons', 'polygone', 'area', 'surface', 'circle', 'cercle'])
  typeKinds.set(name, 'area');
for (const name of ['volume', 'volumes', 'stockpile']) typeKinds.set(name, 'volume');
for (const name of ['marker', 'markers', 'marqueur', 'point', 'points', 'inspection', 'inspections']) {
  typeKinds.set(name, 'skip');
}

/** A value as found: a JSON number or string, or a CSV cell; `unit` from its label's brackets. */
export interface RawValue {
  raw: unknown;
  unit: string;
}

/** One annotation, as either reader found it. Field keys are `labelKey`s. */
export interface Pix4dRecord {
  /** « Ligne 4 », « Objet 2 » (the name is added here). */
  where: string;
  fields: Map<string, RawValue>;
  /** The annotation's id (a GeoJSON feature's `id`), when the file has one. */
  id: string;
  /** The geometry type (GeoJSON), '' for a CSV line. */
  geometryType: string;
  geometry: unknown;
  /** A unit system written for the whole file (GeoJSON), '' when none. */
  fileUnit: string;
}

const pick = (fields: Map<string, RawValue>, keys: readonly string[]) => {
  for (const key of keys) {
    const value = fields.get(key);
    if (value !== undefined && textOf(value.raw) !== '') return value;
  }
  return undefined;
};

type ValueOutcome = { ok: true; milli: number } | { ok: false; reason: string };

/**
 * A value of `kind`: its number, and its unit from the value itself (« 12.5 m² »), else its label's
 * brackets, else the record's unit system (metres). A unit of another kind is refused.
 */
function readValue(value: RawValue, kind: MeasureKind): ValueOutcome {
  const text = typeof value.raw === 'number' ? numberText(value.raw) : textOf(value.raw);
  const split = splitValue(text);
  if (!split) return { ok: false, reason: `valeur « ${text.slice(0, 40)} » illisible` };
  const unit = split.unit || value.unit;
  let shift = 0;
  if (unit) {
    const reading = readUnit(unit);
    if (!reading) return { ok: false, reason: `unité inconnue « ${unit.slice(0, 20)} »` };
    if (reading.kind !== kind) {
      return {
        ok: false,
        reason: `unité « ${unit} » impossible pour ${kindNoun[kind]} (${unitOfKind[kind]} attendu)`,
      };
    }
    shift = reading.shift;
  }
  const parsed = parseDecimalMilli(split.number, shift);
  if (!parsed.ok) {
    return {
      ok: false,
      reason:
        parsed.why === 'too_large'
          ? `valeur « ${split.number} » hors limites`
          : `valeur « ${text.slice(0, 40)} » illisible`,
    };
  }
  return { ok: true, milli: parsed.milli };
}

const missing: Record<MeasureKind, string> = {
  length: 'longueur manquante',
  area: 'surface manquante',
  volume: 'volume manquant (ni « Cut », ni « Fill », ni « Volume difference »)',
  count: 'nombre manquant',
};

/** The kind of an annotation: its type, else its geometry, else the values it carries. */
function kindOf(record: Pix4dRecord, typeText: string): MeasureKind | 'skip' | null {
  const typed = typeKinds.get(typeText.replace(/[^a-z]/g, ''));
  if (typed) return typed;
  const has = (keys: readonly string[]) => pick(record.fields, keys) !== undefined;
  if (has(pix4dFields.cut) || has(pix4dFields.fill) || has(pix4dFields.net)) return 'volume';
  if (has(pix4dFields.area)) return 'area';
  if (has(pix4dFields.length)) return 'length';
  if (record.geometryType === 'Point' || record.geometryType === 'MultiPoint') return 'skip';
  return null;
}

/** Adds an annotation's measures to `out` (none for a marker); false when `out` is full. */
export function addPix4dRecord(record: Pix4dRecord, out: Collector): boolean {
  const name = textOf(pick(record.fields, pix4dFields.name)?.raw);
  const where = name ? `${record.where} « ${name.slice(0, 60)} »` : record.where;
  const typeValue = textOf(pick(record.fields, pix4dFields.type)?.raw);
  const kind = kindOf(record, typeValue.toLowerCase());
  if (kind === 'skip') return true;
  if (kind === null) {
    out.refuse(
      where,
      typeValue
        ? `type « ${typeValue.slice(0, 30)} » inconnu et aucune longueur, surface ou volume`
        : 'ni longueur, ni surface, ni volume',
    );
    return true;
  }
  const systemText = textOf(pick(record.fields, pix4dFields.unit)?.raw) || record.fileUnit;
  if (systemText) {
    const system = readUnitSystem(systemText) ?? (readUnit(systemText) ? 'm' : null);
    if (system === 'imperial') {
      out.refuse(
        where,
        `unités impériales (« ${systemText.slice(0, 20)} ») : exportez les mesures en système métrique`,
      );
      return true;
    }
    if (system === null) {
      out.refuse(where, `unité inconnue « ${systemText.slice(0, 20)} »`);
      return true;
    }
  }
  const base: Omit<DraftMeasure, 'externalId' | 'name' | 'kind' | 'valueMilli' | 'unit'> = {
    note: textOf(pick(record.fields, pix4dFields.note)?.raw) || null,
    geometry: record.geometry,
  };
  const id = record.id || textOf(pick(record.fields, pix4dFields.id)?.raw);
  const measureName = name || record.where;
  if (kind !== 'volume') {
    const value = pick(record.fields, kind === 'area' ? pix4dFields.area : pix4dFields.length);
    if (!value) {
      out.refuse(where, missing[kind]);
      return true;
    }
    const read = readValue(value, kind);
    if (!read.ok) out.refuse(where, read.reason);
    else if (read.milli < 0) out.refuse(where, `${negativeText(kind)} (${quantityText(read.milli, kind)})`);
    else {
      return out.add(where, {
        ...base,
        externalId: id || null,
        name: measureName,
        kind,
        valueMilli: read.milli,
        unit: unitOfKind[kind],
      });
    }
    return true;
  }
  // A volume: its cut (material above the base: a stockpile, a cut to dig) and its fill (below the
  // base: to fill) are two quantities a quote prices apart (déblai / remblai). Pix4D writes the fill
  // negative (PIX4Dmapper: « Total = Cut + Fill »): its magnitude is the quantity.
  const cut = pick(record.fields, pix4dFields.cut);
  const fill = pick(record.fields, pix4dFields.fill);
  const parts: [RawValue, string, string, boolean][] = [];
  if (cut) parts.push([cut, 'déblai', 'deblai', false]);
  if (fill) parts.push([fill, 'remblai', 'remblai', true]);
  if (parts.length === 0) {
    const net = pick(record.fields, pix4dFields.net);
    if (!net) {
      out.refuse(where, missing.volume);
      return true;
    }
    parts.push([net, '', '', false]);
  }
  const measures: DraftMeasure[] = [];
  for (const [value, label, suffix, magnitude] of parts) {
    const read = readValue(value, 'volume');
    if (!read.ok) {
      out.refuse(where, read.reason);
      return true;
    }
    if (read.milli < 0 && !magnitude) {
      out.refuse(
        where,
        `${negativeText('volume')}${label ? ` en ${label}` : ''} (${quantityText(read.milli, 'volume')})`,
      );
      return true;
    }
    measures.push({
      ...base,
      externalId: id ? (suffix ? `${id}:${suffix}` : id) : null,
      name: label ? `${measureName} (${label})` : measureName,
      kind: 'volume',
      valueMilli: Math.abs(read.milli),
      unit: unitOfKind.volume,
    });
  }
  for (const measure of measures) if (!out.add(where, measure)) return false;
  return true;
}
