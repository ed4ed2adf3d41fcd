import { describe, expect, it } from 'vitest';
import { defaultRoleId, parseRoleId, readOnlyReason } from './role-param';

const roles = [
  { id: 1, isSystem: true },
  { id: 2, isSystem: false },
  { id: 3, isSystem: false },
];

describe('role in the URL', () => {
  it('reads positive integers only', () => {
    expect(parseRoleId('7')).toBe(7);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '9'.repeat(20)]) expect(parseRoleId(bad)).toBeNull();
  });
  it('opens the first editable role by default', () => {
    expect(defaultRoleId(roles)).toBe(2);
    expect(defaultRoleId([{ id: 1, isSystem: true }])).toBe(1);
    expect(defaultRoleId([])).toBeNull();
  });
});

describe('readOnlyReason', () => {
  const base = { viewerRoleId: 5, viewerIsSuperAdmin: false, canManage: true };
  it('Super Admin is read-only for everyone', () => {
    expect(readOnlyReason({ ...base, role: roles[0], viewerIsSuperAdmin: true })).toBe('super-admin');
  });
  it('nobody but a super admin edits their own role', () => {
    expect(readOnlyReason({ ...base, role: { id: 5, isSystem: false } })).toBe('own-role');
    expect(readOnlyReason({ ...base, role: roles[1] })).toBeNull();
  });
  it('without both manage keys the matrix is read-only', () => {
    expect(readOnlyReason({ ...base, role: roles[1], canManage: false })).toBe('no-manage');
  });
});
