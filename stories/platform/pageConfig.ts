import type { PageConfig } from '../../server/src/pages/layout';
import { getConfig } from '../../src/config/config';

/** The server's configuration as the pages need it: Storybook's origins, no integration. */
export function pageConfig(): PageConfig {
  const { platformOrigin, clientOrigin, apiHost } = getConfig();
  return { platformOrigin, clientOrigin, apiHost, productName: 'bo-elements', integrations: {} };
}

/** « Mot de passe oublié ? » (server/src/auth/password-resets.ts, a server-only module). */
export const forgottenPasswordPath = '/mot-de-passe-oublie';
