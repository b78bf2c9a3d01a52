import { addToast, type ToastOptions } from './toastStore';

export const TOAST_EVENT = 'bo-toast';

export interface ToastEventDetail extends ToastOptions {
  content: string;
}

/**
 * Lets a page without a module system push a toast:
 * `document.dispatchEvent(new CustomEvent('bo-toast', {detail: {content: '…', type: 'success'}}))`.
 */
export function listenToToastEvents(target: EventTarget = document): () => void {
  const onToast = (event: Event) => {
    const detail = (event as CustomEvent<Partial<ToastEventDetail>>).detail;
    if (typeof detail?.content !== 'string' || !detail.content) return;
    const { content, ...options } = detail;
    addToast(content, options);
  };
  target.addEventListener(TOAST_EVENT, onToast);
  return () => target.removeEventListener(TOAST_EVENT, onToast);
}
