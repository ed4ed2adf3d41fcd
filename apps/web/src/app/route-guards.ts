import { redirect } from 'react-router';
import { hasSession } from '../lib/auth/session';

export type RouteAccess = 'public-only' | 'public' | 'private' | 'unknown';

/**
 * Spec s.2 redirects, as a pure decision: a signed-in user on / or /login goes to /home;
 * /home without a session goes to /login, any other signed-in route to /; unknown paths lead
 * to the signed-in area (/home, which itself sends a visitor without a session to /login).
 */
export function guardRedirect(access: RouteAccess, pathname: string, signedIn: boolean): string | null {
  switch (access) {
    case 'public-only':
      return signedIn ? '/home' : null;
    case 'public':
      return null;
    case 'private':
      if (signedIn) return null;
      return pathname === '/home' ? '/login' : '/';
    case 'unknown':
      return signedIn ? '/home' : '/login';
  }
}

const pathOf = (request: Request) => new URL(request.url).pathname;

function guardLoader(access: RouteAccess) {
  return ({ request }: { request: Request }) => {
    const target = guardRedirect(access, pathOf(request), hasSession());
    if (target) throw redirect(target);
    return null;
  };
}

export const publicOnlyLoader = guardLoader('public-only');
export const privateLoader = guardLoader('private');
export const unknownPathLoader = guardLoader('unknown');
