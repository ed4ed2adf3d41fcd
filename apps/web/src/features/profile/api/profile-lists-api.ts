import { type UserActivity, type UserSession, userActivityResource, userSessionsResource } from '@console/contract';
import { createResourceApi } from '../../../components/resource';

// Spec s.8: a failed list read of activity or sessions is an empty list.
/** GET /user-activity (own rows, or ?userId's for a view-all holder) and its exports. */
export const userActivityApi = createResourceApi<UserActivity>(userActivityResource, { onListError: 'empty' });
/** GET /user-sessions (own rows, or ?userId's for a view-all holder) and its exports. */
export const userSessionsApi = createResourceApi<UserSession>(userSessionsResource, { onListError: 'empty' });
