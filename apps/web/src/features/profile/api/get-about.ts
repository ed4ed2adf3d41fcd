import { aboutSchema, ADMIN_API_PATHS, ERROR_MESSAGES } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { useQuery } from '../../../lib/use-query';
import { z } from 'zod';
import { readData } from '../../../lib/read-data';

const aboutResponseSchema = z.object({ data: aboutSchema });

/** Under the module's name (profile), as every query of a module. */
export const aboutKey = (userId: number) => ['profile', 'about', userId] as const;

/** GET /about/{id}: own profile (a super admin may read anyone's, e.g. for the user picker's label). */
const aboutQuery = (userId: number) =>
  queryOptions({
    queryKey: aboutKey(userId),
    queryFn: ({ signal }) =>
      readData(ADMIN_API_PATHS.about.get(userId), aboutResponseSchema, ERROR_MESSAGES.loadPosts, { signal }).then((b) => b.data),
    staleTime: 30_000,
  });

export const useAbout = (userId: number | undefined, options: { enabled?: boolean } = {}) =>
  useQuery({ ...aboutQuery(userId ?? 0), enabled: typeof userId === 'number' && (options.enabled ?? true) });
