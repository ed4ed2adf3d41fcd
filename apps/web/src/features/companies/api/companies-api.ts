import { type Company, companiesResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** GET /companies (with status filter), add, update, delete and exports: the resource kit's fetchers and keys. */
export const companiesApi = createResourceApi<Company>(companiesResource);

/** What /companies asks for first: the page of the list its URL selects (prefetched by the route, read by the table). */
export const companiesRouteQueries: RouteQueries = (params) => [companiesApi.listQueryForUrl(params)];
