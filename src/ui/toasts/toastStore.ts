import { atom } from 'nanostores';
import { TOAST_DEFAULT_DURATION_MS, TOAST_EXIT_ANIMATION_MS } from '../../config/constants';

/** What a caller asks for (spec section 4, "Toast types"). */
export type ToastType = 'message' | 'success' | 'info' | 'alert' | 'error';
/** How it looks. */
export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export const toastTone: Record<ToastType, ToastTone> = {
  message: 'info',
  success: 'success',
  info: 'warning',
  alert: 'error',
  error: 'error',
};

/** A toast notification item (spec section 3). */
export interface Toast {
  id: number;
  content: string;
  type: ToastType;
  duration: number;
  /** False while the exit animation runs. */
  show: boolean;
}

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds before it dismisses itself; 0 keeps it until the user closes it. */
  duration?: number;
  /** Replace every other toast instead of stacking on top of them. */
  single?: boolean;
}

/** Toasts on screen, newest first. Any element of the page can push here. */
export const $toasts = atom<Toast[]>([]);

/** At most this many toasts on screen: a fourth pushes the oldest out (they do not pile up). */
export const MAX_TOASTS = 3;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function forget(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

function removeNow(id: number) {
  forget(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Starts the exit animation, then removes the toast. */
export function dismissToast(id: number): void {
  const current = $toasts.get().find((toast) => toast.id === id);
  if (!current?.show) return;
  forget(id);
  $toasts.set($toasts.get().map((toast) => (toast.id === id ? { ...toast, show: false } : toast)));
  timers.set(
    id,
    setTimeout(() => removeNow(id), TOAST_EXIT_ANIMATION_MS),
  );
}

export function addToast(content: string, options: ToastOptions = {}): number {
  const toast: Toast = {
    id: nextId++,
    content,
    type: options.type ?? 'message',
    duration: options.duration ?? TOAST_DEFAULT_DURATION_MS,
    show: true,
  };
  // The same sentence again replaces the one shown (saving twice says « Enregistré » once), and the
  // oldest give way beyond MAX_TOASTS; the toasts that go take their timers with them.
  const others = options.single ? [] : $toasts.get().filter((shown) => shown.content !== content);
  const next = [toast, ...others].slice(0, MAX_TOASTS);
  for (const { id } of $toasts.get()) if (!next.some((kept) => kept.id === id)) forget(id);
  $toasts.set(next);
  if (toast.duration > 0) {
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.duration),
    );
  }
  return toast.id;
}

export function clearToasts(): void {
  for (const { id } of $toasts.get()) forget(id);
  $toasts.set([]);
}
