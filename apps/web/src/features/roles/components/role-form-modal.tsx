import { type Role, roleInputSchema, SUPER_ADMIN_ROLE_ID } from '@console/contract';
import { Text } from '@mantine/core';
import { FormBuilder, type FormField } from '../../../components/form-builder';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { toast } from '../../../components/ui/toast';
import { useDiscardGuard } from '../../../components/ui/unsaved-changes';
import { useResourceWrites } from '../../../components/resource';
import { rolesApi } from '../api/roles-api';

const fieldsFor = (locked: boolean): FormField[] => [
  {
    name: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    disabled: locked,
    placeholder: 'e.g. Support Agent',
    showHelp: true,
    helpUrl: '/docs/roles#name',
  },
  {
    name: 'description',
    label: 'Description',
    type: 'textarea',
    placeholder: 'Who is this role for?',
    showHelp: true,
    helpUrl: '/docs/roles#description',
  },
  {
    name: 'secondFactorRequired',
    label: 'Require a second factor at every sign-in',
    type: 'switch',
    showHelp: true,
    helpUrl: '/docs/second-factors#role-policy',
  },
];

type Props = {
  opened: boolean;
  /** The role to edit; none to add one. */
  role?: Role;
  onClose: () => void;
};

/** Add or edit a role with the generic form and the API's own schema. */
export function RoleFormModal({ opened, role, onClose }: Props) {
  const { create, update } = useResourceWrites(rolesApi);
  // Role 1 keeps its name (the API refuses a rename too); its description may change.
  const locked = role?.id === SUPER_ADMIN_ROLE_ID;
  const fields = fieldsFor(locked);
  const guard = useDiscardGuard(opened, onClose);

  return (
    <DialogFrame opened={opened} onClose={guard.close} title={role ? `Edit role ${role.name}` : 'Add role'} size="lg">
      {locked ? (
        <Text size="sm" c="dimmed" mb="md">
          Super Admin is a protected role: its name cannot change.
        </Text>
      ) : null}
      <FormBuilder
        key={role?.id ?? 'new'}
        aria-label={role ? 'Edit role' : 'Add role'}
        autoFocus
        fields={fields}
        schema={roleInputSchema}
        initialValues={
          role ? { name: role.name, description: role.description ?? '', secondFactorRequired: role.secondFactorRequired } : undefined
        }
        submitLabel={role ? 'Save changes' : 'Add role'}
        onCancel={guard.close}
        onDirtyChange={guard.setDirty}
        onSubmit={async (values) => {
          const input = {
            name: String(values.name),
            description: (values.description as string | null | undefined) ?? null,
            secondFactorRequired: Boolean(values.secondFactorRequired),
          };
          const result = role ? await update.mutateAsync({ id: role.id, body: input }) : await create.mutateAsync(input);
          toast.success(result.message);
          guard.closeSaved();
        }}
      />
    </DialogFrame>
  );
}
