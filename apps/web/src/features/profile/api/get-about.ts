import { type About, aboutSchema, ADMIN_API_PATHS, ERROR_MESSAGES } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const aboutResponseSchema = z.object({ data: aboutSchema });

export const aboutKey = (userId: number) => ['about', userId] as const;

/** GET /about/{id}: own profile (a super admin may read anyone's, e.g. for the user picker's label). */
const aboutQuery = (userId: number) =>
  queryOptions({
    queryKey: aboutKey(userId),
    queryFn: async ({ signal }): Promise<About> => {
      const parsed = aboutResponseSchema.safeParse(await api.get(ADMIN_API_PATHS.about.get(userId), { signal }));
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    staleTime: 30_000,
  });

export const useAbout = (userId: number | undefined, options: { enabled?: boolean } = {}) =>
  useQuery({ ...aboutQuery(userId ?? 0), enabled: typeof userId === 'number' && (options.enabled ?? true) });
