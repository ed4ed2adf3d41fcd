import { COOKIE_NAMES, SECURITY_DEFAULTS, type SessionUser, STORAGE_KEYS } from '@console/contract';
import { useSyncExternalStore } from 'react';
import { storage } from '../storage';
import { readCookie, removeCookie, writeCookie } from './cookies';

/** The sign-in response may carry a partial user; e-mail is always there. */
export type StoredUser = Partial<SessionUser> & { email: string };
/** Spec s.3: the userDetails cookie holds { accessToken, user }. */
export type UserDetails = { accessToken: string; user: StoredUser };

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; value: UserDetails | null } = { raw: null, value: null };

function parse(raw: string | null): UserDetails | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<UserDetails> | null;
    if (!value || typeof value.accessToken !== 'string' || !value.accessToken) return null;
    if (!value.user || typeof value.user !== 'object') return null;
    return { accessToken: value.accessToken, user: value.user as StoredUser };
  } catch {
    return null;
  }
}

// document.cookie is a call into the browser, and every component that shows the user reads the
// session on every render (useSyncExternalStore): a screen's first render read it hundreds of
// times. One read serves until the running code yields (a microtask), so one render pass reads it
// once, and a change made elsewhere (another tab) is still seen by the next read.
let readThisTurn = false;
const endTurn = () => {
  readThisTurn = false;
};

/** The current session, or null. Cheap: re-parses only when the cookie text changed. */
export function getSession(): UserDetails | null {
  if (readThisTurn) return snapshot.value;
  const raw = readCookie(COOKIE_NAMES.userDetails);
  if (raw !== snapshot.raw) snapshot = { raw, value: parse(raw) };
  readThisTurn = true;
  queueMicrotask(endTurn);
  return snapshot.value;
}

export const hasSession = () => getSession() !== null;

function notify() {
  readThisTurn = false; // this tab changed the cookie: the next read must see it
  for (const listener of listeners) listener();
}

/**
 * Stores the session. "Keep me logged in" gives a persistent cookie matching the server's
 * remembered-session lifetime; otherwise a browser-session cookie.
 */
export function saveSession(details: UserDetails, options: { persistent: boolean }): void {
  writeCookie(COOKIE_NAMES.userDetails, JSON.stringify(details), {
    maxAgeSeconds: options.persistent ? SECURITY_DEFAULTS.rememberSessionDays * 24 * 60 * 60 : undefined,
  });
  notify();
}

export function clearSession(): void {
  removeCookie(COOKIE_NAMES.userDetails);
  notify();
}

/** Tells subscribers to re-read after cookies were changed wholesale (clearAllCookies). */
export const notifySessionChanged = notify;

function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): UserDetails | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** A remembered session ("Keep me logged in") is not ended by inactivity (DESIGN.md s.4). */
export const isRememberedSession = () => storage.get(STORAGE_KEYS.rememberMe) === 'true';

export function displayName(user: StoredUser | undefined): string {
  if (!user) return '';
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ').trim();
  return name || user.email;
}
