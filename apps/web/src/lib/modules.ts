import { API_PATHS, buildModuleCatalogue, ERROR_MESSAGES, type Module, modulesResponseSchema } from '@console/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { getAppConfig } from './app-config';

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

/**
 * The display name of the module at `slug`: from GET /modules when the user has it, else from
 * the contract's catalogue (a user without the module does not get it from the server), else
 * the slug itself. Never a menu's title: the shell once showed "Module: Users" on Access Denied.
 */
export function moduleName(slug: string, modules: readonly Pick<Module, 'slug' | 'name'>[] | undefined): string {
  const served = modules?.find((m) => m.slug === slug)?.name;
  if (served) return served;
  const { productSlug, productName } = getAppConfig();
  return buildModuleCatalogue({ slug: productSlug, name: productName }).find((m) => m.slug === slug)?.name ?? slug;
}
