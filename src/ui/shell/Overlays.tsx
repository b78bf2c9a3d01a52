import { OfflineModal } from '../offline/OfflineModal';
import { SessionGuard } from '../session/SessionGuard';
import { Toasts } from '../toasts/Toasts';

/** The shell's overlays, in their own chunk: a page load rarely needs any of them. */
export function Overlays() {
  return (
    <>
      <Toasts />
      <OfflineModal />
      <SessionGuard />
    </>
  );
}
