import { SUPER_ADMIN_ROLE_ID, type User, type userCreateSchema, type userUpdateSchema, VALIDATION_MESSAGES } from '@console/contract';
import type { Db } from '../../db/client.js';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { removeStoredFile } from '../../plugins/storage.js';
import type { Change, WriteContext } from '../../lib/resource/index.js';
import { requireAuth } from '../../plugins/auth.js';
import type { AuthContext } from '../../types.js';
import { type Actor, assertWithin, currentActor, lockRoles, type ScopeTarget } from '../access/index.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createUsersRepository, toUser, type UserValues } from './users.repository.js';

type UserCreate = z.infer<typeof userCreateSchema>;
type UserUpdate = z.infer<typeof userUpdateSchema>;

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
 * Users. Every write runs in one transaction under the users write lock, and there, against the
 * rows as they are now: the caller (currentActor), the target, and the roles involved, locked.
 * Order of refusals: 401 (the caller was disabled or removed meanwhile), 404 (no such user), 403
 * (own role or status; a role beyond the caller's own: see access/role-scope.ts), 400/409 (input),
 * 409 (the last active super admin). Password hashing and image storing happen before the
 * transaction, so no lock is held while they run; a refusal removes the stored image.
 */
export function createUsersService(app: FastifyInstance) {
  const repo = createUsersRepository(app.db);

  async function get(id: number, tx: Db = app.db): Promise<User> {
    const row = await repo.find(id, tx);
    if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return toUser(row);
  }

  /**
   * The rule for the roles a write touches (the target's current role, the role it assigns): locks
   * them with the caller's own role, refuses what is beyond the caller's reach (403), then an
   * assigned role that does not exist (400).
   */
  async function checkRoles(tx: Db, actor: Actor, targets: ScopeTarget[], userId?: number) {
    const found = await lockRoles(tx, [actor.roleId, ...targets.map((t) => t.roleId)], 'share');
    await assertWithin(tx, actor, targets, { entity: 'user', entityId: userId ?? null });
    const assigned = targets.find((t) => t.field === 'roleId');
    if (assigned && !found.has(assigned.roleId)) throw field('VALIDATION', 'roleId', USER_MESSAGES.unknownRole);
  }

  /** Company and e-mail rules shared by add and edit (400/409 with fieldErrors). */
  async function checkInput(tx: Db, input: UserCreate | UserUpdate, exceptId?: number) {
    if (input.companyId && !(await repo.companyExists(input.companyId, tx)))
      throw field('VALIDATION', 'companyId', USER_MESSAGES.unknownCompany);
    if (await repo.emailTaken(input.email.toLowerCase(), exceptId, tx)) throw field('CONFLICT', 'email', USER_MESSAGES.emailTaken);
  }

  function checkPassword(input: UserCreate | UserUpdate) {
    if (input.password && isCommonPassword(input.password)) throw field('VALIDATION', 'password', VALIDATION_MESSAGES.passwordCommon);
  }

  const values = (input: UserCreate | UserUpdate): UserValues => ({
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
  });

  /** Would this change leave the target unable to act as an active super admin? */
  const removesSuperAdmin = (before: { roleId: number; status: string }, next?: { roleId: number; status: string }) =>
    before.roleId === SUPER_ADMIN_ROLE_ID &&
    before.status === 'active' &&
    (!next || next.roleId !== SUPER_ADMIN_ROLE_ID || next.status !== 'active');

  /**
   * A guard behind the rule: a caller who is an active super admin never removes the last one
   * (nobody changes or deletes their own account), but should that ever change, this still holds.
   */
  async function keepLastSuperAdmin(
    tx: Db,
    id: number,
    before: { roleId: number; status: string },
    next?: { roleId: number; status: string },
  ) {
    if (removesSuperAdmin(before, next) && (await repo.activeSuperAdminsExcept(id, tx)) === 0) {
      throw new AppError('CONFLICT', USER_MESSAGES.lastSuperAdmin);
    }
  }

  /**
   * Under the write lock: the caller as they are now (401) and the target as it is now (404), both
   * rows locked. User rows are locked before roles, as every other transaction does.
   */
  async function lockedTarget(tx: Db, auth: AuthContext, id: number) {
    const actor = await currentActor(tx, auth);
    if (!(await repo.lock(id, tx))) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    const current = await get(id, tx);
    return { current, actor };
  }

  return {
    get,

    async create({ request }: WriteContext, input: UserCreate, image?: FormFile): Promise<Change<User>> {
      const auth = requireAuth(request);
      checkPassword(input);
      const passwordHash = await hashPassword(input.password);
      const profile = image ? await storeImage(app, image, 'profile') : null;
      let id: number;
      try {
        id = await repo.withWriteLock(async (tx) => {
          const actor = await currentActor(tx, auth);
          await checkRoles(tx, actor, [{ roleId: input.roleId, field: 'roleId' }]);
          await checkInput(tx, input);
          const row = { ...values(input), firstname: input.firstname, email: input.email.toLowerCase(), roleId: input.roleId };
          return repo.insert(
            {
              ...row,
              passwordHash,
              profile,
              profileName: profile ? (image?.originalName ?? null) : null,
              passwordChangedAt: app.clock.now(),
            },
            tx,
          );
        });
      } catch (err) {
        await removeStoredFile(app, profile);
        throw isUniqueViolation(err) ? field('CONFLICT', 'email', USER_MESSAGES.emailTaken) : err;
      }
      return { id, after: await get(id) };
    },

    async update({ request }: WriteContext, id: number, input: UserUpdate, image?: FormFile): Promise<Change<User>> {
      const auth = requireAuth(request);
      await get(id); // 404 before any work
      checkPassword(input);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const newProfile = image ? await storeImage(app, image, 'profile') : undefined;
      const now = app.clock.now();
      let before: User;
      let profile: string | null;
      try {
        ({ before, profile } = await repo.withWriteLock(async (tx) => {
          const { current, actor } = await lockedTarget(tx, auth, id);
          if (id === actor.userId && (input.roleId !== current.roleId || input.status !== current.status)) {
            throw field('FORBIDDEN', input.roleId !== current.roleId ? 'roleId' : 'status', USER_MESSAGES.changeOwnAccess);
          }
          // The user's role now and the role they get must both be within the caller's reach (a
          // refusal names the roleId field only when the form changes it).
          const moved = input.roleId !== current.roleId;
          await checkRoles(tx, actor, [{ roleId: current.roleId }, ...(moved ? [{ roleId: input.roleId, field: 'roleId' }] : [])], id);
          await checkInput(tx, input, id);
          await keepLastSuperAdmin(tx, id, current, input);
          const nextProfile = newProfile ?? (input.removeProfile ? null : current.profile);
          const profileName = newProfile ? (image?.originalName ?? null) : nextProfile ? current.profileName : null;
          await repo.update(
            id,
            {
              ...values(input),
              profile: nextProfile,
              profileName,
              updatedAt: now,
              ...(passwordHash ? { passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null } : {}),
            },
            tx,
          );
          return { before: current, profile: nextProfile };
        }));
      } catch (err) {
        await removeStoredFile(app, newProfile);
        throw isUniqueViolation(err) ? field('CONFLICT', 'email', USER_MESSAGES.emailTaken) : err;
      }
      if (before.profile && before.profile !== profile) await removeStoredFile(app, before.profile);
      // Disabling ends every session at once; a new password ends the user's other sessions
      // (all of them when someone else changed it).
      if (input.status === 'inactive' && before.status !== 'inactive') await app.sessions.endAllForUser(id, 'disabled');
      else if (passwordHash) await app.sessions.endAllForUser(id, 'password-reset', id === auth.user.id ? auth.sessionId : undefined);
      const after = await get(id);
      return { id, before, after, audit: { before, after: { ...after, passwordChanged: Boolean(passwordHash) } } };
    },

    async remove({ request }: WriteContext, id: number): Promise<Change<User>> {
      const auth = requireAuth(request);
      if (id === auth.user.id) throw new AppError('CONFLICT', USER_MESSAGES.deleteSelf);
      const before = await repo.withWriteLock(async (tx) => {
        const { current, actor } = await lockedTarget(tx, auth, id);
        await checkRoles(tx, actor, [{ roleId: current.roleId }], id);
        await keepLastSuperAdmin(tx, id, current);
        await repo.remove(id, tx);
        return current;
      });
      await removeStoredFile(app, before.profile);
      return { id, before };
    },

    /** A new key (returned once) and the change to audit; the key itself never reaches the audit log. */
    async regenerateApiKey({ request }: WriteContext, id: number): Promise<{ apiKey: string; change: Change<User> }> {
      const auth = requireAuth(request);
      const apiKey = newApiKey();
      const before = await repo.withWriteLock(async (tx) => {
        const { current, actor } = await lockedTarget(tx, auth, id);
        await checkRoles(tx, actor, [{ roleId: current.roleId }], id);
        await repo.update(id, { apiKeyHash: sha256(apiKey), updatedAt: app.clock.now() }, tx);
        return current;
      });
      return { apiKey, change: { id, audit: { before: { hasApiKey: before.hasApiKey }, after: { hasApiKey: true } } } };
    },
  };
}
