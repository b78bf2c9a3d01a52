/**
 * A quote PDF worker thread (quote-document.ts `sharedQuotePdfRenderer`, through pdf-worker.mjs):
 * the invoices' protocol and bounds (pdf-renderer.ts), drawing quotes.
 */
import { servePdfJobs } from './pdf-renderer.js';
import { type QuoteDocument, quotePdfOf } from './quote-document.js';

servePdfJobs<QuoteDocument>(quotePdfOf);
