/** The supplier files' read in a worker thread (purchase-file-pool.ts, through documents/pdf-worker.mjs). */
import { servePdfJobs } from '../documents/pdf-renderer.js';
import { readPurchaseFile } from './purchase-file.js';

servePdfJobs<{ bytes: Uint8Array }>(async (job) =>
  new TextEncoder().encode(JSON.stringify(await readPurchaseFile(job.bytes))),
);
