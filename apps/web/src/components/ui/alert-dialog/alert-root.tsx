import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getActiveAlert, subscribeAlerts } from './alert-store';

const AlertHost = lazy(() => import('./alert-host'));

let everShown = false;

/** Mount once near the root: loads the dialog code the first time an alert is requested. */
export function AlertRoot() {
  const active = useSyncExternalStore(subscribeAlerts, getActiveAlert, getActiveAlert);
  if (active) everShown = true;
  if (!everShown) return null;
  return (
    <Suspense fallback={null}>
      <AlertHost />
    </Suspense>
  );
}
