import { type Role, SUPER_ADMIN_ROLE_ID } from '@console/contract';

/** Role 1 (and any system role) cannot be deleted; its name is locked. */
export const isProtectedRole = (role: Pick<Role, 'id' | 'isSystem'>) => role.id === SUPER_ADMIN_ROLE_ID || role.isSystem;
