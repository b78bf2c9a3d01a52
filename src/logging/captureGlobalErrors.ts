import { logger } from './logger';

let installed = false;

/** Logs uncaught errors and unhandled promise rejections of the page, once per page. */
export function captureGlobalErrors(target: Window = window): void {
  if (installed) return;
  installed = true;
  target.addEventListener('error', (event) => {
    logger.error(event.message || 'Uncaught error', {
      error: event.error,
      labels: { kind: 'uncaught', source: event.filename, line: event.lineno, column: event.colno },
    });
  });
  target.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    logger.error(reason instanceof Error ? reason.message : 'Unhandled promise rejection', {
      error: reason,
      labels: { kind: 'unhandledrejection' },
    });
  });
}

/** Lets tests install the listeners again on a fresh window. */
export function resetGlobalErrorCapture(): void {
  installed = false;
}
