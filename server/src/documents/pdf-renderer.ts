/**
 * Invoice PDFs are drawn in worker threads, never on the event loop: pdf-lib and fontkit run
 * synchronously, and one document that took 199 s (a logo declaring 30 000 × 30 000 px) held
 * every company's requests. A small pool of workers takes the loaded document (plain data: the
 * caller loads it in its tenant transaction) and gives back the bytes. Each render is bounded:
 * - in time: past `timeLimitMs` its worker is terminated and the caller gets
 *   DocumentRenderUnavailable (503 `document_unavailable`); a fresh worker takes the next one;
 * - in memory: the worker's V8 heap is capped (`resourceLimits`); over it the worker dies alone
 *   (ERR_WORKER_OUT_OF_MEMORY), the process does not. Array buffers live outside that heap: the
 *   images, the only large ones, are bounded before they get here (documents/logos.ts);
 * - in queue: past `maxQueued` renders waiting, the next is refused at once rather than piling up.
 * This module loads no PDF code: the main thread imports it, the worker (pdf-worker.ts) brings
 * pdf-lib. `servePdfJobs` is the worker's side of the same protocol.
 */
import { EventEmitter } from 'node:events';
import { parentPort, type ResourceLimits, Worker } from 'node:worker_threads';
import type { InvoiceDocument } from './invoice-data.js';

/** The render could not be done in its bounds, or no worker could take it: try again later. */
export class DocumentRenderUnavailable extends Error {
  constructor(
    readonly reason: 'time_limit' | 'worker_failed' | 'queue_full' | 'closed',
    cause?: Error,
  ) {
    super(`The PDF render was not done: ${reason}${cause ? ` (${cause.message})` : ''}`, { cause });
    this.name = 'DocumentRenderUnavailable';
  }
}

export interface PdfRendererOptions {
  /** Workers drawing at once. */
  workers?: number;
  /** How long one render may take in its worker, from the moment the worker gets it. */
  timeLimitMs?: number;
  /** Each worker's V8 heap limits. */
  resourceLimits?: ResourceLimits;
  /** Renders waiting for a worker beyond which a new one is refused. */
  maxQueued?: number;
  /** The worker's module (TypeScript, run through the bootstrap); tests give their own. */
  entry?: URL;
  /** Starts a render's clock and answers how to stop it; tests give one they fire themselves. */
  startTimer?: (ms: number, expire: () => void) => () => void;
}

/** The bounds chosen (docs/decisions.md, « Image bombs »): a 200-line invoice takes 0.2 s of CPU. */
export const pdfRendererDefaults = {
  workers: 2,
  timeLimitMs: 20_000,
  resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
  maxQueued: 32,
} satisfies PdfRendererOptions;

/** `D`: the document a worker draws (an invoice by default; a quote with its own worker entry). */
export interface PdfRenderer<D = InvoiceDocument> {
  /** The PDF of a loaded document; rejects with DocumentRenderUnavailable past its bounds. */
  render(document: D, now?: Date): Promise<Uint8Array>;
  /**
   * `dispatched` (a render handed to a worker, with its job id), `expired` (its time was up),
   * `failed` (its worker died; with the worker's error, e.g. ERR_WORKER_OUT_OF_MEMORY),
   * `startFailed` (a worker died before it was ready: the renders waiting were refused; with its error).
   */
  readonly events: EventEmitter;
  /** Ends every worker; renders waiting or running are refused. */
  close(): Promise<void>;
}

type ToWorker<D = InvoiceDocument> = { type: 'render'; id: number; document: D; now: Date };
type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; bytes: Uint8Array }
  | { type: 'failed'; id: number; message: string };

interface Job<D = InvoiceDocument> {
  id: number;
  document: D;
  now: Date;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
  stopTimer?: () => void;
}

interface Slot<D = InvoiceDocument> {
  worker: Worker;
  /** starting: loading its modules; ending: terminated, its exit not seen yet. */
  state: 'starting' | 'idle' | 'busy' | 'ending';
  job: Job<D> | null;
}

const bootstrap = new URL('./pdf-worker.mjs', import.meta.url);
const defaultEntry = new URL('./pdf-worker.ts', import.meta.url);

const realTimer = (ms: number, expire: () => void) => {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
};

