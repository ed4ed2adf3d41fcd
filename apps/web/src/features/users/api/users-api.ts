import { type UserListItem, usersResource } from '@console/contract';
import { createResourceApi, urlFilterSpec } from '../../../components/resource';

/** The role dropdowns keep `manageable`: the form offers only the roles the signed-in user may assign. */
export const ROLE_OPTIONS = { fields: ['name', 'manageable'] } as const;
/** The company dropdowns keep `status`: the form marks an inactive company. */
export const COMPANY_OPTIONS = { fields: ['name', 'status'] } as const;

/** GET /users (roleId, companyId, status filters, kept in the URL), add, update, delete and exports: the resource kit's fetchers and keys. */
export const usersApi = createResourceApi<UserListItem>(usersResource, { urlFilters: urlFilterSpec(usersResource.list.filters) });
