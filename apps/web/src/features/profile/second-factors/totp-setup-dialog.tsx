import { type TotpSetup, totpCodeField } from '@console/contract';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTotp } from './second-factors-api';

type Props = { setup: TotpSetup | null; onClose: () => void; onConfirmed: (codes: string[], message: string) => void };

/** Scan the QR code (or type the key), then prove it with the first code the app shows. */
export function TotpSetupDialog({ setup, onClose, onConfirmed }: Props) {
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    try {
      const result = await confirm.mutateAsync(parsed.data);
      setCode('');
      setError(null);
      onConfirmed(result.data.codes, result.message);
    } catch (cause) {
      setError(errorMessage(cause));
    }
  };

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };

  return (
    <DialogFrame opened={setup !== null} onClose={close} title="Set up an authenticator app">
      {setup ? (
        <form noValidate onSubmit={submit} aria-label="Set up an authenticator app">
          <Stack gap="md">
            <Text size="sm">
              1. Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).
            </Text>
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt="QR code for your authenticator app"
              w={200}
              h={200}
              mx="auto"
            />
            <Text size="sm">
              Cannot scan? Enter this key instead:{' '}
              <Code style={{ wordBreak: 'break-word' }}>{setup.secret.match(/.{1,4}/g)?.join(' ')}</Code>
            </Text>
            <TextInput
              label="2. Enter the 6-digit code the app shows"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => {
                setCode(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </DialogFrame>
  );
}
