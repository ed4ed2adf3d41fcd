import type { About, aboutUpdateSchema, SessionUser } from '@console/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { companies, roles, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { type FormFile, storeImage } from '../../plugins/multipart.js';
import { fileLifecycle } from '../../lib/files/file-lifecycle.js';
import type { AuthContext } from '../../types.js';
import { profilePath } from './profile-path.js';

type AboutUpdate = z.infer<typeof aboutUpdateSchema>;

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  notFound: 'User not found',
  othersAbout: 'You can only view your own profile',
  othersEdit: 'You can only edit your own profile here; other users are edited on the users screen',
} as const;

/** The about page's fields (the contract's aboutSchema): the user's own columns and its role's and company's names. */
function aboutFields() {
  const { id, roleId, firstname, lastname, email, phone, profile, primaryColor, secondaryColor, twoFactorEnabled, lastLoginAt, createdAt } =
    getTableColumns(users);
  return {
    id,
    roleId,
    roleName: roles.name,
    companyName: companies.name,
    firstname,
    lastname,
    email,
    phone,
    profile,
    primaryColor,
    secondaryColor,
    twoFactorEnabled,
    lastLoginAt,
    createdAt,
  };
}

/**
 * The profile "about" page (spec s.2 /profile/about). Access, decided here:
 * - reading: your own about always (the sign-in payload already carries the same data, so no
 *   key is needed); a super admin may read anyone's; everyone else gets 403 for another id.
 * - editing: needs profile.update (the route declares it) and only ever your own id, super
 *   admin included: other users are edited on the users screen (users.update).
 */
export function createProfileService(app: FastifyInstance) {
  async function find(id: number): Promise<About> {
    const [row] = await app.db
      .select(aboutFields())
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, id));
    if (!row) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
    return {
      ...row,
      roleName: row.roleName ?? '',
      companyName: row.companyName ?? null,
      profile: profilePath(row.profile),
      lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async read(auth: AuthContext, id: number): Promise<About> {
      if (id !== auth.user.id && !auth.isSuperAdmin) throw new AppError('FORBIDDEN', PROFILE_MESSAGES.othersAbout);
      return find(id);
    },

    async update(request: FastifyRequest, auth: AuthContext, id: number, input: AboutUpdate, image?: FormFile) {
      if (id !== auth.user.id) throw new AppError('FORBIDDEN', PROFILE_MESSAGES.othersEdit);
      const before = await find(id);
      // The one file lifecycle (lib/files): the new image is removed if the write fails, the old one once it committed.
      const files = fileLifecycle({ storage: app.storage, log: app.log });
      const newProfile = image ? await files.stage(() => storeImage(app, image, 'profile')) : undefined;
      const profile = newProfile ?? (input.removeProfile ? null : before.profile);
      files.replace(before.profile, profile);
      await files.run(() =>
        app.db
          .update(users)
          .set({
            firstname: input.firstname,
            lastname: input.lastname,
            phone: input.phone ?? null,
            primaryColor: input.primaryColor,
            secondaryColor: input.secondaryColor,
            profile,
            // A new image keeps its own name for the users screen; no image, no name.
            ...(newProfile ? { profileName: image?.originalName ?? null } : profile ? {} : { profileName: null }),
            updatedAt: app.clock.now(),
          })
          .where(eq(users.id, id)),
      );
      const after = await find(id);
      await app.audit.record(request, { action: 'update', entity: 'profile', entityId: id, before, after });
      const user: SessionUser = {
        id: after.id,
        roleId: after.roleId,
        firstname: after.firstname,
        lastname: after.lastname,
        email: after.email,
        profile: after.profile,
        primaryColor: after.primaryColor,
        secondaryColor: after.secondaryColor,
      };
      return { data: after, user };
    },
  };
}
