import type { Role, RoleListItem } from '@console/contract';
import { useState } from 'react';
import { ResourcePage } from '../../components/resource';
import { getAppConfig } from '../../lib/app-config';
import { rolesApi } from './api/roles-api';
import { RoleFormModal } from './components/role-form-modal';
import { RoleRowActions } from './components/role-row-actions';
import { rolesColumns } from './components/roles-columns';
import { isProtectedRole } from './roles-logic';

// Role 1 is never deleted; a role stronger than the user's own they may not delete.
const isSelectable = (role: RoleListItem) => !isProtectedRole(role) && role.manageable;

/** /{product}/roles: the roles list with add, edit, delete and a way into each role's permissions. */
export default function RolesPage() {
  const { productSlug } = getAppConfig();
  const [editing, setEditing] = useState<{ role?: Role } | null>(null);

  return (
    <ResourcePage<RoleListItem>
      resourceApi={rolesApi}
      searchPlaceholder="Search roles..."
      columns={rolesColumns}
      // A modal (two fields) rather than the drawer.
      onEdit={(role) => setEditing(role ? { role } : {})}
      // Manage access is there for permissions.view holders even without roles.update/delete.
      actionsAlways
      renderRowActions={(role, handlers) => (
        <RoleRowActions
          role={role}
          permissionsHref={`/${productSlug}/permissions`}
          onEdit={(r) => handlers.onEdit?.(r)}
          onDelete={(r) => handlers.onDelete?.(r)}
          onHistory={handlers.onHistory}
        />
      )}
      isRecordSelectable={isSelectable}
    >
      <RoleFormModal opened={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
    </ResourcePage>
  );
}
