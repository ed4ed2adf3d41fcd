import { z } from 'zod';
import { idField, idListField } from '../common/fields.js';
import { modulePermissionSchema } from './access.js';

/** POST /module-permissions/add: the modules a role may enter (replaces them). */
export const modulePermissionAddSchema = z.object({
  roleId: idField(),
  moduleIds: idListField(100),
});
export type ModulePermissionAddInput = z.infer<typeof modulePermissionAddSchema>;

export const modulePermissionsQuerySchema = z.object({ roleId: idField().optional() });
export const modulePermissionsResponseSchema = z.object({ data: z.array(modulePermissionSchema) });
