import { SUPER_ADMIN_ROLE_ID, type User, type userCreateSchema, type userUpdateSchema, VALIDATION_MESSAGES } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { type Change, createCrudService, rowExists, type WriteContext } from '../../lib/resource/index.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { requireAuth } from '../../plugins/auth.js';
import { type Actor, assertWithin, currentActor, lockRoles, type ScopeTarget } from '../access/index.js';
import { activeSuperAdminsExcept, USERS_WRITE_LOCK, usersStore } from './users.repository.js';

type UserInput = z.infer<typeof userCreateSchema> | z.infer<typeof userUpdateSchema>;

export const USER_MESSAGES = {
  added: 'User added successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  notFound: 'User not found',
  emailTaken: 'A user with this e-mail address already exists',
  unknownRole: 'This role does not exist',
  unknownCompany: 'This company does not exist',
  deleteSelf: 'You cannot delete your own account',
  changeOwnAccess: 'You cannot change your own role or status here',
  lastSuperAdmin: 'This is the last active super admin: it cannot be deleted, disabled or moved to another role',
  keyRegenerated: 'API key regenerated. Copy it now: it will not be shown again.',
} as const;

const field = (code: 'VALIDATION' | 'CONFLICT' | 'FORBIDDEN', name: string, message: string) =>
  new AppError(code, message, { [name]: message });

/** The device ingestion key: 256 random bits with a recognisable prefix; only its SHA-256 is stored. */
const newApiKey = () => `ck_${newToken()}`;

/**
 * The rule for the roles a write touches (the target's current role, the role it assigns): locks
 * them with the caller's own role, refuses what is beyond the caller's reach (403), then an
 * assigned role that does not exist (400).
 */
async function checkRoles(db: Db, actor: Actor, targets: ScopeTarget[], userId?: number) {
  const found = await lockRoles(db, [actor.roleId, ...targets.map((t) => t.roleId)], 'share');
  await assertWithin(db, actor, targets, { entity: 'user', entityId: userId ?? null });
  const assigned = targets.find((t) => t.field === 'roleId');
  if (assigned && !found.has(assigned.roleId)) throw field('VALIDATION', 'roleId', USER_MESSAGES.unknownRole);
}

/** Company and e-mail rules of add and edit (400/409 with fieldErrors). */
async function checkInput(db: Db, input: UserInput, exceptId?: number) {
  if (input.companyId && !(await rowExists(db, companies.id, input.companyId)))
    throw field('VALIDATION', 'companyId', USER_MESSAGES.unknownCompany);
  if (await usersStore.valueTaken(db, users.email, input.email.toLowerCase(), exceptId))
    throw field('CONFLICT', 'email', USER_MESSAGES.emailTaken);
}

/**
 * A guard behind the rule: a caller who is an active super admin never removes the last one
 * (nobody changes or deletes their own account), but should that ever change, this still holds.
 */
async function keepLastSuperAdmin(db: Db, before: User, next?: { roleId: number; status: string }) {
  const removes =
    before.roleId === SUPER_ADMIN_ROLE_ID &&
    before.status === 'active' &&
    (!next || next.roleId !== SUPER_ADMIN_ROLE_ID || next.status !== 'active');
  if (removes && (await activeSuperAdminsExcept(db, before.id)) === 0) throw new AppError('CONFLICT', USER_MESSAGES.lastSuperAdmin);
}

/**
 * Users: the generic service (lib/resource/service.ts) with the users' rules as its hooks. Every
 * write runs in one transaction under the users write lock, and there, against the rows as they are
 * now: the caller (currentActor), the target, and the roles involved, locked. Order of refusals:
 * 401 (the caller was disabled or removed meanwhile), 404 (no such user), 403 (own role or status;
 * a role beyond the caller's own: see access/role-scope.ts), 400/409 (input), 409 (the last active
 * super admin). Password hashing and image storing happen before the transaction, so no lock is
 * held while they run; a refusal removes the stored image.
 */
