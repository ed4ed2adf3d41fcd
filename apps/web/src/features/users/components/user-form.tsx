import { ERROR_MESSAGES, type UserListItem } from '@console/contract';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ResourceForm } from '../../../components/resource';
import { errorMessage } from '../../../lib/api-client';
import { refreshOwnSession } from './refresh-own-session';
import { type UserFieldOptions, userFields, userFormData, userToFormValues } from './user-fields';

type Loaded<T> = { data?: readonly T[]; isPending: boolean; isError: boolean; error: unknown };
type Company = UserFieldOptions['companies'][number];

/**
 * The user drawer (the resource drawer with the user's extras): role and company options, a
 * password required only on add, a note and locked role and status on one's own account, whose
 * save refreshes the session and colours at once.
 */
export function userForm({
  roles,
  companies,
  selfId,
}: {
  roles: Loaded<UserFieldOptions['roles'][number]>;
  companies: readonly Company[] | undefined;
  selfId: number | undefined;
}): ResourceForm<UserListItem> {
  const isSelf = (user: UserListItem | null) => user !== null && user.id === selfId;
  return {
    fields: (user) => userFields({ roles: roles.data ?? [], companies: companies ?? [], editing: user !== null, isSelf: isSelf(user) }),
    toValues: userToFormValues,
    toBody: (values, initialValues, fields) => userFormData(values, fields, initialValues),
    previewField: 'profile',
    previewNameField: 'profileName',
    // Spec s.8: 'Error adding user' when the server sent no message.
    errorMessages: { create: ERROR_MESSAGES.addUser },
    intro: (user) => (
      <>
        {isSelf(user) ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
            This is your own account. Another administrator has to change your role or status; your colours apply as soon as you save.
          </Alert>
        ) : null}
        {roles.isError ? (
          <Alert variant="light" color="red" role="alert">
            The list of roles could not be loaded. {errorMessage(roles.error, ERROR_MESSAGES.loadPosts)}
          </Alert>
        ) : null}
      </>
    ),
    // The role is required: wait for the options so the select does not start empty and then jump.
    pending:
      roles.isPending && !roles.isError ? (
        <Stack align="center" py="xl" role="status" aria-label="Loading the form">
          <Loader aria-hidden />
          <Text size="sm" c="dimmed">
            Loading roles and companies…
          </Text>
        </Stack>
      ) : undefined,
    onSaved: (saved, user) => {
      if (saved && isSelf(user)) refreshOwnSession(saved);
    },
  };
}
