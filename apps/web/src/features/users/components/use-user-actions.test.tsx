import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, it } from 'vitest';
import { useRegenerateKeyFlow, useResetFactorsFlow } from './use-user-actions';

// The users page builds its table's action column from these callbacks: a callback that is new on
// every render makes every row's actions render again whenever the page does (its role and
// company options arriving, a dialog opening).
it('keeps the row actions’ callbacks the same across re-renders', () => {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result, rerender } = renderHook(() => ({ key: useRegenerateKeyFlow(), reset: useResetFactorsFlow() }), { wrapper });
  const first = result.current;
  rerender();
  rerender();
  expect(result.current.key.start).toBe(first.key.start);
  expect(result.current.key.close).toBe(first.key.close);
  expect(result.current.reset).toBe(first.reset);
});
