import { ADMIN_API_PATHS, type User } from '@console/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../lib/use-query';
import { readListOrEmpty } from '../../lib/api-client';

// Enough to find someone by typing; the search narrows it down on the server.
const PICKER_LIMIT = 25;

/** GET /users?search=…&limit=25 for the user pickers (profile lists, change history). Spec s.8: failure reads as no users. */
const userSearchQuery = (search: string) =>
  queryOptions({
    queryKey: ['users', 'picker', search],
    queryFn: async ({ signal }) =>
      (
        await readListOrEmpty<User>(
          ADMIN_API_PATHS.users.list,
          { search, limit: PICKER_LIMIT, sortField: 'firstname', sortOrder: 'asc' },
          signal,
        )
      ).data,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useUserSearch = (search: string, enabled: boolean) => useQuery({ ...userSearchQuery(search), enabled });
