import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { shellMessages } from '../../i18n/shellMessages';
import { $session } from '../../session/session';
import * as styles from './permissionGate.css';

export type RestrictedAction = 'no_display' | 'no_click';

export interface PermissionGateProps {
  adminRequired?: boolean;
  /** What non-admins get: nothing (no_display), or the content flagged as restricted (no_click). */
  action?: RestrictedAction;
  children: ReactNode;
}

export function PermissionGate({
  adminRequired = false,
  action = 'no_display',
  children,
}: PermissionGateProps) {
  const { isAdmin } = useStore($session);
  if (!adminRequired || isAdmin) return <>{children}</>;
  if (action === 'no_display') return null;
  return (
    <span className={styles.restricted} data-restricted="true">
      <span className={styles.restrictedContent} inert title={shellMessages.restricted}>
        {children}
      </span>
      <span className={styles.reason}>{shellMessages.restricted}</span>
    </span>
  );
}
