import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useId } from 'react';
import { NotificationPanel } from './NotificationPanel';
import * as styles from './panel.css';

interface NotificationPopoverProps {
  id: string;
  reference: HTMLElement;
  onClose: () => void;
  host?: HTMLElement;
}

/**
 * The notification centre's popover (lazy chunk). Floating UI places it under the bell and keeps it
 * on screen; it is drawn next to the bell, inside the element's shadow root, where the element's
 * styles apply and the page's cannot. Escape, a click outside or the bell close it; the focus moves
 * in and goes back to the bell.
 */
export function NotificationPopover({ id, reference, onClose, host }: NotificationPopoverProps) {
  const titleId = useId();
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    elements: { reference },
    placement: 'bottom-end',
    strategy: 'fixed',
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const dismiss = useDismiss(context);
  const { getFloatingProps } = useInteractions([dismiss]);

  return (
    <FloatingFocusManager context={context} modal={false} initialFocus={-1} returnFocus>
      <div
        ref={refs.setFloating}
        id={id}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={styles.popover}
        style={floatingStyles}
        {...getFloatingProps()}
      >
        <NotificationPanel titleId={titleId} host={host} />
      </div>
    </FloatingFocusManager>
  );
}
