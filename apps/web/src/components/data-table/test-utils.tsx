/** Render helpers for the tests of the shared components (MantineProvider, router, query client). */
import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { vi } from 'vitest';
import { fixedMediaQueryList } from './test-setup';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

export function renderWithMantine(ui: ReactElement, options?: RenderOptions) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>,
    ...options,
  });
}

/** Shows the router's current search string so tests can assert on the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** What the test renders, handed to the router's one route (so `rerender` reaches it too). */
const Rendered = createContext<ReactNode>(null);
function RenderedScreen() {
  return (
    <>
      {useContext(Rendered)}
      <LocationProbe />
    </>
  );
}

/**
 * Renders `ui` at `route` in a data router, as the app runs (createBrowserRouter): screens that
 * ask before unsaved changes are left (useBlocker) need one.
 */
export function renderWithRouter(ui: ReactElement, { route = '/', queryClient }: { route?: string; queryClient?: QueryClient } = {}) {
  const client =
    queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <RenderedScreen /> }], { initialEntries: [route] });
  const result = render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <Rendered.Provider value={children}>
            <RouterProvider router={router} />
          </Rendered.Provider>
        </QueryClientProvider>
      </MantineProvider>
    ),
  });
  return { ...result, queryClient: client };
}

/**
 * Makes the page answer media queries as a phone held upright (390 px wide): a `max-width`
 * query below 390 px does not match, one at or above does. Undo with vi.restoreAllMocks().
 */
export function emulatePhoneWidth(width = 390) {
  const query = (q: string) => {
    const max = /max-width:\s*(?:calc\()?([\d.]+)(em|px)/.exec(q);
    const px = max ? Number(max[1]) * (max[2] === 'em' ? 16 : 1) : undefined;
    return fixedMediaQueryList(q, px !== undefined && width <= px);
  };
  return vi.spyOn(window, 'matchMedia').mockImplementation(query);
}

/** The current URL's search params as shown by LocationProbe. */
export function currentSearch(getByTestId: (id: string) => HTMLElement): URLSearchParams {
  const text = getByTestId('location').textContent ?? '';
  const i = text.indexOf('?');
  return new URLSearchParams(i >= 0 ? text.slice(i + 1) : '');
}

/** axe's violations in `container`, structural rules only: jsdom computes no colours or layout. */
export async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations;
}
