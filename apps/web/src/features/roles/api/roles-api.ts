import { type RoleListItem, rolesResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';
import type { RouteQueries } from '../../../lib/route-prefetch';

/** GET /roles, add, update, delete and exports. Spec s.8: a failed roles list read is an empty list. */
export const rolesApi = createResourceApi<RoleListItem>(rolesResource, { onListError: 'empty' });

/** What the roles screen asks for first: the page of the list its URL selects. */
export const rolesRouteQueries: RouteQueries = (params) => [rolesApi.listQueryForUrl(params)];
