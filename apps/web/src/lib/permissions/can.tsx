import type { ReactNode } from 'react';
import { useCan } from './permissions';

/** Renders children only when the user holds `roleKey` (any of them, for a list). The API enforces the same keys. */
/** @public the resource kit's `<Can>` gating (issue 7) */
export function Can({
  roleKey,
  children,
  fallback = null,
}: {
  roleKey: string | readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{useCan(roleKey) ? children : fallback}</>;
}
