import { Outlet, ScrollRestoration } from 'react-router';
import { useConnectivityRedirect } from '../lib/connectivity';

/** Wraps every route: online/offline redirects apply on public and signed-in screens alike. */
export function RootLayout() {
  useConnectivityRedirect();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
