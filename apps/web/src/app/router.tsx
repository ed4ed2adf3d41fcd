import type { AppConfig } from '@console/contract';
import {
  type LoaderFunctionArgs,
  type RouteObject,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import type { ShellRouteHandle } from '../components/shell';
import { LoadingOverlay } from '../components/ui/loading-overlay';
import { lazyRoute } from '../components/ui/lazy-with-timeout';
import { InternetConnectionPage } from '../features/connectivity/internet-connection-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { privateLoader, publicOnlyLoader, unknownPathLoader } from './route-guards';
import { buildShellRoutes } from './route-table';

// Every screen is its own chunk (with the 120 s chunk-load timeout); /login downloads only
// the entry and the sign-in screen.
const login = lazyRoute(() => import('../features/auth/login/login-page'));

/**
 * A shell route's loader: starts the screen's first data requests (app/route-data.ts) as the
 * navigation begins, so they run while the screen's chunks download rather than after. Returns at
 * once: the navigation never waits for data, and the entry does not carry TanStack Query
 * (route-data is in its own chunk).
 */
const dataLoader =
  (handle: ShellRouteHandle) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    void import('./route-data').then(
      ({ prefetchRouteData }) => prefetchRouteData(handle, url),
      () => undefined,
    );
    return null;
  };

/**
 * The shell's loader: the navigation into the shell waits for the permissions and the modules
 * (route-data's loadShellData), which the screens' loaders have already asked for, so the shell
 * renders once with its menus. Only on entering the shell: it keeps them fresh itself afterwards.
 */
const shellLoader = () =>
  import('./route-data').then(
    ({ loadShellData }) => loadShellData().then(() => null),
    () => null,
  );

function buildRoutes(config: AppConfig): RouteObject[] {
  const shellRoutes: RouteObject[] = buildShellRoutes(config.productSlug).map(({ path, screen, ...handle }) => ({
    path,
    handle,
    loader: dataLoader(handle),
    // Only on arriving at the page: a page, sort or filter change has the screen's code already,
    // and the table asks for what changed itself (a prefetch would ask again for what did not).
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: lazyRoute(screen),
  }));

  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: LoadingOverlay,
      children: [
        { path: '/', loader: publicOnlyLoader, lazy: login },
        { path: '/login', loader: publicOnlyLoader, lazy: login },
        { path: '/logout', lazy: lazyRoute(() => import('../features/auth/logout/logout-page')) },
        { path: '/token-expiry', lazy: lazyRoute(() => import('../features/auth/token-expiry/token-expiry-page')) },
        { path: '/forgot-password', lazy: lazyRoute(() => import('../features/auth/forgot/forgot-password-page')) },
        { path: '/reset-password', lazy: lazyRoute(() => import('../features/auth/reset/reset-password-page')) },
        { path: '/otp/:token', lazy: lazyRoute(() => import('../features/auth/otp/otp-page')) },
        { path: '/internet-connection', Component: InternetConnectionPage },
        // In-product help: public, so the sign-in screens' help icons can open it in a new tab too.
        { path: '/docs', lazy: lazyRoute(() => import('../features/docs/docs-index-page')) },
        { path: '/docs/:topic', lazy: lazyRoute(() => import('../features/docs/docs-topic-page')) },
        {
          loader: privateLoader,
          // Re-check the session on every navigation, not only on the first one.
          shouldRevalidate: () => true,
          lazy: lazyRoute(() => import('./signed-in-layout')),
          children: [
            { path: '/home', lazy: lazyRoute(() => import('../features/home/home-page')) },
            {
              loader: shellLoader,
              shouldRevalidate: () => false,
              lazy: lazyRoute(() => import('../components/shell/shell-layout')),
              children: shellRoutes,
            },
          ],
        },
        { path: '*', loader: unknownPathLoader },
      ],
    },
  ];
}

/**
 * What react-router's createBrowserRouter does, less its last step: the caller runs
 * `router.initialize()` (the first navigation: route matching, loaders, the screen's chunk
 * requests) in a task of its own (main.tsx). Building and ranking the route table and that first
 * navigation together were the entry's longest task: 25-37 ms at full speed under Lighthouse's
 * trace, ~7.5 times that at the phone speed it emulates (issue 17). No server-rendered hydration
 * data exists here, which createBrowserRouter would also read.
 */
export const createAppRouter = (config: AppConfig) =>
  createRouter({
    history: createBrowserHistory({ window }),
    routes: buildRoutes(config),
    mapRouteProperties,
    hydrationRouteProperties,
  });
