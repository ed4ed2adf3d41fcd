import { type Company, ERROR_MESSAGES, PERMISSION_KEYS } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RecordId } from '../../../components/data-table';
import { confirmDelete, showAlert } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { deleteCompanies, useDeleteCompany } from '../api/delete-company';
import { COMPANIES_QUERY_KEY } from '../api/get-companies';

const K = PERMISSION_KEYS.companies;

/** What the signed-in user may do on the companies screen (the API enforces the same keys). */
export function useCompanyPermissions() {
  return { create: useCan(K.create), update: useCan(K.update), remove: useCan(K.delete), exportList: useCan(K.export) };
}

/**
 * A refusal the user must act on (409: the company still has users) stays on screen in a
 * dialog; anything else is a toast.
 */
function reportDeleteFailure(message: string, conflict: boolean) {
  if (conflict) void showAlert({ icon: 'error', title: 'The company was not deleted', text: message });
  else toast.error(message);
}

export function useCompanyDelete() {
  const queryClient = useQueryClient();
  const remove = useDeleteCompany();

  const deleteOne = useCallback(
    async (company: Company) => {
      if (!(await confirmDelete())) return;
      try {
        const result = await remove.mutateAsync(company.id);
        toast.success(result?.message || 'Company deleted');
      } catch (error) {
        reportDeleteFailure(errorMessage(error, ERROR_MESSAGES.generic), isApiError(error) && error.status === 409);
      }
    },
    [remove],
  );

  /** For the table's bulk delete: rejects when any company stayed, so the selection is kept. */
  const deleteMany = useCallback(
    async (ids: RecordId[]) => {
      const outcome = await deleteCompanies(ids.map(Number));
      await queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
      if (outcome.deleted > 0) toast.success(`${outcome.deleted} ${outcome.deleted === 1 ? 'company' : 'companies'} deleted`);
      if (outcome.failures.length > 0) {
        const lines = [...new Set(outcome.failures.map((f) => f.message))].join('\n');
        reportDeleteFailure(
          outcome.failures.length === 1 ? lines : `${outcome.failures.length} companies were not deleted:\n${lines}`,
          true,
        );
        throw new Error('Some companies were not deleted');
      }
    },
    [queryClient],
  );

  return { deleteOne, deleteMany };
}
