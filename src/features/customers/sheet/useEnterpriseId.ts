import { useStore } from '@nanostores/react';
import { $session } from '../../../session/session';

/** The token's company, once the session has read it (null before). */
export function useEnterpriseId(): number | null {
  return useStore($session, { keys: ['enterpriseId'] }).enterpriseId;
}
