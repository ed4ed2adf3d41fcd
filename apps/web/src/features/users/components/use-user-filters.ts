import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseUserFilters, type UserFilters, writeUserFilters } from './user-filters';

/** The toolbar filters, kept in the URL next to the table's list query (back/forward and reload keep them). */
export function useUserFilters() {
  const [params, setParams] = useSearchParams();
  const roleId = params.get('roleId');
  const companyId = params.get('companyId');
  const status = params.get('status');
  // Stable identity while the three values are the same: the filters are part of the query key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the three strings stand for params (a new object on every URL change)
  const filters = useMemo(() => parseUserFilters(params), [roleId, companyId, status]);

  const setFilters = useCallback(
    (patch: Partial<Record<keyof UserFilters, number | string | undefined>>) => {
      setParams((current) => writeUserFilters(current, patch));
    },
    [setParams],
  );
  const clearFilters = useCallback(() => setFilters({ roleId: undefined, companyId: undefined, status: undefined }), [setFilters]);
  return { filters, setFilters, clearFilters };
}
