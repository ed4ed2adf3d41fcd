import { type UserListItem, usersResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';

/** GET /users (roleId, companyId, status filters), add, update, delete and exports: the resource kit's fetchers and keys. */
export const usersApi = createResourceApi<UserListItem>(usersResource);
