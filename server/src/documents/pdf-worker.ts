/**
 * A PDF worker thread (started by pdf-renderer.ts through pdf-worker.mjs): draws each document it
 * is given, as the route and the mail did on the main thread before. Its heap is capped and it is
 * terminated past the time limit: whatever a document makes pdf-lib do, it happens here.
 */
import { invoicePdfOf } from './invoice-document.js';
import { servePdfJobs } from './pdf-renderer.js';

servePdfJobs(invoicePdfOf);
