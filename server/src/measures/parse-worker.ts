/**
 * The measure files' parse in a worker thread (parse-pool.ts, through documents/pdf-worker.mjs):
 * H2's parsers are synchronous, and a 5 Mo file takes more than a second of CPU, which on the
 * event loop would hold every company's requests. The PDF renderers' protocol and bounds carry it:
 * the answer is the outcome as JSON bytes.
 */
import type { ApplicationType } from '../../../src/contract/measures.js';
import { servePdfJobs } from '../documents/pdf-renderer.js';
import { parseMeasureFile } from './import/index.js';

servePdfJobs<{ bytes: Uint8Array; fileName: string; application: ApplicationType }>(async (job) =>
  new TextEncoder().encode(JSON.stringify(parseMeasureFile(job.bytes, job.fileName, job.application))),
);
