import { afterEach, describe, expect, it } from 'vitest';
import { listenToToastEvents } from './toastEvents';
import { $toasts, clearToasts } from './toastStore';

describe('bo-toast events', () => {
  afterEach(() => clearToasts());

  it('turn a page’s event into a toast, and ignore one without content', () => {
    const stop = listenToToastEvents(document);
    document.dispatchEvent(
      new CustomEvent('bo-toast', { detail: { content: 'Facture envoyée', type: 'success' } }),
    );
    document.dispatchEvent(new CustomEvent('bo-toast', { detail: { type: 'error' } }));
    expect($toasts.get()).toMatchObject([{ content: 'Facture envoyée', type: 'success' }]);
    stop();
    document.dispatchEvent(new CustomEvent('bo-toast', { detail: { content: 'ignoré' } }));
    expect($toasts.get()).toHaveLength(1);
  });
});
