import { ADMIN_API_PATHS, type OperationResponse } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from './get-companies';

/** DELETE /companies/delete/:id. 409 while users still belong to the company (its message says so). */
const deleteCompany = (id: number) => api.delete<OperationResponse>(ADMIN_API_PATHS.companies.remove(id));

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}

export type BulkDeleteOutcome = { deleted: number; failures: { id: number; message: string }[] };

/**
 * Deletes one by one (the API has no bulk call) and collects every refusal, so a company that
 * still has users does not hide that the others went.
 */
export async function deleteCompanies(ids: readonly number[], remove: (id: number) => Promise<unknown> = deleteCompany): Promise<BulkDeleteOutcome> {
  const results = await Promise.allSettled(ids.map((id) => remove(id)));
  const failures = results.flatMap((result, i) =>
    result.status === 'rejected' ? [{ id: ids[i], message: errorMessage(result.reason, 'The company could not be deleted') }] : [],
  );
  return { deleted: ids.length - failures.length, failures };
}
