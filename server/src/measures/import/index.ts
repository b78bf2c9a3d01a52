/**
 * A measuring application's export file → measures (issue 23, « Mes applications », file import).
 * Pure: no database, no I/O. The file's kind is read from its bytes, never from its name (the name
 * only makes a refusal clearer: « un fichier DXF… »). Three formats:
 *   - `pix4d-geojson`: PIX4Dcloud / PIX4Dmatic annotations in GeoJSON (pix4d-geojson.ts);
 *   - `pix4d-csv`: PIX4Dcloud annotations in CSV (pix4d-csv.ts);
 *   - `sema-csv`: a SEMA quantity list (liste de matériaux) saved as CSV (sema-csv.ts).
 * Never throws: a file that cannot be imported whole is refused with French reasons naming the line
 * or the feature, and nothing of it is kept (the route stores nothing but the refusal's event).
 * Rules and sources: docs/decisions.md « Mes applications : fichiers importés ».
 */
import { formatCount } from '../../../../src/contract/format.js';
import { type ApplicationType, type MeasureInput, measureRules } from '../../../../src/contract/measures.js';
import { decodeText } from '../../library/import-file.js';
import { Collector } from './collect.js';
import { locateHeader, readCsvTable } from './columns.js';
import { pix4dCsvFormat, pix4dCsvHeader, readPix4dCsv } from './pix4d-csv.js';
import { isGeojson, pix4dGeojsonFormat, readPix4dGeojson } from './pix4d-geojson.js';
import { readSemaCsv, semaCsvFormat, semaCsvHeader } from './sema-csv.js';

export const measureFileFormats = [pix4dGeojsonFormat, pix4dCsvFormat, semaCsvFormat] as const;
export type MeasureFileFormat = (typeof measureFileFormats)[number];

/** The formats as the group's page and its events name them. */
export const measureFileFormatLabels: Record<MeasureFileFormat, string> = {
  'pix4d-geojson': 'Pix4D GeoJSON',
  'pix4d-csv': 'Pix4D CSV',
  'sema-csv': 'SEMA CSV (liste de matériaux)',
};

const applicationOf: Record<MeasureFileFormat, ApplicationType> = {
  'pix4d-geojson': 'pix4d',
  'pix4d-csv': 'pix4d',
  'sema-csv': 'sema',
};

export type MeasureFileOutcome =
  | {
      ok: true;
      format: MeasureFileFormat;
      measures: MeasureInput[];
      /** What was read but not kept (a geometry too large, total lines skipped): shown, never refusing. */
      warnings: string[];
    }
  | { ok: false; reasons: string[] };

const refused = (...reasons: string[]): MeasureFileOutcome => ({ ok: false, reasons });

const expected: Record<ApplicationType, string> = {
  pix4d: 'un export des annotations Pix4D en GeoJSON ou en CSV',
  sema: 'une liste de matériaux SEMA enregistrée en CSV (colonnes Désignation, Quantité et Unité)',
};

const wrongApplication = (format: MeasureFileFormat): string =>
  applicationOf[format] === 'pix4d'
    ? `Ce fichier est un export Pix4D (${measureFileFormatLabels[format]}) : importez-le dans un groupe de mesures Pix4D.`
    : 'Ce fichier est une liste de quantités SEMA : importez-le dans un groupe de mesures SEMA.';

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** Files the tools also export, that this import does not read: a sentence that says what to do instead. */
function unsupported(bytes: Uint8Array, fileName: string, text: string | null, application: ApplicationType) {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const instead = `importez ${expected[application]}`;
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return extension === 'xlsx' || extension === 'xlsm'
      ? `Les classeurs Excel ne sont pas lus : enregistrez la liste au format « CSV (séparateur : point-virgule) », puis importez ce fichier.`
      : `Les archives ZIP (Shapefile…) ne sont pas lues : ${instead}.`;
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return `Les PDF ne sont pas lus : ${instead}.`;
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    return 'Les classeurs Excel 97-2003 (.xls) ne sont pas lus : enregistrez la liste au format « CSV (séparateur : point-virgule) ».';
  }
  if (text === null) return null;
  const start = text.trimStart().slice(0, 200);
  if (extension === 'dxf' || /^0\s*\r?\n\s*SECTION/.test(start))
    return `Les fichiers DXF ne sont pas lus : ${instead}.`;
  if (extension === 'shp' || extension === 'dbf') return `Les Shapefiles ne sont pas lus : ${instead}.`;
  if (start.startsWith('<')) return `Les fichiers XML (LandXML, KML…) ne sont pas lus : ${instead}.`;
  return null;
}

