import { getSession } from './auth/session';

/**
 * Screens that work without the network (the AES tool) park their state here when the
 * offline redirect (spec s.4) unmounts them, and take it back when "online" returns the user.
 * Memory only, never storage: a key typed into the AES tool must not outlive the tab. A parked
 * state belongs to the session that parked it and is dropped on sign-out (clearLocalSession).
 */
type Parked = { owner: string; at: number; state: unknown };

const parked = new Map<string, Parked>();
// Long enough for a dropped Wi-Fi, short enough that a forgotten tab does not keep a key for a day.
const KEEP_MS = 60 * 60 * 1000;

const owner = () => getSession()?.accessToken ?? '';

export function parkState(screen: string, state: unknown): void {
  if (!owner()) return;
  parked.set(screen, { owner: owner(), at: Date.now(), state });
}

/** The parked state of a screen, if this session parked it recently. */
export function peekParkedState<T>(screen: string): T | null {
  const entry = parked.get(screen);
  if (!entry || entry.owner !== owner() || Date.now() - entry.at > KEEP_MS) return null;
  return entry.state as T;
}

/** Called once the screen is mounted again (not in the state initialiser, which React may run twice). */
export function dropParkedState(screen: string): void {
  parked.delete(screen);
}

export function forgetParkedStates(): void {
  parked.clear();
}
