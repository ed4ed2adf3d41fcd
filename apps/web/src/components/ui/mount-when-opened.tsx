import { type ReactNode, useState } from 'react';

/**
 * Renders a dialog or drawer only once it has been opened, and keeps it from then on (so its
 * closing transition plays). Mantine's Modal and Drawer mount their focus, scroll-lock and id
 * effects even while closed, and those set state as the page mounts: on a list with its form
 * drawer, history drawer and dialogs that was one blocking re-render of them all during the load
 * (Lighthouse mobile, issue 17). What a closed dialog would show nobody sees, so nothing is lost.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(opened);
  // A state update during render (React's documented pattern for state derived from props).
  if (opened && !mounted) setMounted(true);
  return mounted ? children : null;
}
