import { type TotpSetup, UI_TEXT } from '@console/contract';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../../components/ui/alert-dialog';
import { HelpTopicLink } from '../../../components/ui/help-topic-link';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { useRemoveTotp, useRenewRecoveryCodes, useSecondFactors, useStartTotp } from './second-factors-api';
import { TotpSetupDialog } from './totp-setup-dialog';
import { LoadingBlock } from '../../../components/ui/loading-block';

const confirmed = async (title: string, text: string, confirmButtonText: string) =>
  (await showAlert({ icon: 'warning', title, text, showCancelButton: true, confirmButtonText, cancelButtonText: 'Cancel' })).isConfirmed;

/** Profile -> About: the second factors of the signed-in user (authenticator app, recovery codes, passkeys). */
export function SecondFactorsCard() {
  const factors = useSecondFactors();
  const start = useStartTotp();
  const removeTotp = useRemoveTotp();
  const renew = useRenewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const run = async <T,>(action: () => Promise<T>, done: (result: T) => void) => {
    try {
      done(await action());
    } catch (cause) {
      toast.error(errorMessage(cause));
    }
  };

  const renewCodes = async () => {
    if (!(await confirmed('Make new recovery codes?', 'The codes you saved before will stop working.', 'Make new codes'))) return;
    await run(
      () => renew.mutateAsync(),
      (r) => setCodes(r.data.codes),
    );
  };

  const removeApp = async () => {
    if (!(await confirmed('Remove the authenticator app?', 'Its codes and your recovery codes will stop working.', 'Remove'))) return;
    await run(
      () => removeTotp.mutateAsync(),
      (r) => toast.success(r.message),
    );
  };

  const body = () => {
    if (factors.isError)
      return (
        <Alert color="red" variant="light" title="Your second factors could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void factors.refetch()}>
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      );
    const f = factors.data;
    if (!f) return <LoadingBlock label="Loading your second factors" height={160} />;
    return (
      <Stack gap="md">
        {f.requiredByRole ? (
          <Alert color="blue" variant="light" title="Your role requires a second step">
            Every sign-in asks for one. Without an app or a passkey, you get a code by e-mail.
          </Alert>
        ) : null}
        <Text size="sm">
          E-mailed code: <strong>{f.emailCode ? 'on' : 'off'}</strong> (an administrator sets it). It is always there as the fallback.
        </Text>
        <Divider />
        <Stack gap="sm" component="section" aria-labelledby="totp-heading">
          <Group gap="xs">
            <Title order={3} size="h5" id="totp-heading">
              Authenticator app
            </Title>
            <Badge color={f.totp.enabled ? 'teal.9' : 'gray.7'} variant="filled">
              {f.totp.enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          {f.totp.enabled ? (
            <>
              <Text size="sm">{`${f.totp.recoveryCodesLeft} of 10 recovery codes left.`}</Text>
              <Group gap="sm">
                <Button variant="default" loading={renew.isPending} onClick={() => void renewCodes()}>
                  New recovery codes
                </Button>
                <Button variant="default" color="red.9" loading={removeTotp.isPending} onClick={() => void removeApp()}>
                  Remove
                </Button>
              </Group>
            </>
          ) : (
            <Group>
              <Button variant="light" loading={start.isPending} onClick={() => void run(() => start.mutateAsync(), setSetup)}>
                Set up authenticator app
              </Button>
            </Group>
          )}
        </Stack>
        <Divider />
        <PasskeysSection passkeys={f.passkeys} passkeySignIn={f.passkeySignIn} />
      </Stack>
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="second-factors-heading">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3" id="second-factors-heading">
            Sign-in security
          </Title>
          <Text size="sm" c="dimmed">
            A second step keeps your account safe even if someone learns your password.
          </Text>
        </Stack>
        <HelpTopicLink slug="second-factors">About second factors</HelpTopicLink>
      </Group>
      {body()}
      <TotpSetupDialog
        setup={setup}
        onClose={() => setSetup(null)}
        onConfirmed={(next, message) => {
          setSetup(null);
          toast.success(message);
          setCodes(next);
        }}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Paper>
  );
}
