/** Render helpers for the tests of the shared components (MantineProvider, router, query client). */
import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';

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

export function renderWithRouter(ui: ReactElement, { route = '/', queryClient }: { route?: string; queryClient?: QueryClient } = {}) {
  const client =
    queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  const result = render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[route]}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    ),
  });
  return { ...result, queryClient: client };
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
