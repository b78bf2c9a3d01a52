// A PDF worker's bootstrap (documents/pdf-renderer.ts): the server runs TypeScript through tsx,
// in production (npm start), in the bench and under vitest alike; a worker thread starts without
// any loader, so it registers tsx's own before importing its TypeScript entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
