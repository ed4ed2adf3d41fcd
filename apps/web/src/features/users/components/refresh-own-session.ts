import type { User } from '@console/contract';
import { getSession, isRememberedSession, saveSession } from '../../../lib/auth/session';
import { applyUserColors } from '../../../lib/theme/colors-store';
import { sessionUserFromUser } from './user-fields';

/**
 * After the signed-in user saved their own record: the userDetails cookie (top bar name and
 * avatar) and the theme colours follow at once, without a new sign-in. The cookie keeps its
 * kind: persistent for "Keep me logged in", a browser-session cookie otherwise.
 */
export function refreshOwnSession(user: User): void {
  const current = getSession();
  if (!current || current.user.id !== user.id) return;
  const next = sessionUserFromUser(user, current.user);
  saveSession({ accessToken: current.accessToken, user: next }, { persistent: isRememberedSession() });
  applyUserColors(next);
}
