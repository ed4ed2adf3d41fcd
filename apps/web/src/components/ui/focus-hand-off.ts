import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import { whenFocusLost } from './when-focus-lost';

/** Where the focus goes next: a named control, or the list item control at that index (`data-focus-item`). */
export type FocusHandOff<K extends string> = K | { itemAt: number };

/**
 * For a form whose controls go away under the focus (a button disabled while it sends, Cancel
 * leaving when it ends, a removed file taking its Remove button along), which drops a keyboard or
 * screen-reader user on <body>. `handOff(next)` moves the focus there once it is on screen and
 * enabled, and only if the focus was lost (whenFocusLost): it is never taken from elsewhere. An
 * item index past the end takes the last item; no item left takes `fallback`.
 */
export function useFocusHandOff<K extends string>(fallback: K) {
  const root = useRef<HTMLDivElement>(null);
  const controls = useRef<Partial<Record<K, HTMLElement | null>>>({});
  const [next, handOff] = useState<FocusHandOff<K> | null>(null);

  // No dependency list: it runs after every render until the target is there.
  useEffect(() => {
    if (next === null) return;
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[data-focus-item]') ?? [])];
    const target =
      typeof next === 'object' ? (items[Math.min(next.itemAt, items.length - 1)] ?? controls.current[fallback]) : controls.current[next];
    if (!target || (target as HTMLButtonElement).disabled) return; // not yet: a later render brings it
    handOff(null);
    whenFocusLost(() => target.focus());
  });

  const control = useCallback(
    (name: K): RefCallback<HTMLElement> =>
      (element) => {
        controls.current[name] = element;
      },
    [],
  );
  return { root, control, handOff };
}
