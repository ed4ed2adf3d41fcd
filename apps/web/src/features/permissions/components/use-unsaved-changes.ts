import { PUBLIC_ROUTES } from '@console/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { showAlert } from '../../../components/ui/alert-dialog';

const LEAVE_TEXT = 'Your changes to this role have not been saved. Leave and lose them?';

/** Asks before throwing away unsaved changes (used for in-screen switches such as another role). */
export async function confirmDiscard(): Promise<boolean> {
  const result = await showAlert({
    icon: 'warning',
    title: 'Discard unsaved changes?',
    text: LEAVE_TEXT,
    showCancelButton: true,
    confirmButtonText: 'Discard changes',
    cancelButtonText: 'Keep editing',
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

/**
 * While `dirty`, leaving the screen asks first: in-app navigation through the router's blocker,
 * reloads and tab closes through the browser's own beforeunload prompt. Only a change of page
 * counts; the role picker's ?roleId changes are confirmed by the screen itself.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !NEVER_BLOCKED.has(nextLocation.pathname),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  // The blocker object changes on every router update; act on its state, through a ref.
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((leave) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (leave) current.proceed();
      else current.reset();
    });
  }, [blocker.state]);

  useEffect(() => {
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
