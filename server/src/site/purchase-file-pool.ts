/**
 * Where a supplier file is read: in a worker of the process's pool (purchase-file-worker.ts),
 * never on the event loop (pdf-lib parses a 10 Mo PDF and xmlbuilder2 a 5 Mo XML synchronously).
 * The PDF renderers' pool gives the bounds, as for the measure files (measures/parse-pool.ts): one
 * worker, a time limit, a capped heap and a short queue; past them the read is refused with
 * `null` (the route answers 503 document_unavailable: try again).
 */
import { createPdfRenderer, type PdfRenderer } from '../documents/pdf-renderer.js';
import type { PurchaseFileOutcome } from './purchase-file.js';

let shared: PdfRenderer<{ bytes: Uint8Array }> | undefined;

const pool = () =>
  (shared ??= createPdfRenderer<{ bytes: Uint8Array }>({
    entry: new URL('./purchase-file-worker.ts', import.meta.url),
    workers: 1,
    timeLimitMs: 20_000,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    maxQueued: 8,
  }));

/** The file's outcome, from a worker; null when the pool could not take or finish it. */
export async function readPurchaseFileInWorker(bytes: Uint8Array): Promise<PurchaseFileOutcome | null> {
  try {
    const answer = await pool().render({ bytes });
    return JSON.parse(new TextDecoder().decode(answer)) as PurchaseFileOutcome;
  } catch {
    return null;
  }
}
