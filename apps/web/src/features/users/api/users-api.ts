import { type UserListItem, usersResource } from '@console/contract';
import { createResourceApi, resourceOptionsQuery, urlFilterSpec } from '../../../components/resource';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** The role dropdowns keep `manageable`: the form offers only the roles the signed-in user may assign. */
export const ROLE_OPTIONS = { fields: ['name', 'manageable'] } as const;
/** The company dropdowns keep `status`: the form marks an inactive company. */
export const COMPANY_OPTIONS = { fields: ['name', 'status'] } as const;

/** GET /users (roleId, companyId, status filters, kept in the URL), add, update, delete and exports: the resource kit's fetchers and keys. */
export const usersApi = createResourceApi<UserListItem>(usersResource, { urlFilters: urlFilterSpec(usersResource.list.filters) });

/**
 * The users screen's first queries, which its route's loader starts (app/route-data.ts): the page
 * of the list, and the role and company options its filters and drawer read. Asked for by the
 * loader, the options are usually in before the screen's first render, which then draws the
 * filters once instead of again as each list of options arrives.
 */
export const usersRouteQueries: RouteQueries = (params, can) => [
  ...usersApi.routeQueries(params, can),
  resourceOptionsQuery('roles', ROLE_OPTIONS),
  resourceOptionsQuery('companies', COMPANY_OPTIONS),
];
