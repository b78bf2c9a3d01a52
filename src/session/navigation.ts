import { getConfig } from '../config/config';
import { platformPaths } from '../routes/paths';

/** The platform's login page, coming back to `returnTo` once signed in. */
export function loginUrl(returnTo: string = location.href): string {
  const url = new URL(platformPaths.login, getConfig().platformOrigin);
  url.searchParams.set('redirect', returnTo);
  return url.toString();
}

/**
 * Full page loads go through here, so tests (and hosts embedding us in odd frames) have one
 * place to observe or replace them.
 */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export function goToLogin(): void {
  navigation.assign(loginUrl());
}
