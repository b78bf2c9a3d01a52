/** Where sign-in may send the browser back to: only the platform or the client origin. */
import type { AppConfig } from '../config.js';

export const defaultAfterLoginPath = '/app/my-account';

export function safeRedirect(target: string | undefined | null, config: AppConfig): string {
  const fallback = `${config.platformOrigin}${defaultAfterLoginPath}`;
  if (!target) return fallback;
  try {
    // Relative targets resolve against the platform; `//evil.example`, `javascript:` and other
    // origins come out with a foreign (or "null") origin and are refused.
    const url = new URL(target, config.platformOrigin);
    if (url.origin !== config.platformOrigin && url.origin !== config.clientOrigin) return fallback;
    return url.href;
  } catch {
    return fallback;
  }
}
