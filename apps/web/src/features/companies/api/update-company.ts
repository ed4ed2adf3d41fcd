import { ADMIN_API_PATHS } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CompanyMutationResponse } from './create-company';
import { COMPANIES_QUERY_KEY } from './get-companies';

/** PATCH /companies/update/:id (multipart; a new `logo` part replaces, removeLogo=true drops it). */
const updateCompany = ({ id, body }: { id: number; body: FormData }) =>
  api.patch<CompanyMutationResponse>(ADMIN_API_PATHS.companies.update(id), body);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
