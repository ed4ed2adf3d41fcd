import {
  SUPER_ADMIN_ROLE_ID,
  type User,
  type userCreateSchema,
  type userUpdateSchema,
  VALIDATION_MESSAGES,
} from '@console/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { removeStoredFile } from '../../plugins/storage.js';
import type { AuthContext } from '../../types.js';
import { isUniqueViolation } from '../companies/companies.service.js';
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
  superAdminOnly: 'Only a super admin can assign the Super Admin role or change a super admin',
  lastSuperAdmin: 'This is the last active super admin: it cannot be deleted, disabled or moved to another role',
  keyRegenerated: 'API key regenerated. Copy it now: it will not be shown again.',
} as const;

const field = (code: 'VALIDATION' | 'CONFLICT' | 'FORBIDDEN', name: string, message: string) =>
  new AppError(code, message, { [name]: message });

/** The device ingestion key: 256 random bits with a recognisable prefix; only its SHA-256 is stored. */
export const newApiKey = () => `ck_${newToken()}`;

export function createUsersService(app: FastifyInstance) {
  const repo = createUsersRepository(app.db);

  async function get(id: number): Promise<User> {
    const row = await repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    return toUser(row);
  }

  /** Role, company, e-mail and password rules shared by add and edit (400/403/409 with fieldErrors). */
  async function checkInput(auth: AuthContext, input: UserCreate | UserUpdate, exceptId?: number) {
    if (input.roleId === SUPER_ADMIN_ROLE_ID && !auth.isSuperAdmin) throw field('FORBIDDEN', 'roleId', USER_MESSAGES.superAdminOnly);
    if (!(await repo.roleExists(input.roleId))) throw field('VALIDATION', 'roleId', USER_MESSAGES.unknownRole);
    if (input.companyId && !(await repo.companyExists(input.companyId))) throw field('VALIDATION', 'companyId', USER_MESSAGES.unknownCompany);
    if (input.password && isCommonPassword(input.password)) throw field('VALIDATION', 'password', VALIDATION_MESSAGES.passwordCommon);
    if (await repo.emailTaken(input.email.toLowerCase(), exceptId)) throw field('CONFLICT', 'email', USER_MESSAGES.emailTaken);
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
    before.roleId === SUPER_ADMIN_ROLE_ID && before.status === 'active' && (!next || next.roleId !== SUPER_ADMIN_ROLE_ID || next.status !== 'active');

  return {
    get,

    async create(request: FastifyRequest, auth: AuthContext, input: UserCreate, image?: FormFile): Promise<User> {
      await checkInput(auth, input);
      const passwordHash = await hashPassword(input.password);
      const profile = image ? await storeImage(app, image, 'profile') : null;
      let id: number;
      try {
        id = await repo.insert({ ...values(input), firstname: input.firstname, email: input.email.toLowerCase(), roleId: input.roleId, passwordHash, profile, passwordChangedAt: app.clock.now() });
      } catch (err) {
        await removeStoredFile(app, profile);
        throw isUniqueViolation(err) ? field('CONFLICT', 'email', USER_MESSAGES.emailTaken) : err;
      }
      const created = await get(id);
      await app.audit.record(request, { action: 'create', entity: 'user', entityId: id, after: created });
      return created;
    },

    async update(request: FastifyRequest, auth: AuthContext, id: number, input: UserUpdate, image?: FormFile): Promise<User> {
      const before = await get(id);
      if (before.roleId === SUPER_ADMIN_ROLE_ID && !auth.isSuperAdmin) throw new AppError('FORBIDDEN', USER_MESSAGES.superAdminOnly);
      if (id === auth.user.id && (input.roleId !== before.roleId || input.status !== before.status)) {
        throw field('FORBIDDEN', input.roleId !== before.roleId ? 'roleId' : 'status', USER_MESSAGES.changeOwnAccess);
      }
      await checkInput(auth, input, id);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const newProfile = image ? await storeImage(app, image, 'profile') : undefined;
      const profile = newProfile ?? (input.removeProfile ? null : before.profile);
      const now = app.clock.now();
      try {
        await repo.withSuperAdminLock(async (tx) => {
          // Read again under the lock: a concurrent change may have moved this or another super admin.
          const current = await repo.find(id, tx);
          if (!current) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
          if (removesSuperAdmin(current, input) && (await repo.activeSuperAdminsExcept(id, tx)) === 0) {
            throw new AppError('CONFLICT', USER_MESSAGES.lastSuperAdmin);
          }
          await repo.update(
            id,
            { ...values(input), profile, updatedAt: now, ...(passwordHash ? { passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null } : {}) },
            tx,
          );
        });
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
      await app.audit.record(request, { action: 'update', entity: 'user', entityId: id, before, after: { ...after, passwordChanged: Boolean(passwordHash) } });
      return after;
    },

    async remove(request: FastifyRequest, auth: AuthContext, id: number): Promise<void> {
      if (id === auth.user.id) throw new AppError('CONFLICT', USER_MESSAGES.deleteSelf);
      const before = await get(id);
      if (before.roleId === SUPER_ADMIN_ROLE_ID && !auth.isSuperAdmin) throw new AppError('FORBIDDEN', USER_MESSAGES.superAdminOnly);
      await repo.withSuperAdminLock(async (tx) => {
        const current = await repo.find(id, tx);
        if (!current) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
        if (removesSuperAdmin(current) && (await repo.activeSuperAdminsExcept(id, tx)) === 0) {
          throw new AppError('CONFLICT', USER_MESSAGES.lastSuperAdmin);
        }
        await repo.remove(id, tx);
      });
      await removeStoredFile(app, before.profile);
      await app.audit.record(request, { action: 'delete', entity: 'user', entityId: id, before });
    },

    async regenerateApiKey(request: FastifyRequest, auth: AuthContext, id: number) {
      const before = await get(id);
      if (before.roleId === SUPER_ADMIN_ROLE_ID && !auth.isSuperAdmin) throw new AppError('FORBIDDEN', USER_MESSAGES.superAdminOnly);
      const apiKey = newApiKey();
      await repo.update(id, { apiKeyHash: sha256(apiKey), updatedAt: app.clock.now() });
      // The key itself never reaches the audit log.
      await app.audit.record(request, { action: 'regenerate-api-key', entity: 'user', entityId: id, before: { hasApiKey: before.hasApiKey }, after: { hasApiKey: true } });
      return apiKey;
    },
  };
}
