import { API_PATHS, COOKIE_NAMES, HEADER_NAMES, type LoginResponse, STORAGE_KEYS } from '@console/contract';
import { api, fetchCsrfToken } from '../../../lib/api-client';
import { readCookie } from '../../../lib/auth/cookies';
import { saveSession, type StoredUser } from '../../../lib/auth/session';
import { storage } from '../../../lib/storage';
import { applyUserColors } from '../../../lib/theme/colors-store';

type SignInData = NonNullable<LoginResponse['data']>;

/** Keep me logged in: remembers the e-mail (never the password) for the next visit. */
export function rememberSignIn(email: string, rememberMe: boolean): void {
  if (rememberMe) {
    storage.set(STORAGE_KEYS.email, email);
    storage.set(STORAGE_KEYS.rememberMe, 'true');
  } else {
    storage.remove(STORAGE_KEYS.email);
    storage.remove(STORAGE_KEYS.rememberMe);
  }
  // Older builds kept a password here; the console never stores one.
  storage.remove('password');
}

/** POST /auth/user-sessions/add with the session-id header (spec s.7). Fire and forget. */
function recordUserSession(): void {
  const sessionId = readCookie(COOKIE_NAMES.sessionId);
  api
    .post(API_PATHS.auth.userSessionsAdd, { name: 'user-session' }, { headers: sessionId ? { [HEADER_NAMES.sessionId]: sessionId } : {} })
    .catch(() => undefined);
}

/**
 * Spec s.4: save the userDetails cookie, then fetch a CSRF token. A failed CSRF fetch does not
 * stop the user from reaching /home (the API client fetches one again before the next mutation).
 */
export async function completeSignIn(data: SignInData, persistent: boolean): Promise<void> {
  const user = data.user as StoredUser;
  saveSession({ accessToken: data.accessToken, user }, { persistent });
  applyUserColors(user);
  await fetchCsrfToken().catch(() => null);
  recordUserSession();
}

/** POST /auth/logout. Its session may already be gone, so a 401 here must not bounce to /token-expiry. */
export async function logoutRequest(): Promise<void> {
  await api.post(API_PATHS.auth.logout, undefined, { redirectOnUnauthorized: false }).catch(() => undefined);
}
