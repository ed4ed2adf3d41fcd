import { ADMIN_API_PATHS, type Company, COMPANY_DROPDOWN_LIMIT, type ListResult } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CompanyOption = Pick<Company, 'id' | 'name' | 'status'>;

/** Spec s.7: the company dropdown call uses limit=1000. Sorted by name for the list. */
async function getCompanyOptions({ signal }: { signal?: AbortSignal } = {}): Promise<CompanyOption[]> {
  const body = await api.get<ListResult<Company>>(ADMIN_API_PATHS.companies.list, {
    query: { page: 1, limit: COMPANY_DROPDOWN_LIMIT, sortField: 'name', sortOrder: 'asc' },
    signal,
  });
  return (body?.data ?? []).map(({ id, name, status }) => ({ id, name, status }));
}

// Under 'companies' so that the companies screen's invalidation refreshes the dropdown too.
const companyOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'options'], queryFn: ({ signal }) => getCompanyOptions({ signal }), staleTime: 60_000 });

export const useCompanyOptions = (enabled = true) => useQuery({ ...companyOptionsQueryOptions(), enabled });
