import { map } from 'nanostores';
import { checkAccessToken, fetchAuthorization, renewAccessToken } from '../api/session';
import {
  LOGIN_REDIRECT_DELAY_MS,
  TOKEN_RENEWAL_THRESHOLD_S,
  TOKEN_RENEWAL_TICK_MS,
  TOKEN_VALIDITY_CHECK_MS,
} from '../config/constants';
import { internalErrors } from '../i18n/internalErrors';
import { $logContext } from '../logging/logContext';
import { logger } from '../logging/logger';
import { goToLogin } from './navigation';
import { decodeToken, findAccessToken } from './token';

/**
 * - starting: reading the token and loading the user's authorization;
 * - signed-in: a decodable token (authorization loaded, or defaulted after a failure);
 * - redirecting: no usable token at start, the browser is on its way to the login page;
 * - signed-out: renewal or validation failed, the 'not logged in' screen shows and redirects.
 */
export type SessionStatus = 'starting' | 'signed-in' | 'redirecting' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  /** null when signed out, or when the authorization could not be loaded (spec section 6). */
  userId: number | null;
  enterpriseId: number | null;
  isAdmin: boolean;
  scopes: string[];
}

const signedOut: SessionState = {
  status: 'starting',
  userId: null,
  enterpriseId: null,
  isAdmin: false,
  scopes: [],
};

/** The signed-in user context shared by every element of the page. */
export const $session = map<SessionState>({ ...signedOut });

let timers: ReturnType<typeof setInterval>[] = [];
let redirectTimer: ReturnType<typeof setTimeout> | undefined;
let renewing = false;

function stopTimers() {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}

function redirectToLogin() {
  $session.set({ ...signedOut, status: 'redirecting' });
  goToLogin();
}

/** Shows the 'not logged in' screen, then goes to the login page after 5 s. */
export function signOut(): void {
  stopTimers();
  $session.set({ ...signedOut, status: 'signed-out' });
  $logContext.setKey('userId', null);
  clearTimeout(redirectTimer);
  redirectTimer = setTimeout(goToLogin, LOGIN_REDIRECT_DELAY_MS);
}

async function loadAuthorization(userId: number) {
  try {
    const { admin, scopes } = await fetchAuthorization(userId);
    if ($session.get().status !== 'signed-in') return;
    $session.set({ ...$session.get(), userId, isAdmin: admin, scopes });
  } catch (error) {
    logger.error(internalErrors.getAuthorization, { error, labels: { userId } });
    if ($session.get().status !== 'signed-in') return;
    $session.set({ ...$session.get(), userId: null, isAdmin: false, scopes: [] });
  }
}

/** Renews the token once it is older than the threshold; a failure signs the user out. */
async function renewIfDue() {
  if (renewing) return;
  const token = findAccessToken();
  const claims = token ? decodeToken(token) : null;
  if (!claims) return signOut();
  if (Date.now() / 1000 - claims.iat <= TOKEN_RENEWAL_THRESHOLD_S) return;
  renewing = true;
  try {
    await renewAccessToken();
  } catch (error) {
    logger.warn('Access token renewal failed', { error });
    signOut();
  } finally {
    renewing = false;
  }
}

async function checkValidity() {
  try {
    await checkAccessToken();
  } catch (error) {
    logger.warn('Access token is no longer valid', { error });
    signOut();
  }
}

function begin() {
  const token = findAccessToken();
  const claims = token ? decodeToken(token) : null;
  if (!claims) return redirectToLogin();
  $session.set({
    status: 'signed-in',
    userId: claims.userId,
    enterpriseId: claims.enterprise_id,
    isAdmin: false,
    scopes: [],
  });
  $logContext.setKey('userId', claims.userId);
  void loadAuthorization(claims.userId);
  timers.push(setInterval(() => void renewIfDue(), TOKEN_RENEWAL_TICK_MS));
  timers.push(setInterval(() => void checkValidity(), TOKEN_VALIDITY_CHECK_MS));
}

let users = 0;
/** Bumped by resetSession, so the stop functions handed out before it do nothing. */
let generation = 0;

/**
 * Reads the token, loads the authorization and starts the renewal and validity timers. The shell
 * calls it; several shells on one page share one session, stopped when the last one goes.
 */
export function startSession(): () => void {
  if (users++ === 0) begin();
  const startedIn = generation;
  let stopped = false;
  return () => {
    if (stopped || startedIn !== generation) return;
    stopped = true;
    if (--users === 0) stopTimers();
  };
}

/** Forgets everything (tests only: a page has one session for its whole life). */
export function resetSession(): void {
  users = 0;
  generation += 1;
  stopTimers();
  clearTimeout(redirectTimer);
  renewing = false;
  $session.set({ ...signedOut });
}
