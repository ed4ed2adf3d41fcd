import { Outlet, ScrollRestoration } from 'react-router';
import { ServiceNotice } from '../components/ui/service-notice';
import { useConnectivityRedirect } from '../lib/connectivity';

/**
 * Wraps every route: online/offline redirects and the "service unavailable" notice apply on
 * public and signed-in screens alike.
 */
export function RootLayout() {
  useConnectivityRedirect();
  return (
    <>
      <Outlet />
      <ServiceNotice />
      <ScrollRestoration />
    </>
  );
}
