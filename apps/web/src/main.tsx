import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import './styles/boot-shell.css';

import { PUBLIC_ROUTES } from '@console/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { getAppConfig } from './lib/app-config';

/**
 * The entry's work in tasks of its own (issue 17): the modules above run in one task the browser
 * cannot cut short, then (1) the router is built, (2) its first navigation runs the route loaders
 * and starts the screen's requests, (3) the first render is scheduled. In one task, (1) to (3)
 * were the entry's longest (25-37 ms at full speed under Lighthouse's trace, a long task at the
 * phone speed it emulates); apart, none reached 10 ms of thread time in the same traces.
 */
function start() {
  const config = getAppConfig();
  const router = createAppRouter(config);

  // Spec s.2: every 401 from the API sends the browser to /token-expiry (once, not per call).
  setUnauthorizedHandler(() => {
    const { pathname } = router.state.location;
    if (pathname !== PUBLIC_ROUTES.tokenExpiry && pathname !== PUBLIC_ROUTES.logout) {
      void router.navigate(PUBLIC_ROUTES.tokenExpiry, { replace: true });
    }
  });

  document.title = config.productName;

  setTimeout(() => {
    router.initialize();
    // With the boot shell painted (public/boot-shell.js), the first render waits for the first
    // navigation (the screen's code, the shell's permissions and modules): React's first commit
    // empties #root, and a first render before then drew the router's full-screen "Loading…"
    // over the frame the user was already looking at, then the shell with placeholders, then the
    // screen (issue 17, Lighthouse's filmstrip of the users list). Without it (sign-in, no session
    // cookie) the "Loading…" is the first thing painted, so it renders at once as before.
    if (router.state.initialized || !document.querySelector('#root .boot-shell')) {
      setTimeout(() => render(router), 0);
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      setTimeout(() => render(router), 0);
    });
  }, 0);
}

function render(router: ReturnType<typeof createAppRouter>) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  // The first render is a transition: React renders it in slices of a few ms and lets the browser
  // paint and take input between them, instead of building the whole signed-in screen (shell,
  // navigation, the page, its table) in one uninterrupted task. On a phone that task took 0.6-2.5 s
  // (Lighthouse mobile's total blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

setTimeout(start, 0);
