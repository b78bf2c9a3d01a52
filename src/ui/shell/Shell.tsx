import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { $session, startSession } from '../../session/session';
import { $online } from '../offline/online';
import { Redirecting } from '../session/Redirecting';
import { listenToToastEvents } from '../toasts/toastEvents';
import { $toasts } from '../toasts/toastStore';
import { loadOverlays, prefetchOverlaysWhenIdle } from './loadOverlays';

const Overlays = lazy(async () => ({ default: (await loadOverlays()).Overlays }));

/**
 * The overlays every screen shares: toasts, the offline modal and the session screens. Mounting it
 * starts the page's session (token check, authorization, renewal and validity timers). The overlays
 * load from their own chunk, fetched when the page is idle or at once when one is needed.
 */
export function Shell() {
  const { status } = useStore($session);
  const online = useStore($online);
  const toasts = useStore($toasts);
  useEffect(startSession, []);
  useEffect(prefetchOverlaysWhenIdle, []);
  useEffect(listenToToastEvents, []);

  if (status === 'redirecting') return <Redirecting />;
  const needed = status === 'signed-out' || !online || toasts.length > 0;
  return needed ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}
