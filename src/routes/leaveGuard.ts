import { useEffect } from 'react';
import { validationMessages } from '../i18n/validationMessages';

/**
 * Unsaved changes on screen: leaving asks first. Full page loads, reloads and closing the tab go
 * through the browser's own `beforeunload` question; in-app navigation (links through
 * `followLink`) asks with `confirm()` before the router moves.
 */
let guards = 0;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a returnValue to show their question.
  event.returnValue = '';
}

/** True when nothing unsaved is on screen, or when the user agrees to leave it. */
export function confirmLeaving(): boolean {
  return guards === 0 || window.confirm(validationMessages.unsavedChanges);
}

/** Keeps the guard up while `unsaved` is true. */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    guards += 1;
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      guards -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved]);
}
