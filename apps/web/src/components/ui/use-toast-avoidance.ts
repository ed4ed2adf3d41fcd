import { useEffect, useState } from 'react';

/**
 * Panels toasts must not cover: Mantine drawers (every add/edit form slides in from the right)
 * and anything marked `data-toast-avoid`. Matched by Mantine's static class names, so every
 * drawer of every feature is covered without the feature doing anything.
 */
const AVOID = '.mantine-Drawer-content, [data-toast-avoid]';
/** Narrowest room left of a panel that still takes a toast (Mantine's toasts are up to 440 px). */
const MIN_TOAST_ROOM = 320;

type ToastAvoidance =
  /** Nothing to avoid: the spec's top-right. */
  | { mode: 'default' }
  /** A panel on the right leaves room beside it: stay top-right of what is left. */
  | { mode: 'beside'; rightInset: number }
  /**
   * A panel fills (nearly) the whole width (phones): nothing beside it is free, so toasts go
   * inside it, above its form (`slot`, the first child of the drawer body), pushing the form down.
   */
  | { mode: 'over'; panel: HTMLElement };

/** Where toasts go so that they cover no open drawer (and so none of its form fields). */
function measureToastAvoidance(doc: Document = document): ToastAvoidance {
  const viewport = doc.documentElement.clientWidth;
  let inset = 0;
  let widest: HTMLElement | null = null;
  for (const panel of doc.querySelectorAll<HTMLElement>(AVOID)) {
    // Layout box, not getBoundingClientRect: a drawer sliding in is transformed.
    if (panel.offsetWidth === 0) continue;
    const parent = panel.offsetParent as HTMLElement | null;
    const right = (parent?.clientWidth ?? viewport) - (panel.offsetLeft + panel.offsetWidth);
    if (right > 1) continue; // not docked on the right
    if (panel.offsetWidth > inset) {
      inset = panel.offsetWidth;
      widest = panel;
    }
  }
  if (!widest) return { mode: 'default' };
  return viewport - inset >= MIN_TOAST_ROOM ? { mode: 'beside', rightInset: inset } : { mode: 'over', panel: widest };
}

const same = (a: ToastAvoidance, b: ToastAvoidance) =>
  a.mode === b.mode &&
  (a.mode !== 'beside' || (b.mode === 'beside' && a.rightInset === b.rightInset)) &&
  (a.mode !== 'over' || (b.mode === 'over' && a.panel === b.panel));

let slotCount = 0;

export type ToastPlacement = { mode: 'default' } | { mode: 'beside'; rightInset: number } | { mode: 'over'; slot: HTMLElement };

/** `measureToastAvoidance`, kept current as drawers open and close and the window resizes. */
export function useToastAvoidance(): ToastPlacement {
  const [state, setState] = useState<ToastAvoidance>({ mode: 'default' });
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setState((prev) => {
          const next = measureToastAvoidance();
          return same(prev, next) ? prev : next;
        }),
      );
    };
    // Drawers are portalled into <body> when they open and removed when they close.
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    update();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, []);

  // The slot inside a full-width drawer: a node of our own, first in the drawer body, gone with it.
  const panel = state.mode === 'over' ? state.panel : null;
  useEffect(() => {
    if (!panel) return;
    const node = document.createElement('div');
    slotCount += 1;
    node.setAttribute('data-toast-slot', String(slotCount));
    const body = panel.querySelector('.mantine-Drawer-body') ?? panel;
    body.prepend(node);
    setSlot(node);
    return () => {
      node.remove();
      setSlot(null);
    };
  }, [panel]);

  if (state.mode === 'over') return slot ? { mode: 'over', slot } : { mode: 'default' };
  return state;
}
