import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, Suspense, use, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useQuery } from './use-query';

const clients: QueryClient[] = [];
function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return { client, ui: <QueryClientProvider client={client}>{children}</QueryClientProvider> };
}
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

/** A promise the test settles. */
function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useQuery (answers render as transitions)', () => {
  it('goes from pending to the answer, and to the error of a failed call', async () => {
    const ok = later<string>();
    const bad = later<string>();
    function Show({ id, load }: { id: string; load: () => Promise<string> }) {
      const q = useQuery({ queryKey: [id], queryFn: load });
      return <p data-testid={id}>{q.isPending ? 'pending' : q.isError ? `error: ${q.error.message}` : q.data}</p>;
    }
    render(
      withClient(
        <>
          <Show id="ok" load={() => ok.promise} />
          <Show id="bad" load={() => bad.promise} />
        </>,
      ).ui,
    );
    expect(screen.getByTestId('ok')).toHaveTextContent('pending');
    await act(async () => {
      ok.resolve('the answer');
      bad.reject(new Error('refused'));
    });
    await waitFor(() => expect(screen.getByTestId('ok')).toHaveTextContent('the answer'));
    await waitFor(() => expect(screen.getByTestId('bad')).toHaveTextContent('error: refused'));
  });

  it('returns the state of the key it is rendered with, at once: another key is pending until its answer', async () => {
    const answers = new Map([
      ['a', later<string>()],
      ['b', later<string>()],
    ]);
    let choose: (key: string) => void = () => undefined;
    function Show() {
      const [key, setKey] = useState('a');
      choose = setKey;
      const q = useQuery({ queryKey: ['item', key], queryFn: () => (answers.get(key) as ReturnType<typeof later<string>>).promise });
      return <p>{q.isPending ? `pending ${key}` : q.data}</p>;
    }
    render(withClient(<Show />).ui);
    await act(async () => answers.get('a')?.resolve('answer a'));
    expect(await screen.findByText('answer a')).toBeInTheDocument();
    act(() => choose('b'));
    expect(screen.getByText('pending b')).toBeInTheDocument();
    await act(async () => answers.get('b')?.resolve('answer b'));
    expect(await screen.findByText('answer b')).toBeInTheDocument();
  });

  it('shows data already in the cache on the first render, without waiting for a subscription', () => {
    function Show() {
      const q = useQuery({ queryKey: ['cached'], queryFn: () => 'fetched', staleTime: Number.POSITIVE_INFINITY });
      return <p>{q.data ?? 'nothing'}</p>;
    }
    const { client, ui } = withClient(<Show />);
    client.setQueryData(['cached'], 'from the cache');
    render(ui);
    expect(screen.getByText('from the cache')).toBeInTheDocument();
  });

  it('re-renders as a transition: content already shown stays while the new answer suspends', async () => {
    // A blocking render (TanStack's useSyncExternalStore) would put the Suspense fallback back in
    // place of the shown content while `use` waits; a transition keeps the content until it is ready.
    const first = later<string>();
    const detail = new Map<string, Promise<string>>();
    const detailOf = (value: string) => {
      if (!detail.has(value)) detail.set(value, value === 'second' ? later<string>().promise : Promise.resolve(`detail of ${value}`));
      return detail.get(value) as Promise<string>;
    };
    function Detail({ value }: { value: string }) {
      return <p>{use(detailOf(value))}</p>;
    }
    function Show() {
      const q = useQuery({ queryKey: ['suspending'], queryFn: () => first.promise });
      return q.data ? <Detail value={q.data} /> : <p>pending</p>;
    }
    const { client, ui } = withClient(
      <Suspense fallback={<p>fallback</p>}>
        <Show />
      </Suspense>,
    );
    render(ui);
    await act(async () => first.resolve('first'));
    expect(await screen.findByText('detail of first')).toBeInTheDocument();
    await act(async () => {
      client.setQueryData(['suspending'], 'second');
      // Past React's throttle for showing a fallback (300 ms), so a blocking render would have shown it.
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(screen.getByText('detail of first')).toBeVisible();
    expect(screen.queryByText('fallback')).not.toBeInTheDocument();
  });
});
