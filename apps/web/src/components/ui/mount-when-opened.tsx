import { type ReactNode, useEffect, useRef, useState } from 'react';

// Mantine hands focus back 10 ms after a close; this runs after it, and only when it did not.
const RETURN_FOCUS_DELAY_MS = 20;

const focusedElement = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/**
 * Renders a dialog or drawer only once it has been opened, and keeps it from then on (so its
 * closing transition plays). Mantine's Modal and Drawer mount their focus, scroll-lock and id
 * effects even while closed, and those set state as the page mounts: on a list with its form
 * drawer, history drawer and dialogs that was one blocking re-render of them all during the load
 * (Lighthouse mobile, issue 17). What a closed dialog would show nobody sees, so nothing is lost.
 *
 * Focus: Mantine notes the element to return focus to when `opened` changes, not when the dialog
 * mounts already open, which is how this first opens it: closing it the first time left focus on
 * <body>, and a keyboard user had to Tab from the top of the page again. So the element focused
 * when it first opens (the button that opened it) gets focus back on that first close, unless
 * focus moved elsewhere since or the element is gone. Later opens are Mantine's own.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const opener = useRef<HTMLElement | null>(null);
  // Mounted open at once (the alert host, loaded on the first alert, starts open): the focused
  // element is still the one that asked for it.
  const [mounted, setMounted] = useState(() => {
    if (opened) opener.current = focusedElement();
    return opened;
  });
  // A state update during render (React's documented pattern for state derived from props); at
  // this point the dialog has not rendered, so the focused element is still the one that opened it.
  if (opened && !mounted) {
    opener.current = focusedElement();
    setMounted(true);
  }

  useEffect(() => {
    const back = opener.current;
    if (opened || !back) return;
    opener.current = null;
    // Mantine's rule: focus goes back unless it moved since the close. While the closing
    // transition plays, focus is still on the dialog's control; once it ends, on <body>.
    const atClose = document.activeElement;
    const timer = window.setTimeout(() => {
      const now = document.activeElement;
      if ((now === null || now === document.body || now === atClose) && back.isConnected) back.focus({ preventScroll: true });
    }, RETURN_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [opened]);

  return mounted ? children : null;
}
