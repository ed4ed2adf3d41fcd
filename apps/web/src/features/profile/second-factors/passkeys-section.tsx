import { type Passkey, PASSKEY_NAME_MAX } from '@console/contract';
import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/formatters';
import { passkeyCancelled, passkeysSupported } from '../../../lib/webauthn';
import { useAddPasskey, useRemovePasskey, useSetPasskeySignIn } from './second-factors-api';

type Props = { passkeys: Passkey[]; passkeySignIn: boolean };

/** The user's passkeys: add (the browser's prompt), remove, and whether one alone signs them in. */
export function PasskeysSection({ passkeys, passkeySignIn }: Props) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const setSignIn = useSetPasskeySignIn();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);

  const addPasskey = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Give the passkey a name, such as "Work laptop"');
    try {
      const result = await add.mutateAsync(trimmed);
      toast.success(result.message);
      setName('');
    } catch (cause) {
      if (passkeyCancelled(cause)) toast.info('The passkey prompt was closed; nothing was added.');
      else toast.error(errorMessage(cause));
    }
  };

  const removePasskey = async (key: Passkey) => {
    const texts = { title: `Remove passkey "${key.name}"?`, text: 'It will no longer sign you in.', confirmButtonText: 'Remove' };
    if (!(await confirmDelete(texts))) return;
    try {
      toast.success((await remove.mutateAsync(key.id)).message);
    } catch (cause) {
      toast.error(errorMessage(cause));
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="passkeys-heading">
      <Title order={3} size="h5" id="passkeys-heading">
        Passkeys
      </Title>
      <Text size="sm" c="dimmed">
        A passkey is your fingerprint, face or screen lock on this device, or a security key. It cannot be phished.
      </Text>
      {passkeys.length === 0 ? (
        <Text size="sm">No passkeys yet.</Text>
      ) : (
        <Stack gap={6} component="ul" aria-label="Your passkeys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.map((k) => (
            <Group key={k.id} component="li" justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {k.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Added {formatTimestamp(k.createdAt)} · {k.lastUsedAt ? `last used ${formatTimestamp(k.lastUsedAt)}` : 'not used yet'}
                </Text>
              </div>
              <ActionIcon variant="subtle" color="red.9" aria-label={`Remove passkey ${k.name}`} onClick={() => void removePasskey(k)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {passkeysSupported() ? (
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Passkey name"
            placeholder="e.g. Work laptop"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button variant="light" loading={add.isPending} onClick={() => void addPasskey()}>
            Add a passkey
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          This browser cannot create passkeys.
        </Text>
      )}
      <Switch
        label="Let my passkeys sign me in without a password"
        description="Otherwise a passkey is the second step after your password."
        checked={passkeySignIn}
        disabled={passkeys.length === 0 || setSignIn.isPending}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          setSignIn.mutateAsync(enabled).then(
            (r) => toast.success(r.message),
            (cause: unknown) => toast.error(errorMessage(cause)),
          );
        }}
      />
    </Stack>
  );
}
