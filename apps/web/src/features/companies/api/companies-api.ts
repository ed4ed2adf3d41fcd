import { type Company, companiesResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';

/** GET /companies (with status filter), add, update, delete and exports: the resource kit's fetchers and keys. */
export const companiesApi = createResourceApi<Company>(companiesResource);
