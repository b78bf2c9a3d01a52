/** Errors raised in code, in English as the spec writes them (they are logged, not shown). */
export const internalErrors = {
  missingToken: 'Could not get user token',
  missingComponentKey: 'Missing component key',
  getUser: 'Error getting user',
  lockUser: 'Error locking user',
  unlockUser: 'Error unlocking user',
  grantAdmin: 'Error granting admin',
  revokeAdmin: 'Error revoking admin',
  getAuthorization: 'Error getting user authorization',
} as const;
