import { API_PATHS, ERROR_MESSAGES, type Module, modulesResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * GET /modules: the modules and menus the caller may use. Shared by home (cards) and the OTP
 * screen (spec s.4 "modules loaded" after verification). Failure keeps the spec's stored text.
 */
export const modulesQuery = () =>
  queryOptions({
    queryKey: ['modules'],
    queryFn: async ({ signal }): Promise<Module[]> => {
      const body = await api.get<unknown>(API_PATHS.modules, { signal });
      const parsed = modulesResponseSchema.safeParse(body);
      if (!parsed.success) throw new Error(ERROR_MESSAGES.loadPosts);
      return parsed.data.data;
    },
    staleTime: 60_000,
  });
