import { z } from 'zod';

export const menuSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), logo: z.string() });
export type Menu = z.infer<typeof menuSchema>;

export const moduleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  description: z.string(),
  menus: z.array(menuSchema),
});
export type Module = z.infer<typeof moduleSchema>;

export const modulesResponseSchema = z.object({ data: z.array(moduleSchema) });
export const menusResponseSchema = z.object({ data: z.array(menuSchema) });

/**
 * The caller's permissions (spec s.3 "Permissions"): menuPermissions keyed by module slug
 * (the first URL segment, which the sidebar reads) and rolePermissions = permitted roleKeys.
 */
export const rolePermissionsResponseSchema = z.object({
  data: z.object({
    roleId: z.number().int(),
    menuPermissions: z.record(z.string(), z.array(menuSchema)),
    rolePermissions: z.array(z.string()),
  }),
});
export type RolePermissions = z.infer<typeof rolePermissionsResponseSchema>['data'];

export const subModuleSchema = z.object({ id: z.number().int(), name: z.string(), roleKey: z.string() });
export const permissionDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  moduleId: z.number().int(),
  subModules: z.array(subModuleSchema),
});
export type PermissionDetail = z.infer<typeof permissionDetailSchema>;

export const modulePermissionSchema = z.object({ roleId: z.number().int(), moduleId: z.number().int() });
export type ModulePermission = z.infer<typeof modulePermissionSchema>;

/** Public facts the SPA needs before sign-in; the server writes them into index.html as meta tags. */
export const appConfigSchema = z.object({
  productSlug: z.string(),
  productName: z.string(),
  supportEmail: z.string(),
  inactivityTimeoutMs: z.number().int(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
