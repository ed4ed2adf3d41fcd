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
 * The router (its first navigation runs the route loaders and starts the screen's requests) and
 * the first render, in a task of their own: the modules above run in one task the browser
 * cannot cut short, and on a phone's CPU that task and this work together held the main thread
 * for twice Lighthouse's 50 ms long-task budget (issue 17).
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
