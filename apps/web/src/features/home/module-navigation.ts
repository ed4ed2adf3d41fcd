import { accessDeniedMessage, type Module, SUPER_ADMIN_ROLE_ID, superAdminFallbackPath } from '@console/contract';

export type ModuleNavigation = { kind: 'navigate'; to: string } | { kind: 'denied'; message: string };

/**
 * Module card click (spec s.4 / s.6): a module with menus opens its first menu; a super admin
 * enters a menu-less module through the contract's fallbacks; anyone else gets 'Access Denied'.
 */
export function decideModuleNavigation(
  module: Pick<Module, 'name' | 'slug' | 'menus'>,
  context: { roleId: number | undefined; productSlug: string },
): ModuleNavigation {
  const first = module.menus[0];
  if (module.slug && first) return { kind: 'navigate', to: `/${module.slug}/${first.slug}` };
  if (context.roleId === SUPER_ADMIN_ROLE_ID) return { kind: 'navigate', to: superAdminFallbackPath(module.slug, context.productSlug) };
  return { kind: 'denied', message: accessDeniedMessage(module.name) };
}
