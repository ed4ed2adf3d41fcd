import { ERROR_MESSAGES, PERMISSION_KEYS, type Role, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import { Alert, Grid, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showAlert } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { canWith, usePermissions } from '../../../lib/permissions';
import { useRoleGrants } from '../api/get-role-grants';
import { useSaveRoleGrants } from '../api/save-role-grants';
import { type CatalogueIndex, diffGrants, type Grants, makeConsistent, normaliseGrants } from '../logic/grants-matrix';
import { derivePreview } from '../logic/preview';
import { defaultRoleId, parseRoleId, READ_ONLY_TEXT, readOnlyReason } from '../logic/role-param';
import { GrantsEditor } from './grants-editor';
import { RoleAccessBar } from './role-access-bar';
import { RolePreview } from './role-preview';
import { SavePanel } from './save-panel';
import classes from './permissions.module.css';
import { confirmDiscard, useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { LoadingBlock } from '../../../components/ui/loading-block';
import { useChangeEffect } from '../../../lib/use-change-effect';

type Props = { roles: readonly Role[]; index: CatalogueIndex };

const ROLE_CHANGES_LOST = 'Your changes to this role have not been saved.';

/** Pick a role, edit its grants, preview them, save them in one PUT. */
export function RoleAccessTab({ roles, index }: Props) {
  const [params, setParams] = useSearchParams();
  const permissions = usePermissions();
  const roleId = parseRoleId(params.get('roleId'));
  const role = roles.find((r) => r.id === roleId);

  // No role in the URL (or an unknown one): open the first editable role, once the roles' answer is in
  // (useChangeEffect, lib/use-change-effect.ts).
  useChangeEffect(() => {
    if (roles.length === 0 || role) return;
    const fallback = defaultRoleId(roles);
    if (fallback !== null) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('roleId', String(fallback));
          return next;
        },
        { replace: true },
      );
    }
  }, [roles, role, setParams]);

  const grantsQuery = useRoleGrants(role ? role.id : null);
  const save = useSaveRoleGrants();
  const saved = useMemo(() => (grantsQuery.data ? normaliseGrants(grantsQuery.data) : null), [grantsQuery.data]);
  const [draft, setDraft] = useState<{ roleId: number; grants: Grants } | null>(null);
  const current = draft && draft.roleId === roleId ? draft.grants : saved;
  const diff = saved && current ? diffGrants(saved, current) : null;
  const changes = diff?.count ?? 0;
  useUnsavedChanges(changes > 0, ROLE_CHANGES_LOST);

  const canManage =
    canWith(permissions, PERMISSION_KEYS.permissions.manage) && canWith(permissions, PERMISSION_KEYS.modulePermissions.manage);
  const reason = readOnlyReason({ role, viewerRoleId: permissions.roleId, viewerIsSuperAdmin: permissions.isSuperAdmin, canManage });
  const previews = useMemo(() => (current ? derivePreview(current, index) : []), [current, index]);

  const changeRole = async (next: number) => {
    if (next === roleId) return;
    if (changes > 0 && !(await confirmDiscard(ROLE_CHANGES_LOST))) return;
    setDraft(null);
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set('roleId', String(next));
      return out;
    });
  };

  const onSave = async () => {
    if (!role || !current) return;
    try {
      const result = await save.mutateAsync({ roleId: role.id, grants: makeConsistent(current, index) });
      setDraft(null);
      toast.success(result.message);
    } catch (error) {
      const details = isApiError(error) && error.fieldErrors ? Object.values(error.fieldErrors) : [];
      await showAlert({
        icon: 'error',
        title: 'Permissions not saved',
        text: [errorMessage(error, ERROR_MESSAGES.generic), ...details].join('\n'),
      });
    }
  };

  return (
    <Stack gap="md">
      <RoleAccessBar roles={roles} roleId={role ? role.id : null} onRoleChange={(id) => void changeRole(id)} />
      {reason ? (
        <Alert
          color={reason === 'super-admin' ? 'grape' : 'blue'}
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={READ_ONLY_TEXT[reason].title}
        >
          {READ_ONLY_TEXT[reason].text}
        </Alert>
      ) : null}
      {grantsQuery.isError ? (
        <Alert color="red" variant="light" title={ERROR_MESSAGES.loadPosts}>
          {errorMessage(grantsQuery.error, 'The permissions of this role could not be loaded.')}
        </Alert>
      ) : null}
      {role && current ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <GrantsEditor
              index={index}
              grants={current}
              readOnly={reason !== null}
              onChange={(grants) => setDraft({ roleId: role.id, grants })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }} className={classes.previewColumn}>
            <Stack gap="md">
              {reason === null ? (
                <SavePanel changes={changes} saving={save.isPending} onDiscard={() => setDraft(null)} onSave={() => void onSave()} />
              ) : null}
              <RolePreview roleName={role.name} previews={previews} superAdmin={role.id === SUPER_ADMIN_ROLE_ID} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : grantsQuery.isPending && role ? (
        <LoadingBlock label="Loading permissions" height={420} radius="md" />
      ) : null}
    </Stack>
  );
}
