import { type Role, ROLE_MESSAGES, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { createCrudService } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import { assertWithin, currentActor, lockRoles } from '../access/index.js';
import { rolesStore } from './roles.repository.js';

type RoleInput = { name: string; description?: string | null; secondFactorRequired?: boolean };

/** Role 1 and any system role keep their name and are never deleted. */
const isProtected = (role: Pick<Role, 'id' | 'isSystem'>) => role.id === SUPER_ADMIN_ROLE_ID || role.isSystem;

/**
 * Roles: the generic service (lib/resource/service.ts) with the roles' rules as its hooks. Names
 * are unique ignoring case (a unique index on lower(name) settles races); role 1 (and any system
 * role) keeps its name and cannot be deleted; a role that users hold cannot be deleted (the store's
 * usage, 409 with their count); a caller who is not the super admin changes only roles whose keys
 * their own role holds (access/role-scope.ts).
 */
export function createRolesService(app: FastifyInstance) {
  return createCrudService<Role, RoleInput>(app, {
    store: rolesStore,
    messages: { notFound: 'Role not found', nameTaken: ROLE_MESSAGES.nameTaken, inUse: ROLE_MESSAGES.inUse },
    transaction: true,
    values: (input, action) => {
      const at = action === 'create' ? app.clock.now() : undefined;
      // An input without the policy keeps the stored one (the column defaults to off).
      const policy = input.secondFactorRequired === undefined ? {} : { secondFactorRequired: input.secondFactorRequired };
      return { name: input.name, description: input.description ?? '', ...policy, ...(at ? { createdAt: at, updatedAt: at } : {}) };
    },
    hooks: {
      /**
       * An edit or delete locks the role (and the caller's own) and applies the anti-escalation rule:
       * a caller who is not the super admin changes or deletes only roles within their reach (403).
       * The lock also makes a concurrent "give a user this role" wait, then fail on the foreign key.
       */
      async access({ db, request }, { action, id }) {
        if (action === 'create' || id === undefined) return undefined;
        const actor = await currentActor(db, requireAuth(request));
        await lockRoles(db, actor.isSuperAdmin ? [id] : [id, actor.roleId], 'update');
        await assertWithin(db, actor, [{ roleId: id }], { entity: 'role', entityId: id });
        return undefined;
      },
      authorize(_ctx, { action, input, before }) {
        if (!before || !isProtected(before)) return;
        if (action === 'remove') throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminDelete);
        if (input && input.name !== before.name) {
          throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminRename, { name: ROLE_MESSAGES.superAdminRename });
        }
      },
    },
  });
}