export function createUsersService(app: FastifyInstance) {
  const crud = createCrudService<User, UserInput, UserInput, Actor>(app, {
    store: usersStore,
    messages: USER_MESSAGES,
    file: { field: 'profile', nameField: 'profileName', folder: 'profile', removeFlag: 'removeProfile' },
    transaction: { advisoryLock: USERS_WRITE_LOCK },
    values: (input) => ({
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email.toLowerCase(),
      roleId: input.roleId,
      companyId: input.companyId ?? null,
      phone: input.phone ?? null,
      primaryColor: input.primaryColor,
      secondaryColor: input.secondaryColor,
      status: input.status,
      twoFactorEnabled: input.twoFactorEnabled,
    }),
    hooks: {
      /** Nobody deletes themself; a new password is checked and hashed before any lock is taken. */
      async prepare({ request }, { action, id, input }) {
        if (action === 'remove' && id === requireAuth(request).user.id) throw new AppError('CONFLICT', USER_MESSAGES.deleteSelf);
        if (!input?.password) return undefined;
        if (isCommonPassword(input.password)) throw field('VALIDATION', 'password', VALIDATION_MESSAGES.passwordCommon);
        const passwordHash = await hashPassword(input.password);
        const reset = action === 'update' ? { failedLoginCount: 0, lockedUntil: null } : {};
        return { passwordHash, passwordChangedAt: app.clock.now(), ...reset };
      },
      // The caller's user row is locked before the target's (the lock order of access/role-scope.ts).
      access: ({ db, request }) => currentActor(db, requireAuth(request)),
      async authorize({ db, access: actor }, { action, id, input, before }) {
        if (!before) return checkRoles(db, actor, [{ roleId: (input as UserInput).roleId, field: 'roleId' }]);
        if (action !== 'update' || !input) return checkRoles(db, actor, [{ roleId: before.roleId }], id);
        if (id === actor.userId && (input.roleId !== before.roleId || input.status !== before.status)) {
          throw field('FORBIDDEN', input.roleId !== before.roleId ? 'roleId' : 'status', USER_MESSAGES.changeOwnAccess);
        }
        // The user's role now and the role they get must both be within the caller's reach (a
        // refusal names the roleId field only when the form changes it).
        const moved = input.roleId !== before.roleId ? [{ roleId: input.roleId, field: 'roleId' }] : [];
        return checkRoles(db, actor, [{ roleId: before.roleId }, ...moved], id);
      },
      beforeCreate: ({ db }, input) => checkInput(db, input),
      async beforeUpdate({ db }, before, input) {
        await checkInput(db, input, before.id);
        await keepLastSuperAdmin(db, before, input);
      },
      beforeRemove: ({ db }, before) => keepLastSuperAdmin(db, before),
    },
    writeError: (err) => (isUniqueViolation(err) ? field('CONFLICT', 'email', USER_MESSAGES.emailTaken) : undefined),
  });

  return {
    ...crud,

    /** Disabling ends every session at once; a new password ends the user's other sessions (all of them when someone else changed it). */
    async update(ctx: WriteContext, id: number, input: UserInput, image?: Parameters<typeof crud.update>[3]): Promise<Change<User>> {
      const change = await crud.update(ctx, id, input, image);
      const before = change.before as User;
      const auth = requireAuth(ctx.request);
      if (input.status === 'inactive' && before.status !== 'inactive') await app.sessions.endAllForUser(id, 'disabled');
      else if (input.password) await app.sessions.endAllForUser(id, 'password-reset', id === auth.user.id ? auth.sessionId : undefined);
      return { ...change, audit: { before, after: { ...change.after, passwordChanged: Boolean(input.password) } } };
    },

    /** A new key (returned once) and the change to audit; the key itself never reaches the audit log. */
    async regenerateApiKey(ctx: WriteContext, id: number): Promise<{ apiKey: string; change: Change<User> }> {
      const apiKey = newApiKey();
      const { before } = await crud.patch(id, 'regenerate-api-key', { apiKeyHash: sha256(apiKey) }, ctx);
      return { apiKey, change: { id, audit: { before: { hasApiKey: before?.hasApiKey }, after: { hasApiKey: true } } } };
    },
  };
}
