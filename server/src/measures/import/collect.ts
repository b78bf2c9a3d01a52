/**
 * What every format's reader hands over (issue 23, file import): measures found with where they were
 * found (« Ligne 12 », « Objet 3 « Toiture » »), the reasons to refuse the file, and warnings that do
 * not refuse it. Each measure is validated here with the contract's `measureInputSchema`, so that
 * the import stores exactly what the connector API would accept. Bounded: at most
 * `measureRules.maxMeasuresPerGroup` measures (one more and the file is refused at once) and
 * `maxReasons` sentences (a file with 10 000 bad lines answers 50 of them and a count).
 */
import { type MeasureInput, measureInputSchema, measureRules } from '../../../../src/contract/measures.js';

export const maxReasons = 50;

/** A measure before validation: what the file said. */
export interface DraftMeasure {
  /** The file's id for the measure; null when it has none (the import then matches by name). */
  externalId: string | null;
  name: string;
  kind: string;
  valueMilli: number;
  unit: string;
  note: string | null;
  geometry?: unknown;
}

/** Cells that begin like a spreadsheet formula (OWASP « CSV injection »), refused as the library import does. */
const formulaStart = /^[=+\-@]/;

const issueText = (field: string, code: string): string => {
  if (field === 'name') {
    return code === 'too_long'
      ? `nom trop long (plus de ${measureRules.nameMax} caractères)`
      : 'nom manquant';
  }
  if (field === 'note' && code === 'too_long')
    return `note trop longue (plus de ${measureRules.noteMax} caractères)`;
  if (field === 'externalId' && code === 'too_long') {
    return `identifiant trop long (plus de ${measureRules.externalIdMax} caractères)`;
  }
  if (field === 'valueMilli') return "valeur hors limites (plus de 1 000 000 000 d'unités)";
  if (field === 'unit') return 'unité incompatible avec le type de mesure';
  return 'mesure invalide';
};

export class Collector {
  readonly measures: MeasureInput[] = [];
  readonly reasons: string[] = [];
  readonly warnings: string[] = [];
  /** Reasons beyond `maxReasons`, counted. */
  private hidden = 0;
  /** Measures met so far, valid or not. */
  private seen = 0;
  /** The file holds more measures than a group: refused, the reader stops. */
  tooMany = false;
  /** Keys already met (externalId when the measure has one, else its name), lower case → where. */
  private readonly keys = new Map<string, string>();

  /** `where`: « Ligne 12 », « Objet 3 « Toiture » ». */
  refuse(where: string, text: string) {
    if (this.reasons.length < maxReasons) this.reasons.push(`${where} : ${text}.`);
    else this.hidden += 1;
  }

  warn(text: string) {
    if (this.warnings.length < maxReasons) this.warnings.push(text);
  }

  /** Validates and keeps a measure; false when the reader should stop (too many measures). */
  add(where: string, draft: DraftMeasure): boolean {
    if (this.seen >= measureRules.maxMeasuresPerGroup) {
      this.tooMany = true;
      return false;
    }
    this.seen += 1;
    for (const [field, label] of [
      ['name', 'le nom'],
      ['externalId', "l'identifiant"],
      ['note', 'la note'],
    ] as const) {
      const value = draft[field];
      if (typeof value === 'string' && formulaStart.test(value.trim())) {
        this.refuse(
          where,
          `${label} commence par « ${value.trim()[0]} » : une formule n'est pas importée (retirez ce caractère)`,
        );
        return true;
      }
    }
    const parsed = measureInputSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.refuse(where, issueText(String(issue?.path[0] ?? ''), String(issue?.message ?? '')));
      return true;
    }
    const measure = parsed.data;
    // The import upserts by the file's id, else by name: two measures on one key would overwrite each other.
    const key = measure.externalId
      ? `id:${measure.externalId.toLowerCase()}`
      : `name:${measure.name.toLowerCase()}`;
    const first = this.keys.get(key);
    if (first !== undefined) {
      this.refuse(
        where,
        measure.externalId
          ? `identifiant « ${measure.externalId} » déjà utilisé (${first})`
          : `« ${measure.name} » figure déjà (${first}) ; sans identifiant, deux mesures ne peuvent pas porter le même nom`,
      );
      return true;
    }
    this.keys.set(key, `${where[0]?.toLowerCase() ?? ''}${where.slice(1)}`);
    this.measures.push(measure);
    return true;
  }

  /** The reasons, and how many more there were. */
  allReasons(): string[] {
    return this.hidden > 0 ? [...this.reasons, `… et ${this.hidden} autres erreurs.`] : this.reasons;
  }
}

/** Text of a cell or property, trimmed; '' for anything that is not a string or a number. */
export const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : '';
