/**
 * Where a measure file is parsed: in a worker of the process's pool (parse-worker.ts), never on
 * the event loop (a 5 Mo CSV takes 1 to 1.5 s of CPU on the two-core demo machine: measured in
 * test/measure-groups.test.ts). The PDF renderers' pool gives the bounds: one worker, a time
 * limit, a capped heap and a short queue; past them the file is refused with a reason to try again.
 */
import type { ApplicationType } from '../../../src/contract/measures.js';
import { createPdfRenderer, type PdfRenderer } from '../documents/pdf-renderer.js';
import type { MeasureFileOutcome } from './import/index.js';

type ParseJob = { bytes: Uint8Array; fileName: string; application: ApplicationType };

let shared: PdfRenderer<ParseJob> | undefined;

const pool = () =>
  (shared ??= createPdfRenderer<ParseJob>({
    entry: new URL('./parse-worker.ts', import.meta.url),
    workers: 1,
    timeLimitMs: 20_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    maxQueued: 8,
  }));

export const parseUnavailableReason =
  "Le fichier n'a pas pu être lu pour l'instant (le serveur est occupé) : réessayez dans un instant.";

/** The parse's outcome, from a worker; a refusal when the pool could not take or finish it. */
export async function parseInWorker(
  bytes: Uint8Array,
  fileName: string,
  application: ApplicationType,
): Promise<MeasureFileOutcome> {
  try {
    const answer = await pool().render({ bytes, fileName, application });
    return JSON.parse(new TextDecoder().decode(answer)) as MeasureFileOutcome;
  } catch {
    return { ok: false, reasons: [parseUnavailableReason] };
  }
}
