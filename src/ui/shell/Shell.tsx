import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session, startSession } from '../../session/session';
import { $online } from '../offline/online';
import { Redirecting } from '../session/Redirecting';
import { listenToToastEvents } from '../toasts/toastEvents';
import { $toasts } from '../toasts/toastStore';
import { loadOverlays } from './loadOverlays';
import type { Overlays as OverlaysComponent } from './Overlays';

/**
 * The overlays every screen shares: toasts, the offline modal and the session screens. Mounting it
 * starts the page's session (token check, authorization, renewal and validity timers).
 *
 * The overlays are a chunk of their own, outside the page's first load, but fetched right after the
 * first render: the offline modal must be in memory before the network goes away, since it cannot
 * be downloaded afterwards. A fetch that failed is tried again whenever an overlay is needed.
 */
export function Shell() {
  const { status } = useStore($session);
  const online = useStore($online);
  const toasts = useStore($toasts);
  const [Overlays, setOverlays] = useState<typeof OverlaysComponent | null>(null);
  const needed = status === 'signed-out' || !online || toasts.length > 0;

  useEffect(startSession, []);
  useEffect(listenToToastEvents, []);
  useEffect(() => {
    if (Overlays) return;
    let current = true;
    loadOverlays().then(
      (component) => current && setOverlays(() => component),
      () => {}, // offline or a deploy in between: tried again on the next change of `needed`
    );
    return () => {
      current = false;
    };
  }, [Overlays, needed, online]);

  if (status === 'redirecting') return <Redirecting />;
  return needed && Overlays ? <Overlays /> : null;
}
