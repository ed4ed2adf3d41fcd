import '../../../components/data-table/test-setup';
import { PERMISSION_KEYS, type RoleListItem } from '@console/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../components/data-table/test-utils';
import { RoleRowActions } from './role-row-actions';

const granted = new Set<string>();
vi.mock('../../../lib/permissions', () => ({ useCan: (key: string) => granted.has(key) }));
afterEach(() => granted.clear());

const role = (over: Partial<RoleListItem>): RoleListItem => ({
  id: 7,
  name: 'Editors',
  description: null,
  isSystem: false,
  secondFactorRequired: false,
  userCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  manageable: true,
  ...over,
});

function renderRow(r: RoleListItem) {
  renderWithRouter(<RoleRowActions role={r} permissionsHref="/platform/permissions" onEdit={() => {}} onDelete={() => {}} />);
}

describe('role row actions', () => {
  it('with the keys: edit, manage access and delete for a role within reach', () => {
    for (const key of [PERMISSION_KEYS.roles.update, PERMISSION_KEYS.roles.delete, PERMISSION_KEYS.permissions.view]) granted.add(key);
    renderRow(role({}));
    expect(screen.getByRole('button', { name: 'Edit role Editors' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete role Editors' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage access for Editors' })).toHaveAttribute('href', '/platform/permissions?roleId=7');
  });

  it('a role stronger than the own one: no edit or delete (the API refuses them); its access can still be looked at', () => {
    for (const key of [PERMISSION_KEYS.roles.update, PERMISSION_KEYS.roles.delete, PERMISSION_KEYS.permissions.view]) granted.add(key);
    renderRow(role({ manageable: false }));
    expect(screen.queryByRole('button', { name: 'Edit role Editors' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete role Editors' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage access for Editors' })).toBeInTheDocument();
  });
});
