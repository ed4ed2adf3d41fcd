import { type Role, SUPER_ADMIN_ROLE_ID } from '@console/contract';

/** Role 1 (and any system role) cannot be deleted; its name is locked. */
export const isProtectedRole = (role: Pick<Role, 'id' | 'isSystem'>) => role.id === SUPER_ADMIN_ROLE_ID || role.isSystem;

export type DeleteFailure = { name: string; message: string };

/** One line per role that could not be deleted, for the alert after a bulk delete. */
export function describeFailures(failures: readonly DeleteFailure[]): string {
  return failures.map((f) => `${f.name}: ${f.message}`).join('\n');
}
