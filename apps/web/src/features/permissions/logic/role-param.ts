import { type Role, SUPER_ADMIN_ROLE_ID } from '@console/contract';

/** ?roleId=… as a positive integer, else null. */
export function parseRoleId(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The role to open when the URL names none: the first editable one, else the first. */
export function defaultRoleId(roles: readonly Pick<Role, 'id' | 'isSystem'>[]): number | null {
  const editable = roles.find((r) => r.id !== SUPER_ADMIN_ROLE_ID && !r.isSystem);
  return (editable ?? roles[0])?.id ?? null;
}

export type ReadOnlyReason = 'super-admin' | 'own-role' | 'no-manage' | null;

/** Why the matrix cannot be edited for this role and user, if it cannot. Mirrors the API's refusals. */
export function readOnlyReason(args: {
  role: Pick<Role, 'id' | 'isSystem'> | undefined;
  viewerRoleId: number | undefined;
  viewerIsSuperAdmin: boolean;
  canManage: boolean;
}): ReadOnlyReason {
  const { role, viewerRoleId, viewerIsSuperAdmin, canManage } = args;
  if (role && (role.id === SUPER_ADMIN_ROLE_ID || role.isSystem)) return 'super-admin';
  if (!canManage) return 'no-manage';
  if (!viewerIsSuperAdmin && role && role.id === viewerRoleId) return 'own-role';
  return null;
}

export const READ_ONLY_TEXT: Record<Exclude<ReadOnlyReason, null>, { title: string; text: string }> = {
  'super-admin': {
    title: 'Super Admin has every permission',
    text: 'This role passes every permission check, so its grants cannot be changed. Everything is shown as granted.',
  },
  'own-role': { title: 'This is your own role', text: 'You cannot change the permissions of your own role. Ask another administrator.' },
  'no-manage': { title: 'Read-only', text: "You can see this role's permissions but not change them." },
};
