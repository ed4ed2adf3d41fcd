import { PERMISSION_KEYS, type User, type UserListItem } from '@console/contract';
import { useCallback, useMemo, useState } from 'react';
import { FilterBar, ResourcePage, useUrlFilters } from '../../components/resource';
import { useSession } from '../../lib/auth/session';
import { useCan } from '../../lib/permissions';
import { USER_FILTERS, usersApi } from './api/users-api';
import { ApiKeyModal } from './components/api-key-modal';
import { refreshOwnSession } from './components/refresh-own-session';
import { useRegenerateKeyFlow } from './components/use-user-actions';
import { useCompanyOptions } from './api/get-company-options';
import { useRoleOptions } from './api/get-role-options';
import { userFilterSelects } from './components/user-filters';
import { type UserEditorState, UserFormDrawer } from './components/user-form-drawer';
import { UserRowActions, userDisplayName } from './components/user-row-actions';
import { userColumns } from './components/users-columns';

/** /{product}/users: staff accounts with filters, add, edit, delete, API keys and exports (spec s.2, s.7). */
export default function UsersPage() {
  const session = useSession();
  const selfId = session?.user.id;
  const canRegenerateKey = useCan(PERMISSION_KEYS.users.regenerateKey);
  const { filters, setFilters, clearFilters } = useUrlFilters(USER_FILTERS);
  const selects = userFilterSelects(useRoleOptions(), useCompanyOptions());
  const keyFlow = useRegenerateKeyFlow();
  const [editor, setEditor] = useState<UserEditorState>({ opened: false, user: null, session: 0 });

  // The user drawer is the feature's own: its role and company options, and saving one's own record.
  const openEditor = useCallback((user: User | null) => setEditor((prev) => ({ opened: true, user, session: prev.session + 1 })), []);
  const closeEditor = useCallback(() => setEditor((prev) => ({ ...prev, opened: false })), []);
  const columns = useMemo(() => userColumns({ selfId }), [selfId]);
  // Nobody deletes themselves, nor a user whose role is stronger than their own (the API refuses both).
  const isSelectable = useCallback((u: UserListItem) => u.id !== selfId && u.manageable, [selfId]);

  return (
    <ResourcePage<UserListItem>
      resourceApi={usersApi}
      title="All users"
      description="Staff accounts, their roles and how they sign in."
      columns={columns}
      recordName={userDisplayName}
      onEdit={openEditor}
      actionsAlways={canRegenerateKey}
      renderRowActions={(user, handlers) => (
        <UserRowActions user={user} {...handlers} onRegenerateKey={canRegenerateKey ? keyFlow.start : undefined} selfId={selfId} />
      )}
      filters={filters}
      filterBar={<FilterBar selects={selects} values={filters} onChange={setFilters} onClear={clearFilters} />}
      isRecordSelectable={isSelectable}
      // 403: the target's role became stronger than the caller's; 409: own account, last super admin.
      deleteTexts={{ stickyStatuses: [403, 409] }}
      searchPlaceholder="Search by name or email…"
    >
      <UserFormDrawer state={editor} selfId={selfId} onClose={closeEditor} onSelfSaved={refreshOwnSession} />
      <ApiKeyModal issued={keyFlow.issued} onClose={keyFlow.close} />
    </ResourcePage>
  );
}
