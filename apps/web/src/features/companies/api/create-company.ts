import { ADMIN_API_PATHS, type Company } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from './get-companies';

/** Spec s.3: company add answers message, logo and success (plus the stored company). */
export type CompanyMutationResponse = { success: boolean; message: string; logo?: string | null; data?: Company };

/** POST /companies/add (multipart; the logo travels as the file part `logo`). */
const createCompany = (body: FormData) => api.post<CompanyMutationResponse>(ADMIN_API_PATHS.companies.add, body);

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
