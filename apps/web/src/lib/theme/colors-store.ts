import { DEFAULT_COLORS } from '@console/contract';
import { useSyncExternalStore } from 'react';
import { getSession, type StoredUser } from '../auth/session';
import { parseHex } from './color-tuple';
import type { ThemeColors } from './theme';

// Unparsable colours from the user record fall back to the defaults instead of breaking the theme.
function fromUser(user: StoredUser | undefined): ThemeColors {
  const valid = (value: string | undefined, fallback: string) => (value && parseHex(value) ? value : fallback);
  return {
    primaryColor: valid(user?.primaryColor, DEFAULT_COLORS.primaryColor),
    secondaryColor: valid(user?.secondaryColor, DEFAULT_COLORS.secondaryColor),
  };
}

let current: ThemeColors | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

export function getThemeColors(): ThemeColors {
  current ??= fromUser(getSession()?.user);
  return current;
}

/** Spec s.4: colours come from the user (cookie user.primaryColor / secondaryColor). */
export function applyUserColors(user: StoredUser | undefined): void {
  const next = fromUser(user);
  if (current && next.primaryColor === current.primaryColor && next.secondaryColor === current.secondaryColor) return;
  current = next;
  notify();
}

/** Spec s.4 "Logout: colours reset to defaults". */
export function resetColors(): void {
  applyUserColors(undefined);
}

export function useThemeColors(): ThemeColors {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getThemeColors,
    getThemeColors,
  );
}
