import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, addToast, clearToasts, dismissToast, MAX_TOASTS, toastTone } from './toastStore';

describe('$toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('shows the types message, success, info, alert, error as info, success, warning, error, error', () => {
    expect(toastTone).toEqual({
      message: 'info',
      success: 'success',
      info: 'warning',
      alert: 'error',
      error: 'error',
    });
  });

  it('dismisses after 10000 ms, then removes after the 300 ms exit animation', () => {
    addToast('Enregistré', { type: 'success' });
    vi.advanceTimersByTime(9999);
    expect($toasts.get()[0]?.show).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]?.show).toBe(false);
    vi.advanceTimersByTime(299);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('honours a custom duration, and 0 keeps the toast until closed', () => {
    addToast('court', { duration: 500 });
    const kept = addToast('reste', { duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get().map((toast) => toast.content)).toEqual(['reste']);
    dismissToast(kept);
    vi.advanceTimersByTime(300);
    expect($toasts.get()).toHaveLength(0);
  });

  it('puts a new toast on top, or replaces all others with the single option', () => {
    addToast('premier');
    addToast('deuxième');
    expect($toasts.get().map((toast) => toast.content)).toEqual(['deuxième', 'premier']);
    addToast('seul', { single: true, type: 'error' });
    expect($toasts.get()).toMatchObject([{ content: 'seul', type: 'error', show: true }]);
    // The replaced toasts' timers are gone too: nothing else changes later.
    vi.advanceTimersByTime(9999);
    expect($toasts.get()).toHaveLength(1);
  });

  it('replaces a toast of the same sentence instead of stacking it, its timer with it', () => {
    addToast('Enregistré', { type: 'success' });
    vi.advanceTimersByTime(5000);
    addToast('autre');
    const again = addToast('Enregistré', { type: 'success' });
    expect($toasts.get().map((toast) => toast.content)).toEqual(['Enregistré', 'autre']);
    // The first one's timer is gone: at 10 s from the first, the new one still shows.
    vi.advanceTimersByTime(5000);
    expect($toasts.get().find((toast) => toast.id === again)?.show).toBe(true);
  });

  it('shows at most three toasts: a fourth pushes the oldest out', () => {
    addToast('un');
    addToast('deux');
    addToast('trois');
    addToast('quatre', { duration: 0 });
    expect(MAX_TOASTS).toBe(3);
    expect($toasts.get().map((toast) => toast.content)).toEqual(['quatre', 'trois', 'deux']);
    vi.advanceTimersByTime(10_300);
    expect($toasts.get().map((toast) => toast.content)).toEqual(['quatre']);
  });

  it('ignores a second close, or the close of a toast already gone', () => {
    const id = addToast('une fois');
    dismissToast(id);
    dismissToast(id);
    vi.advanceTimersByTime(300);
    expect($toasts.get()).toHaveLength(0);
    expect(() => dismissToast(999)).not.toThrow();
  });

  it('defaults to the message type and closes on user action with the same animation', () => {
    const id = addToast('info');
    expect($toasts.get()[0]).toMatchObject({ id, type: 'message', duration: 10000 });
    dismissToast(id);
    expect($toasts.get()[0]?.show).toBe(false);
    vi.advanceTimersByTime(300);
    expect($toasts.get()).toHaveLength(0);
  });
});
