/**
 * A measure file imported into a group (issue 23): the group's own application's export, read by
 * H2's parsers (import/index.ts), then its measures applied in one transaction (apply.ts) with an
 * `imported` event. A file refused for any reason (too large, unreadable, a wrong measure, too many
 * for the group) stores nothing but an `import_refused` event saying why.
 *
 * The parse is synchronous: it is bounded by the file's size (measureRules.maxFileBytes, 5 Mo,
 * checked before a byte is read), and measured in test/measure-import.test.ts.
 */
import { formatCount } from '../../../src/contract/format.js';
import { measureRules } from '../../../src/contract/measures.js';
import type { Database } from '../db/database.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { applyMeasures, listed } from './apply.js';
import { loadGroupDetail, lockGroup, type MeasureGroupDetailView } from './groups.js';
import { parseInWorker } from './parse-pool.js';
import { appendMeasureEvent } from './usage.js';

/** Reasons an answer and an event list: the first ones (a broken file may have thousands). */
export const listedReasonsMax = 50;

export interface ImportedFile {
  format: string;
  read: number;
  added: number;
  changed: number;
  warnings: string[];
  group: MeasureGroupDetailView;
}

export type ImportRefusal = {
  key: 'measure_import_refused' | 'measure_file_too_large';
  reasons: string[];
};

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export const tooLargeReason = (size: number) =>
  `Le fichier fait ${megabytes(size)} : la limite est de ${megabytes(measureRules.maxFileBytes)}. Exportez moins de mesures à la fois.`;

export const unknownSizeTooLargeReason = `Le fichier dépasse la limite de ${megabytes(measureRules.maxFileBytes)}. Exportez moins de mesures à la fois.`;

/** Writes the refusal's event (its own transaction: nothing else of the file is kept). */
export async function recordRefusal(
  db: Database,
  companyId: number,
  userId: number,
  groupId: number,
  file: { fileName: string; size: number },
  refusal: ImportRefusal,
): Promise<ImportRefusal> {
  const reasons = refusal.reasons.slice(0, listedReasonsMax);
  const omitted = refusal.reasons.length - reasons.length;
  await db.withTenant(companyId, (tx) =>
    appendMeasureEvent(tx, {
      companyId,
      groupId,
      kind: 'import_refused',
      userId,
      source: 'import',
      detail: { fileName: file.fileName, size: file.size, reasons, ...(omitted > 0 ? { omitted } : {}) },
    }),
  );
  return { key: refusal.key, reasons };
}

/**
 * Reads `bytes` as an export of the group's application and applies it. `not_found`: not a group of
 * the company (nothing written). A refusal: its event written, the reasons answered.
 */
export async function importMeasureFile(
  db: Database,
  companyId: number,
  userId: number,
  groupId: number,
  file: { bytes: Uint8Array; fileName: string },
): Promise<Outcome<ImportedFile, 'not_found'> | { ok: false; key: 'refused'; refusal: ImportRefusal }> {
  const { bytes, fileName } = file;
  const described = { fileName, size: bytes.byteLength };
  const refuse = async (refusal: ImportRefusal) => ({
    ok: false as const,
    key: 'refused' as const,
    refusal: await recordRefusal(db, companyId, userId, groupId, described, refusal),
  });
  const application = await db.withTenant(
    companyId,
    async (tx) => (await lockGroup(tx, companyId, groupId))?.application,
  );
  if (!application) return fail('not_found');
  if (bytes.byteLength > measureRules.maxFileBytes)
    return refuse({ key: 'measure_file_too_large', reasons: [tooLargeReason(bytes.byteLength)] });
  const parsed = await parseInWorker(bytes, fileName, application);
  if (!parsed.ok) return refuse({ key: 'measure_import_refused', reasons: parsed.reasons });
  const actor = { userId, source: 'import' as const };
  const outcome = await db.withTenant(companyId, async (tx) => {
    const applied = await applyMeasures(
      tx,
      companyId,
      groupId,
      actor,
      { measures: parsed.measures, matchByName: true },
      { events: false },
    );
    if (!applied.ok) return applied;
    const { added, changed, changedList } = applied.value;
    await appendMeasureEvent(tx, {
      companyId,
      groupId,
      kind: 'imported',
      ...actor,
      detail: { ...described, format: parsed.format, count: parsed.measures.length, added, changed },
    });
    // The values a file changed, before and after (a quote using them shows the change).
    if (changedList.length > 0)
      await appendMeasureEvent(tx, {
        companyId,
        groupId,
        kind: 'measures_changed',
        ...actor,
        detail: listed(changedList),
      });
    return done({ added, changed, group: (await loadGroupDetail(tx, companyId, groupId))! });
  });
  if (!outcome.ok) {
    if (outcome.key === 'not_found') return fail('not_found');
    return refuse({
      key: 'measure_import_refused',
      reasons: [
        `Le groupe compterait plus de ${formatCount(measureRules.maxMeasuresPerGroup)} mesures avec ce fichier : importez-le dans un nouveau groupe.`,
      ],
    });
  }
  return done({
    format: parsed.format,
    read: parsed.measures.length,
    added: outcome.value.added,
    changed: outcome.value.changed,
    warnings: parsed.warnings,
    group: outcome.value.group,
  });
}
