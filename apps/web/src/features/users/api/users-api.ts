import { STATUSES, type UserListItem, usersResource } from '@console/contract';
import { createResourceApi, type FilterSpec, parseFilters } from '../../../components/resource';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** GET /users (roleId, companyId, status filters), add, update, delete and exports: the resource kit's fetchers and keys. */
export const usersApi = createResourceApi<UserListItem>(usersResource);

/** The users list filters (contract userListQueryExtraSchema), kept in the URL. */
export const USER_FILTERS = { roleId: 'id', companyId: 'id', status: STATUSES } as const satisfies FilterSpec;

/** What the users screen asks for first: the page of the list its URL selects, with its filters. */
export const usersRouteQueries: RouteQueries = (params) => [usersApi.listQueryForUrl(params, parseFilters(USER_FILTERS, params))];