/** « position 1234 » in a JSON.parse message → where in the text (null when the message has none). */
const jsonErrorPosition = (message: string): number | null => {
  const position = /position (\d+)/.exec(message);
  return position ? Number(position[1]) : null;
};

/** A position in the text → its line (1: the first). */
function lineAt(text: string, position: number): number {
  const at = Math.min(position, text.length);
  let line = 1;
  for (let i = 0; i < at; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function readJson(text: string): { ok: true; doc: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, doc: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const position = jsonErrorPosition(message);
    // The parser stopped at the end of the text (« Unexpected end of JSON input », or an error at its
    // last character): the file was cut (a download interrupted), not written wrong.
    if (/end of JSON input/i.test(message) || (position !== null && position >= text.trimEnd().length)) {
      return {
        ok: false,
        reason: "Le fichier JSON est tronqué : il s'arrête avant la fin (exportez-le à nouveau).",
      };
    }
    return {
      ok: false,
      reason: `Le fichier JSON est mal formé${position === null ? '' : ` (ligne ${lineAt(text, position)})`} : exportez-le à nouveau.`,
    };
  }
}

function outcome(
  format: MeasureFileFormat,
  application: ApplicationType,
  out: Collector,
): MeasureFileOutcome {
  if (applicationOf[format] !== application) return refused(wrongApplication(format));
  if (out.tooMany) {
    return refused(
      `Le fichier contient plus de ${formatCount(measureRules.maxMeasuresPerGroup)} mesures, le maximum d'un groupe : découpez-le en plusieurs groupes.`,
    );
  }
  if (out.reasons.length > 0) return refused(...out.allReasons());
  if (out.measures.length === 0) {
    return refused(
      'Le fichier ne contient aucune mesure (longueur, surface, volume ou quantité) à importer.',
    );
  }
  return { ok: true, format, measures: out.measures, warnings: out.warnings };
}

/**
 * The measures of an export file, or why it is refused. `application`: the group's; a file of the
 * other application is refused (« importez-le dans un groupe … »). Never throws.
 */
export function parseMeasureFile(
  bytes: Uint8Array,
  fileName: string,
  application: ApplicationType,
): MeasureFileOutcome {
  try {
    return parse(bytes, fileName, application);
  } catch {
    // Nothing above throws on any input (tested); this only keeps a 500 away if a future change does.
    return refused("Le fichier n'a pas pu être lu : exportez-le à nouveau.");
  }
}

function parse(bytes: Uint8Array, fileName: string, application: ApplicationType): MeasureFileOutcome {
  if (bytes.byteLength > measureRules.maxFileBytes) {
    return refused(
      `Le fichier dépasse ${measureRules.maxFileBytes / 1024 / 1024} Mo, la taille maximale d'un import.`,
    );
  }
  const binary = unsupported(bytes, fileName, null, application);
  if (binary) return refused(binary);
  const { text } = decodeText(bytes);
  if (text.trim() === '') return refused('Le fichier est vide.');
  const other = unsupported(bytes, fileName, text, application);
  if (other) return refused(other);

  const out = new Collector();
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    const json = readJson(text);
    if (!json.ok) return refused(json.reason);
    if (!isGeojson(json.doc)) {
      return refused(
        `Ce fichier JSON n'est pas un GeoJSON (« FeatureCollection » attendue) : ${application === 'pix4d' ? 'exportez les annotations Pix4D au format GeoJSON' : `importez ${expected.sema}`}.`,
      );
    }
    if (application !== 'pix4d') return refused(wrongApplication(pix4dGeojsonFormat));
    readPix4dGeojson(json.doc, out);
    return outcome(pix4dGeojsonFormat, application, out);
  }

  const table = readCsvTable(bytes);
  if (!table.ok) return refused(table.reason);
  const sema = locateHeader(table.table, semaCsvHeader);
  if (sema) {
    if (application !== 'sema') return refused(wrongApplication(semaCsvFormat));
    readSemaCsv(sema.found, sema.rows, out);
    return outcome(semaCsvFormat, application, out);
  }
  const pix4d = locateHeader(table.table, pix4dCsvHeader);
  if (pix4d) {
    if (application !== 'pix4d') return refused(wrongApplication(pix4dCsvFormat));
    readPix4dCsv(pix4d.found, pix4d.rows, out);
    return outcome(pix4dCsvFormat, application, out);
  }
  return refused(
    application === 'pix4d'
      ? 'En-tête non reconnu : un export CSV des annotations Pix4D commence par les colonnes Type, Name, puis Length, Area, Cut, Fill ou Volume difference.'
      : "En-tête non reconnu : la liste SEMA doit avoir une colonne Désignation, une colonne Quantité et une colonne Unité (ou l'unité dans le titre : « Quantité (m³) »).",
  );
}
