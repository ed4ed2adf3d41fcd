import '../data-table/test-setup';
import { SERVER_MESSAGES, UI_TEXT } from '@console/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, errorMessage, readListOrEmpty } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { parseRetryAfter, reportServiceStatus, unavailableRetryDelay } from '../../lib/service-status';
import { FormBuilder } from '../form-builder';
import { ServiceNotice } from './service-notice';

// Issue 17: while the API answers 503 (its database is away) the SPA says "the service is
// unavailable, retrying" in a live region, reads retry by themselves, and a refused submit keeps
// the form and says the service is unavailable instead of the action's own error. fetch is the
// edge mocked here: a fake API that is down until the test brings it back.

const unavailable = (body: unknown = { success: false, code: 'UNAVAILABLE', message: SERVER_MESSAGES.unavailable }) =>
  new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fake API: every call answers 503 while `down`, then `answer(url)`. */
function fakeApi(answer: (url: string) => Response) {
  const state = { down: true, calls: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      state.calls.push(url);
      return state.down ? unavailable() : answer(url);
    }),
  );
  return state;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  reportServiceStatus(200);
});

function Things() {
  const things = useQuery({ queryKey: ['things'], queryFn: () => api.get<{ data: string[] }>('/things') });
  if (things.isError) return <p>{errorMessage(things.error, 'Failed to load things')}</p>;
  return <p>{things.data ? things.data.data.join(', ') : 'Loading things'}</p>;
}

function renderApp(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        {ui}
        <ServiceNotice />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('service unavailable: reads', () => {
  it('shows the notice in a live region, retries the read by itself, and both settle when the API is back', async () => {
    const api503 = fakeApi((url) => (url.endsWith('/things') ? ok({ data: ['first thing'] }) : ok({ status: 'ok', database: 'up' })));
    renderApp(<Things />);

    const notice = screen.getByRole('status');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(notice).toHaveTextContent(UI_TEXT.serviceUnavailable));
    // Not a failure of the screen: still waiting for its data, no error text.
    expect(screen.getByText('Loading things')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load things')).toBeNull();

    api503.down = false;
    expect(await screen.findByText('first thing')).toBeInTheDocument();
    await waitFor(() => expect(notice).toBeEmptyDOMElement());
    expect(api503.calls.filter((u) => u.endsWith('/things')).length).toBeGreaterThanOrEqual(2);
  });

  it('a list read does not turn a 503 into an empty list (it is retried), but other failures still do (spec s.8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unavailable()),
    );
    await expect(readListOrEmpty('/things')).rejects.toMatchObject({ status: 503, retryAfterMs: 1000 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    await expect(readListOrEmpty('/things')).resolves.toMatchObject({ data: [], totalPages: 0 });
  });

  it('waits at least Retry-After, backing off up to 30 s', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(50_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(unavailableRetryDelay(0, 5000)).toBe(5000);
    expect(unavailableRetryDelay(3, 5000)).toBe(8000);
    expect(unavailableRetryDelay(10, 5000)).toBe(30_000);
    expect(unavailableRetryDelay(0, 45_000)).toBe(45_000);
  });
});

describe('service unavailable: a submit', () => {
  const fields = [{ name: 'name', label: 'Name', type: 'text' as const, required: true }];
  const schema = z.object({ name: z.string().min(1) });

  it.each([
    ['with the API message', undefined],
    ['without one (a proxy in front answered)', {}],
  ])('keeps the form and its input and says the service is unavailable, %s', async (_, body) => {
    // Still down: the health probe of the notice is refused too.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unavailable(body)),
    );
    renderApp(
      <FormBuilder
        fields={fields}
        schema={schema}
        submitLabel="Save"
        errorFallback="Error adding user"
        onSubmit={async (values) => {
          await api.post('/things/add', values);
        }}
      />,
    );
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /Name/ });
    await user.type(input, 'Ann Example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.unavailable);
    expect(screen.queryByText('Error adding user')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Ann Example');
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXT.serviceUnavailable);
  });
});
