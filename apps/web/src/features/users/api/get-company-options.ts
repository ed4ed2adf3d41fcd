import { type Company, companiesResource, COMPANY_DROPDOWN_LIMIT } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createResourceApi } from '../../../components/resource';

export type CompanyOption = Pick<Company, 'id' | 'name' | 'status'>;

const companies = createResourceApi<Company>(companiesResource);

/**
 * Spec s.7: the company dropdown call uses limit=1000, sorted by name. Cached under
 * ['companies', 'options', 'id-name-status'], so the companies screen's writes refresh it and no
 * screen that reads whole companies shares its key.
 */
export const companyOptionsQueryOptions = () =>
  companies.optionsQueryOptions<CompanyOption>('id-name-status', ({ id, name, status }) => ({ id, name, status }), {
    limit: COMPANY_DROPDOWN_LIMIT,
  });

export const useCompanyOptions = (enabled = true) => useQuery({ ...companyOptionsQueryOptions(), enabled });
