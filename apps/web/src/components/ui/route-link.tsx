import { Anchor, type AnchorProps, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../lib/permissions';
import { routeKey } from '../../lib/route-keys';

type RouteLinkProps = Omit<AnchorProps, 'underline'> & {
  /** An in-app path (query string allowed): its page's key comes from lib/route-keys.ts. */
  to: string;
  children: ReactNode;
  /** Shown instead when the user may not open the target (default: the children as plain text). */
  fallback?: ReactNode;
  'aria-label'?: string;
  style?: CSSProperties;
};

/** May the user open the page at `to`? A page without a key is open to every signed-in user. */
export function useCanOpen(to: string): boolean {
  const key = routeKey(to);
  // Called unconditionally (a hook), also when there is no key.
  const held = useCan(key ?? []);
  return !key || held;
}

/**
 * A link to another signed-in page, only when the user may open it: without the target's key the
 * same text shows as plain text, so no one is sent to a page that answers Access Denied or 403s.
 * The key is the one the route table guards the page with, so link and guard cannot disagree.
 */
export function RouteLink({ to, children, fallback, 'aria-label': ariaLabel, ...look }: RouteLinkProps) {
  if (!useCanOpen(to)) {
    if (fallback !== undefined) return <>{fallback}</>;
    return (
      <Text span {...look}>
        {children}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={to} aria-label={ariaLabel} {...look}>
      {children}
    </Anchor>
  );
}
