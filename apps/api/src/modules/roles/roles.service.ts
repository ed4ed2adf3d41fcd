import { type Role, ROLE_MESSAGES, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createRolesRepository, FOREIGN_KEY_VIOLATION, pgCode, UNIQUE_VIOLATION } from './roles.repository.js';

export type RoleInput = { name: string; description?: string | null };

const nameTaken = () => new AppError('CONFLICT', ROLE_MESSAGES.nameTaken, { name: ROLE_MESSAGES.nameTaken });
const notFound = () => new AppError('NOT_FOUND', 'Role not found');
const isProtected = (role: Pick<Role, 'id' | 'isSystem'>) => role.id === SUPER_ADMIN_ROLE_ID || role.isSystem;

/**
 * Role rules: names are unique ignoring case (a unique index on lower(name) settles races);
 * role 1 (and any system role) keeps its name and cannot be deleted; a role that users hold
 * cannot be deleted.
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

  return {
    repo,

    async get(id: number) {
      const role = await repo.findById(id);
      if (!role) throw notFound();
      return role;
    },

    async create(input: RoleInput): Promise<Role> {
      if (await repo.nameTaken(input.name)) throw nameTaken();
      const id = await guardUnique(() => repo.insert({ name: input.name, description: input.description ?? '', at: clock.now() }));
      return (await repo.findById(id))!;
    },

    async update(id: number, input: RoleInput): Promise<{ before: Role; after: Role }> {
      const before = await repo.findById(id);
      if (!before) throw notFound();
      if (isProtected(before) && input.name !== before.name) {
        throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminRename, { name: ROLE_MESSAGES.superAdminRename });
      }
      if (await repo.nameTaken(input.name, id)) throw nameTaken();
      await guardUnique(() => repo.update(id, { name: input.name, description: input.description ?? '', at: clock.now() }));
      return { before, after: (await repo.findById(id))! };
    },

    async remove(id: number): Promise<Role> {
      try {
        return await repo.transaction(async (tx) => {
          const before = await repo.findById(id, tx);
          if (!before) throw notFound();
          if (isProtected(before)) throw new AppError('CONFLICT', ROLE_MESSAGES.superAdminDelete);
          // The lock makes a concurrent "give a user this role" wait, then fail on the foreign key.
          await repo.lock(id, tx);
          const holders = await repo.usersOf(id, tx);
          if (holders > 0) throw new AppError('CONFLICT', ROLE_MESSAGES.inUse(holders));
          await repo.remove(id, tx);
          return before;
        });
      } catch (error) {
        // A user was given the role after the count (the foreign key refuses the delete).
        if (pgCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', ROLE_MESSAGES.inUse(await repo.usersOf(id)));
        throw error;
      }
    },
  };
}
