/**
 * PIX4Dcloud's (and PIX4Dmatic's) annotation export in GeoJSON (RFC 7946): a FeatureCollection whose
 * features carry the annotation's properties (name, description, type, length, area, volumes, in the
 * account's units) and its geometry in WGS84 (longitude, latitude, elevation). Each feature is one
 * measure (a volume: two, cut and fill); its geometry is kept as received, up to
 * `measureRules.maxGeometryBytes` serialised (beyond: the value is imported, the geometry is not,
 * and a warning says so).
 */
import { measureRules } from '../../../../src/contract/measures.js';
import type { Collector } from './collect.js';
import { textOf } from './collect.js';
import { splitLabel } from './columns.js';
import { addPix4dRecord, pix4dFields, type RawValue } from './pix4d.js';

export const pix4dGeojsonFormat = 'pix4d-geojson';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A GeoJSON document: a FeatureCollection, or a single Feature. */
export const isGeojson = (doc: unknown): doc is Record<string, unknown> =>
  isObject(doc) &&
  ((doc.type === 'FeatureCollection' && Array.isArray(doc.features)) || doc.type === 'Feature');

const geometryTypes = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

const encoder = new TextEncoder();

/** The geometry to keep: a GeoJSON geometry no larger than maxGeometryBytes, else undefined and a warning. */
function keptGeometry(geometry: unknown, where: string, out: Collector): unknown {
  if (geometry === null || geometry === undefined) return undefined;
  if (!isObject(geometry) || typeof geometry.type !== 'string' || !geometryTypes.has(geometry.type)) {
    out.warn(`${where} : géométrie non reconnue, non conservée (la valeur est importée).`);
    return undefined;
  }
  let text: string;
  try {
    text = JSON.stringify(geometry);
  } catch {
    // A geometry nested beyond the stack's depth: not one any tool writes.
    out.warn(`${where} : géométrie non reconnue, non conservée (la valeur est importée).`);
    return undefined;
  }
  if (
    text.length > measureRules.maxGeometryBytes ||
    encoder.encode(text).length > measureRules.maxGeometryBytes
  ) {
    out.warn(`${where} : géométrie de plus de 64 Kio, non conservée (la valeur est importée).`);
    return undefined;
  }
  return geometry;
}

/** A unit system written on the collection itself (not in RFC 7946, but some exports add one). */
function fileUnitOf(doc: Record<string, unknown>): string {
  for (const [label, value] of Object.entries(doc)) {
    if ((pix4dFields.unit as readonly string[]).includes(splitLabel(label).key)) return textOf(value);
  }
  return '';
}

/** Reads the features into `out`. */
export function readPix4dGeojson(doc: Record<string, unknown>, out: Collector): void {
  const features = doc.type === 'Feature' ? [doc] : (doc.features as unknown[]);
  const fileUnit = fileUnitOf(doc);
  for (let i = 0; i < features.length; i += 1) {
    const where = `Objet ${i + 1}`;
    const feature = features[i];
    if (!isObject(feature) || feature.type !== 'Feature') {
      out.refuse(where, "ce n'est pas un objet GeoJSON (« Feature » attendu)");
      continue;
    }
    const fields = new Map<string, RawValue>();
    if (isObject(feature.properties)) {
      for (const [label, raw] of Object.entries(feature.properties)) {
        const { key, unit } = splitLabel(label);
        if (!fields.has(key)) fields.set(key, { raw, unit });
      }
    }
    const geometry = feature.geometry;
    const named = textOf(fields.get('name')?.raw ?? fields.get('nom')?.raw);
    const full = named ? `${where} « ${named.slice(0, 60)} »` : where;
    const keepGoing = addPix4dRecord(
      {
        where,
        fields,
        id: typeof feature.id === 'string' || typeof feature.id === 'number' ? String(feature.id).trim() : '',
        geometryType: isObject(geometry) && typeof geometry.type === 'string' ? geometry.type : '',
        geometry: keptGeometry(geometry, full, out),
        fileUnit,
      },
      out,
    );
    if (!keepGoing) return;
  }
}
