import { useEffect, useRef, useState } from 'react';

/** Where the focus goes next: a button of the upload form, or the file list's remove button at that index. */
export type FocusTarget = 'choose' | 'manifest' | 'upload' | 'cancel' | { removeAt: number };

/**
 * The control under the focus goes away at each step of an upload (Upload is disabled while it
 * sends, Cancel leaves when it ends, a removed file takes its button along), which dropped a
 * keyboard or screen-reader user on <body>. `handOff` moves the focus to what comes next, once it
 * is on screen and enabled, and only when the focus was lost or is still in the form: it is never
 * taken from elsewhere on the page. Remove buttons carry `data-remove-file`.
 */
export function useFocusHandOff() {
  const root = useRef<HTMLDivElement>(null);
  const buttons = {
    choose: useRef<HTMLButtonElement>(null),
    manifest: useRef<HTMLButtonElement>(null),
    upload: useRef<HTMLButtonElement>(null),
    cancel: useRef<HTMLButtonElement>(null),
  };
  const [next, handOff] = useState<FocusTarget | null>(null);

  // No dependency list: it runs after every render until the target is there.
  useEffect(() => {
    if (next === null) return;
    const removers = [...(root.current?.querySelectorAll<HTMLButtonElement>('[data-remove-file]') ?? [])];
    const target =
      typeof next === 'object' ? (removers[Math.min(next.removeAt, removers.length - 1)] ?? buttons.choose.current) : buttons[next].current;
    if (!target || target.disabled) return; // not yet: a later render brings it
    handOff(null);
    const active = document.activeElement;
    if (!active || active === document.body || root.current?.contains(active)) target.focus();
  });

  return { root, buttons, handOff };
}