export function createPdfRenderer<D = InvoiceDocument>(options: PdfRendererOptions = {}): PdfRenderer<D> {
  const workers = options.workers ?? pdfRendererDefaults.workers;
  const timeLimitMs = options.timeLimitMs ?? pdfRendererDefaults.timeLimitMs;
  const resourceLimits = options.resourceLimits ?? pdfRendererDefaults.resourceLimits;
  const maxQueued = options.maxQueued ?? pdfRendererDefaults.maxQueued;
  const entry = options.entry ?? defaultEntry;
  const startTimer = options.startTimer ?? realTimer;
  const events = new EventEmitter();
  const slots = new Set<Slot<D>>();
  const queue: Job<D>[] = [];
  let nextId = 1;
  let closed = false;

  function settle(slot: Slot<D>): Job<D> | null {
    const job = slot.job;
    slot.job = null;
    job?.stopTimer?.();
    if (slot.state === 'busy') slot.state = 'idle';
    // An idle worker does not keep the process alive (a script that rendered may end).
    slot.worker.unref();
    return job;
  }

  function spawn() {
    // No inherited flags (an inspector, tsx's own loader): the bootstrap registers TypeScript.
    const worker = new Worker(bootstrap, {
      workerData: { entry: entry.href },
      resourceLimits,
      execArgv: [],
    });
    const slot: Slot<D> = { worker, state: 'starting', job: null };
    slots.add(slot);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        if (slot.state === 'starting') slot.state = 'idle';
        pump();
        if (slot.state === 'idle') worker.unref(); // nothing left for it: it must not hold the process
        return;
      }
      if (slot.job?.id !== message.id) return; // a render already given up
      const job = settle(slot)!;
      if (message.type === 'done') job.resolve(message.bytes);
      else job.reject(new Error(`PDF render failed: ${message.message}`));
      pump();
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), an uncaught error: the worker ends, 'exit' follows.
    let crash: Error | undefined;
    worker.on('error', (error) => {
      crash = error;
    });
    worker.on('exit', () => {
      slots.delete(slot);
      const diedStarting = slot.state === 'starting';
      slot.state = 'ending';
      const job = settle(slot);
      if (job) {
        events.emit('failed', job.id, crash);
        job.reject(new DocumentRenderUnavailable('worker_failed', crash));
      }
      if (diedStarting) {
        // It died before it could take anything: the environment is broken, do not loop on it.
        events.emit('startFailed', crash);
        for (const waiting of queue.splice(0))
          waiting.reject(new DocumentRenderUnavailable('worker_failed', crash));
      }
      pump();
    });
  }

  function dispatch(slot: Slot<D>, job: Job<D>) {
    slot.job = job;
    slot.state = 'busy';
    slot.worker.ref();
    job.stopTimer = startTimer(timeLimitMs, () => {
      if (slot.job !== job) return;
      slot.state = 'ending';
      settle(slot);
      events.emit('expired', job.id);
      job.reject(new DocumentRenderUnavailable('time_limit'));
      void slot.worker.terminate();
    });
    const message: ToWorker<D> = { type: 'render', id: job.id, document: job.document, now: job.now };
    slot.worker.postMessage(message);
    events.emit('dispatched', job.id);
  }

  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.state === 'idle') dispatch(slot, queue.shift()!);
    }
    // A worker for each render still waiting, up to the pool's size (an ending one still counts).
    const starting = [...slots].filter((slot) => slot.state === 'starting').length;
    for (let i = starting; i < queue.length && slots.size < workers; i++) spawn();
  }

  return {
    events,
    render(document, now = new Date()) {
      if (closed) return Promise.reject(new DocumentRenderUnavailable('closed'));
      if (queue.length >= maxQueued) return Promise.reject(new DocumentRenderUnavailable('queue_full'));
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push({ id: nextId++, document, now, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new DocumentRenderUnavailable('closed'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: PdfRenderer | undefined;

/** The process's renderer, made on the first render (its workers start with the first document). */
export const sharedPdfRenderer = (): PdfRenderer => (shared ??= createPdfRenderer());

/**
 * The worker's side: answers each render with the bytes (transferred, not copied) or the error's
 * message, then says it is ready once its imports are loaded.
 */
export function servePdfJobs<D = InvoiceDocument>(render: (document: D, now: Date) => Promise<Uint8Array>) {
  const port = parentPort;
  if (!port) throw new Error('servePdfJobs runs in a worker thread');
  port.on('message', async (message: ToWorker<D>) => {
    try {
      const bytes = await render(message.document, message.now);
      // The buffer is moved when the bytes are all of it (never a slice of a shared pool).
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const transfer = whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
      port.postMessage({ type: 'done', id: message.id, bytes } satisfies FromWorker, transfer);
    } catch (error) {
      port.postMessage({ type: 'failed', id: message.id, message: String(error) } satisfies FromWorker);
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromWorker);
}
