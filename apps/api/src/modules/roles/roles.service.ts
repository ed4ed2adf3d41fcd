import { type Role, ROLE_MESSAGES, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Change, ResourceService } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import type { AuthContext } from '../../types.js';
import { assertWithin, currentActor, lockRoles } from '../access/index.js';
import { isForeignKeyViolation } from '../../lib/pg-errors.js';
import { createRolesRepository, pgCode, type Tx, UNIQUE_VIOLATION } from './roles.repository.js';
import { oneRow } from '../../lib/rows.js';

export type RoleInput = { name: string; description?: string | null };

const nameTaken = () => new AppError('CONFLICT', ROLE_MESSAGES.nameTaken, { name: ROLE_MESSAGES.nameTaken });
const notFound = () => new AppError('NOT_FOUND', 'Role not found');
const isProtected = (role: Pick<Role, 'id' | 'isSystem'>) => role.id === SUPER_ADMIN_ROLE_ID || role.isSystem;

/**
 * Role rules: names are unique ignoring case (a unique index on lower(name) settles races);
 * role 1 (and any system role) keeps its name and cannot be deleted; a role that users hold
 * cannot be deleted; a caller who is not the super admin changes only roles whose keys their own
 * role holds (access/role-scope.ts).
 */
export function createRolesService(db: Db, clock: Clock) {
  const repo = createRolesRepository(db);

  /** Turns the unique index's refusal (a concurrent request took the name) into the same 409. */
  async function guardUnique<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (pgCode(error) === UNIQUE_VIOLATION) throw nameTaken();
      throw error;
    }
  }

  /**
   * Locks the role (and the caller's own) for a change and applies the anti-escalation rule: a
   * caller who is not the super admin changes or deletes only roles within their reach (403).
   */
  async function lockedForChange(tx: Tx, auth: AuthContext, id: number): Promise<Role> {
    const actor = await currentActor(tx, auth);
    await lockRoles(tx, actor.isSuperAdmin ? [id] : [id, actor.roleId], 'update');
    const role = await repo.findById(id, tx);
    if (!role) throw notFound();
    await assertWithin(tx, actor, [{ roleId: id }], { entity: 'role', entityId: id });
    return role;
  }

  const service = {
    async get(id: number) {
      const role = await repo.findById(id);
      if (!role) throw notFound();
      return role;
    },

    async create(_ctx: unknown, input: RoleInput): Promise<Change<Role>> {
      if (await repo.nameTaken(input.name)) throw nameTaken();
      const id = await guardUnique(() => repo.insert({ name: input.name, description: input.description ?? '', at: clock.now() }));
      return { id, after: oneRow(await repo.findById(id)) };
    },

    async update({ request }: { request: FastifyRequest }, id: number, input: RoleInput): Promise<Change<Role>> {
      const auth = requireAuth(request);
      return guardUnique(() =>
        repo.transaction(async (tx) => {
          const before = await lockedForChange(tx, auth, id);
          if (isProtected(before) && input.name !== before.name) {
            throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminRename, { name: ROLE_MESSAGES.superAdminRename });
          }
          if (await repo.nameTaken(input.name, id, tx)) throw nameTaken();
          await repo.update(id, { name: input.name, description: input.description ?? '', at: clock.now() }, tx);
          return { id, before, after: oneRow(await repo.findById(id, tx)) };
        }),
      );
    },

    async remove({ request }: { request: FastifyRequest }, id: number): Promise<Change<Role>> {
      const auth = requireAuth(request);
      try {
        return await repo.transaction(async (tx) => {
          // The lock also makes a concurrent "give a user this role" wait, then fail on the foreign key.
          const before = await lockedForChange(tx, auth, id);
          if (isProtected(before)) throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminDelete);
          const holders = await repo.usersOf(id, tx);
          if (holders > 0) throw new AppError('CONFLICT', ROLE_MESSAGES.inUse(holders));
          await repo.remove(id, tx);
          return { id, before };
        });
      } catch (error) {
        // A user was given the role after the count (the foreign key refuses the delete).
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', ROLE_MESSAGES.inUse(await repo.usersOf(id)));
        throw error;
      }
    },
  } satisfies ResourceService<Role, RoleInput>;
  return service;
}
