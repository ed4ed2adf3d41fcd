import { ERROR_MESSAGES, type User, userCreateSchema, userUpdateSchema } from '@console/contract';
import { Alert, Drawer, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { useResourceWrites } from '../../../components/resource';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useStoredFileUrl } from '../../../lib/stored-file';
import { useCompanyOptions } from '../api/get-company-options';
import { useRoleOptions } from '../api/get-role-options';
import { usersApi } from '../api/users-api';
import { userFields, userFormData, userToFormValues } from './user-fields';
import { userDisplayName } from './user-row-actions';

export type UserEditorState = { opened: boolean; user: User | null; session: number };

type Props = {
  state: UserEditorState;
  selfId: number | undefined;
  onClose: () => void;
  /** After the signed-in user saved their own record (the page refreshes the session and theme). */
  onSelfSaved: (user: User) => void;
};

/** Add (user null) or edit a user in a side drawer. */
export function UserFormDrawer({ state, selfId, onClose, onSelfSaved }: Props) {
  const { user } = state;
  const editing = user !== null;
  const isSelf = editing && user.id === selfId;
  const roles = useRoleOptions(state.opened);
  const companies = useCompanyOptions(state.opened);
  const { create, update } = useResourceWrites(usersApi);
  const pictureUrl = useStoredFileUrl(user?.profile, { thumb: true });

  const fields = useMemo(
    () => userFields({ roles: roles.data ?? [], companies: companies.data ?? [], editing, isSelf }),
    [roles.data, companies.data, editing, isSelf],
  );
  const initialValues = useMemo(() => userToFormValues(user), [user]);

  const onSubmit = async (values: FormValues) => {
    const body = userFormData(values, fields, initialValues);
    // A failure is thrown on to the form: field errors under their fields (the first focused), anything
    // else above the form, with spec s.8's 'Error adding user' when the server sent no message. No toast as well.
    const result = user ? await update.mutateAsync({ id: user.id, body }) : await create.mutateAsync(body);
    toast.success(result.message || (user ? 'User updated' : 'User added'));
    if (isSelf && result.data) onSelfSaved(result.data as User);
    onClose();
  };

  const title = user ? `Edit ${userDisplayName(user)}` : 'Add user';
  // The role is required: wait for the options so the select does not start empty and then jump.
  const waiting = roles.isPending && !roles.isError;
  return (
    <Drawer
      opened={state.opened}
      onClose={onClose}
      title={title}
      position="right"
      size="md"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      // A portalled <header> would be a second page banner landmark (axe: landmark-unique).
      attributes={{ header: { role: 'none' } }}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        {isSelf ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            This is your own account. Another administrator has to change your role or status; your colours apply as soon as you save.
          </Alert>
        ) : null}
        {roles.isError ? (
          <Alert variant="light" color="red" role="alert">
            The list of roles could not be loaded. {errorMessage(roles.error, ERROR_MESSAGES.loadPosts)}
          </Alert>
        ) : null}
        {waiting ? (
          <Stack align="center" py="xl" role="status" aria-label="Loading the form">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              Loading roles and companies…
            </Text>
          </Stack>
        ) : (
          <FormBuilder
            key={state.session}
            aria-label={title}
            fields={fields}
            schema={user ? userUpdateSchema : userCreateSchema}
            initialValues={initialValues}
            submitLabel={user ? 'Save changes' : 'Add user'}
            onCancel={onClose}
            onSubmit={onSubmit}
            errorFallback={user ? ERROR_MESSAGES.generic : ERROR_MESSAGES.addUser}
            resolveFileUrl={(path) => (path === user?.profile ? (pictureUrl ?? '') : '')}
            resolveFileName={(path) => (path === user?.profile ? user.profileName : null)}
          />
        )}
      </Stack>
    </Drawer>
  );
}
