import { ROLE_MESSAGES, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import { asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx as Tx } from '../../db/client.js';
export type { Tx };
import { rolePermissions, roles, users } from '../../db/schema/index.js';
import { AppError, DeniedError } from '../../lib/app-error.js';
import type { AuthContext } from '../../types.js';

/**
 * The anti-escalation rule, in one place. Whoever is not the super admin may only act on users,
 * roles, sessions and activity of roles whose permission keys are all keys of their own role
 * (role 1 is never such a role), and may only assign such roles. Acting covers: creating a user in
 * the role, editing, disabling, deleting, re-keying, changing the password or e-mail of its users,
 * reading or ending their sessions, reading their activity, and renaming, granting, stripping or
 * deleting the role. Without it `users.create` alone would mint an account in any stronger role
 * and sign in as it.
 *
 * Writes check inside their transaction, against the caller as the database has them then
 * (currentActor), with the roles involved locked FOR SHARE while grant changes lock them FOR
 * UPDATE: a concurrent grant that makes a role stronger, or a concurrent change of the target's
 * or the caller's role, is either seen or waits. Reads (lists, ends of sessions) use the
 * request's role.
 *
 * Lock order, the same in every transaction so none waits on another in a circle: user rows first
 * (the caller's FOR SHARE, then a target's FOR UPDATE), then roles in id order. User writes also
 * hold the users write lock (users.repository.ts), so two of them never cross.
 */

export type Actor = { userId: number; roleId: number; isSuperAdmin: boolean };
/** A transaction handle or the database itself. */

/** The caller as authenticated at the start of the request. */
export const requestActor = (auth: AuthContext): Actor => ({
  userId: auth.user.id,
  roleId: auth.user.roleId,
  isSuperAdmin: auth.isSuperAdmin,
});

/**
 * The caller as the database has them now, their user row locked FOR SHARE until the transaction
 * ends: someone who was demoted, disabled or deleted since the request started is treated so (401
 * for a caller who may no longer sign in).
 */
export async function currentActor(tx: Tx, auth: AuthContext): Promise<Actor> {
  const [row] = await tx.select({ roleId: users.roleId, status: users.status }).from(users).where(eq(users.id, auth.user.id)).for('share');
  if (row?.status !== 'active') throw new AppError('UNAUTHENTICATED');
  return { userId: auth.user.id, roleId: row.roleId, isSuperAdmin: row.roleId === SUPER_ADMIN_ROLE_ID };
}

/** SQL: the role `role` (a column or an id) is within reach of the actor. */
function roleWithin(role: SQLWrapper | number, actor: Actor): SQL {
  if (actor.isSuperAdmin) return sql`true`;
  // Not role 1, and no key of the role that the actor's role lacks.
  return sql`(${role} <> ${SUPER_ADMIN_ROLE_ID} and not exists (
    select 1 from ${rolePermissions} as "scope_target"
    where "scope_target"."role_id" = ${role}
      and not exists (
        select 1 from ${rolePermissions} as "scope_own"
        where "scope_own"."role_id" = ${actor.roleId} and "scope_own"."sub_module_id" = "scope_target"."sub_module_id")))`;
}

/** SQL filter for lists of rows that belong to a user (sessions, activity): users within reach only. */
export function userWithin(userId: AnyPgColumn, actor: Actor, db: Db): SQL | undefined {
  if (actor.isSuperAdmin) return undefined;
  return inArray(userId, db.select({ id: users.id }).from(users).where(roleWithin(users.roleId, actor)));
}

/** Which roles are within reach, as a test for list rows (users and roles carry it as `manageable`). */
export async function manageableRoles(db: Db, actor: Actor): Promise<(roleId: number) => boolean> {
  if (actor.isSuperAdmin) return () => true;
  const rows = await db.select({ id: roles.id }).from(roles).where(roleWithin(roles.id, actor));
  const ids = new Set(rows.map((r) => r.id));
  return (roleId) => ids.has(roleId);
}

/**
 * Locks roles for the rest of the transaction, always in id order so that two transactions never
 * wait on each other in a circle: FOR SHARE where a user is written (many may run at once), FOR
 * UPDATE where the role itself or its grants change. Answers the ids that exist.
 */
export async function lockRoles(tx: Tx, roleIds: number[], strength: 'share' | 'update'): Promise<Set<number>> {
  const ids = [...new Set(roleIds)];
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids)).orderBy(asc(roles.id)).for(strength);
  return new Set(rows.map((r) => r.id));
}

export type ScopeTarget = {
  /** The role the request acts on or assigns. */
  roleId: number;
  /** The form field it came from (e.g. roleId), for fieldErrors. */
  field?: string;
};

/**
 * Throws the rule's 403 (audited as permission-denied on `audit`) when a target role is beyond the
 * actor's reach. Roles that do not exist are left to the caller (a 400 or 404 of its own). Call
 * after lockRoles on the same transaction, with the actor's own role among the locked ones.
 */
export async function assertWithin(
  tx: Tx,
  actor: Actor,
  targets: ScopeTarget[],
  audit: { entity: string; entityId?: string | number | null },
) {
  if (actor.isSuperAdmin || targets.length === 0) return;
  const ids = [...new Set(targets.map((t) => t.roleId))];
  const rows = await tx
    .select({ id: roles.id, within: roleWithin(roles.id, actor).mapWith(Boolean) })
    .from(roles)
    .where(inArray(roles.id, ids));
  const beyond = new Set(rows.filter((r) => !r.within).map((r) => r.id));
  const refused = targets.filter((t) => beyond.has(t.roleId));
  if (refused.length === 0) return;
  const fieldErrors = Object.fromEntries(refused.flatMap((t) => (t.field ? [[t.field, ROLE_MESSAGES.beyondOwnRole]] : [])));
  throw new DeniedError(ROLE_MESSAGES.beyondOwnRole, audit, Object.keys(fieldErrors).length ? fieldErrors : undefined);
}

/** For reads and ends of another user's rows: 403 (audited) unless that user's role is within reach. Unknown users pass (nothing to show). */
export async function assertUserWithin(db: Db, actor: Actor, userId: number, audit: { entity: string; entityId?: string | number | null }) {
  if (actor.isSuperAdmin || userId === actor.userId) return;
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (row) await assertWithin(db, actor, [{ roleId: row.roleId }], audit);
}
