import { lazy, Suspense, useSyncExternalStore } from 'react';

const ToastHost = lazy(() => import('./toast-host'));

let needed = false;
const listeners = new Set<() => void>();

/** Called by `toast` before the first toast: from then on the container is mounted. */
export function requestToastHost(): void {
  if (needed) return;
  needed = true;
  for (const listener of listeners) listener();
}

/**
 * Mount once near the root. The container code loads with the first toast (the store keeps
 * toasts raised before it arrives), so /login does not download it until something is shown.
 */
export function ToastRoot() {
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => needed,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
