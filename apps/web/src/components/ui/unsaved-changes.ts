import { PUBLIC_ROUTES } from '@console/contract';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useChangeEffect } from '../../lib/use-change-effect';
import { showAlert } from './alert-dialog';

/** What is lost, said by the screen: 'Your changes to this role have not been saved.' */
const DEFAULT_LOST = 'Your changes have not been saved.';

/**
 * Asks before throwing away unsaved changes: a form closed or left, another role picked. True when
 * the user chose to discard them.
 */
export async function confirmDiscard(lost = DEFAULT_LOST): Promise<boolean> {
  const result = await showAlert({
    icon: 'warning',
    title: 'Discard unsaved changes?',
    text: `${lost} Leave and lose them?`,
    showCancelButton: true,
    confirmButtonText: 'Discard changes',
    cancelButtonText: 'Keep editing',
    // Enter keeps the changes: throwing them away takes a deliberate choice.
    focusCancel: true,
    // red.9: white text on Mantine's default red (shade 6) is 3.3:1.
    confirmColor: 'red.9',
  });
  return result.isConfirmed;
}

// Sign-out, token expiry and going offline must never wait for an answer.
const NEVER_BLOCKED = new Set<string>([
  PUBLIC_ROUTES.root,
  PUBLIC_ROUTES.login,
  PUBLIC_ROUTES.logout,
  PUBLIC_ROUTES.tokenExpiry,
  PUBLIC_ROUTES.internetConnection,
]);

/** A screen's or a form's unsaved state, as its useUnsavedChanges last committed it. */
type Guard = { dirty: boolean; lost: string };
const guards = new Set<Guard>();
const firstDirty = () => [...guards].find((g) => g.dirty);

/**
 * The one router blocker of the signed-in area, mounted once by its layout. React Router consults
 * only the blocker registered last, so with one per form the locations screen's tone sequences
 * panel (mounted after the locations list) silently let Back or Forward throw away an edited
 * location. This one asks whenever any mounted form or screen has unsaved changes, in its words.
 */
export function UnsavedChangesBlocker(): null {
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
      Boolean(firstDirty()) && currentLocation.pathname !== nextLocation.pathname && !NEVER_BLOCKED.has(nextLocation.pathname),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // The blocker object changes on every router update; act on its state, through a ref.
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useChangeEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard(firstDirty()?.lost ?? DEFAULT_LOST).then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);
  return null;
}

/**
 * While `dirty`, leaving the screen asks first: in-app navigation through the signed-in area's
 * UnsavedChangesBlocker, reloads and tab closes through the browser's own beforeunload prompt.
 * Only a change of page counts; a screen confirms its own in-place switches (the role picker's
 * ?roleId, closing a form).
 */
export function useUnsavedChanges(dirty: boolean, lost = DEFAULT_LOST): void {
  const [guard] = useState<Guard>(() => ({ dirty, lost }));
  // After every commit, so the blocker reads what the screen shows.
  useLayoutEffect(() => {
    guard.dirty = dirty;
    guard.lost = lost;
  });
  useLayoutEffect(() => {
    guards.add(guard);
    return () => {
      guards.delete(guard);
    };
  }, [guard]);

  useChangeEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/**
 * A form in a drawer or a dialog: `close` (Escape, the close button, a click outside, Cancel) asks
 * before unsaved changes are thrown away, `closeSaved` (after a save) does not, and leaving the
 * page while the form is changed asks too. `setDirty` is the FormBuilder's onDirtyChange.
 */
export function useDiscardGuard(opened: boolean, onClose: () => void) {
  const [dirty, setDirtyState] = useState(false);
  useUnsavedChanges(opened && dirty);
  // Read when closing: set the moment the form reports, not on this component's next render.
  const state = useRef({ dirty, asking: false, onClose });
  state.current.onClose = onClose;

  const setDirty = useCallback((changed: boolean) => {
    state.current.dirty = changed;
    setDirtyState(changed);
  }, []);
  const closeSaved = useCallback(() => {
    setDirty(false);
    state.current.onClose();
  }, [setDirty]);
  const close = useCallback(async () => {
    const current = state.current;
    if (current.dirty) {
      // One question at a time (Escape pressed again while it is asked).
      if (current.asking) return;
      current.asking = true;
      const discard = await confirmDiscard().finally(() => {
        current.asking = false;
      });
      if (!discard) return;
    }
    closeSaved();
  }, [closeSaved]);
  return { setDirty, close, closeSaved };
}
