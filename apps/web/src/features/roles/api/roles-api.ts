import { type RoleListItem, rolesResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';

/** GET /roles, add, update, delete and exports. Spec s.8: a failed roles list read is an empty list. */
export const rolesApi = createResourceApi<RoleListItem>(rolesResource, { onListError: 'empty' });
