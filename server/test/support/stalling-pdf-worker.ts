/**
 * A PDF worker for the renderer's bounds tests (test/pdf-renderer.test.ts): it draws documents as
 * the real one does (pdf-worker.ts), except two on purpose, chosen by the invoice's comment:
 * « stall » never ends (a render past any time limit), « hog » fills its heap past its limit.
 */
import { invoicePdfOf } from '../../src/documents/invoice-document.js';
import { servePdfJobs } from '../../src/documents/pdf-renderer.js';

servePdfJobs(async (document, now) => {
  if (document.comment === 'stall') while (document.comment === 'stall') Math.random();
  if (document.comment === 'hog') {
    const held: number[][] = [];
    while (document.comment === 'hog') held.push(new Array(100_000).fill(held.length));
  }
  return invoicePdfOf(document, now);
});
