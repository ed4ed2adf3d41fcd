import { PERMISSION_KEYS, type UserListItem } from '@console/contract';
import { type ReactNode, useCallback, useMemo } from 'react';
import { ResourcePage, useResourceOptions } from '../../components/resource';
import { useSession } from '../../lib/auth/session';
import { useCan } from '../../lib/permissions';
import { COMPANY_OPTIONS, ROLE_OPTIONS, usersApi } from './api/users-api';
import { ApiKeyModal } from './components/api-key-modal';
import { useRegenerateKeyFlow, useResetFactorsFlow } from './components/use-user-actions';
import { userFilterSelects } from './components/user-filters';
import { userForm } from './components/user-form';
import { type UserRowHandlers, UserRowActions, userDisplayName } from './components/user-row-actions';
import { userColumns } from './components/users-columns';

// 403: the target's role became stronger than the caller's; 409: own account, last super admin.
const DELETE_TEXTS = { stickyStatuses: [403, 409] };

/** /{product}/users: staff accounts with filters, add, edit, delete, API keys and exports (spec s.2, s.7). */
export default function UsersPage() {
  const session = useSession();
  const selfId = session?.user.id;
  const canRegenerateKey = useCan(PERMISSION_KEYS.users.regenerateKey);
  const canResetFactors = useCan(PERMISSION_KEYS.users.resetFactors);
  // The filters and the drawer read the same role and company options.
  const roles = useResourceOptions('roles', ROLE_OPTIONS);
  const companies = useResourceOptions('companies', COMPANY_OPTIONS);
  const form = useMemo(
    () =>
      userForm({
        roles: { data: roles.data, isPending: roles.isPending, isError: roles.isError, error: roles.error },
        companies: companies.data,
        selfId,
      }),
    [roles.data, roles.isPending, roles.isError, roles.error, companies.data, selfId],
  );
  const keyFlow = useRegenerateKeyFlow();
  const columns = useMemo(() => userColumns({ selfId }), [selfId]);
  // Nobody deletes themselves, nor a user whose role is stronger than their own (the API refuses both).
  const isSelectable = useCallback((u: UserListItem) => u.id !== selfId && u.manageable, [selfId]);
  // Stable, so the 500 rows' actions are not rendered again whenever the page re-renders.
  const onRegenerateKey = canRegenerateKey ? keyFlow.start : undefined;
  const resetFlow = useResetFactorsFlow();
  const onResetFactors = canResetFactors ? resetFlow : undefined;
  const renderRowActions = useCallback(
    (user: UserListItem, handlers: UserRowHandlers): ReactNode => (
      <UserRowActions user={user} {...handlers} onRegenerateKey={onRegenerateKey} onResetFactors={onResetFactors} selfId={selfId} />
    ),
    [onRegenerateKey, onResetFactors, selfId],
  );

  return (
    <ResourcePage<UserListItem>
      resourceApi={usersApi}
      searchPlaceholder="Search by name or email…"
      columns={columns}
      recordName={userDisplayName}
      form={form}
      actionsAlways={canRegenerateKey || canResetFactors}
      renderRowActions={renderRowActions}
      filterSelects={userFilterSelects(roles, companies)}
      isRecordSelectable={isSelectable}
      deleteTexts={DELETE_TEXTS}
    >
      <ApiKeyModal issued={keyFlow.issued} onClose={keyFlow.close} />
    </ResourcePage>
  );
}
