import { PERMISSION_KEYS, UI_TEXT } from '@console/contract';
import { Alert, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { FieldHelp } from '../../components/form-builder';
import { PageLoader } from '../../components/ui/page-loader';
import { canWith, usePermissions } from '../../lib/permissions';
import { KeyPanel } from './components/key-panel';
import { RoundTripPanel } from './components/round-trip-panel';
import { SecurityNotes } from './components/security-notes';
import { useAesTool } from './use-aes-tool';

const AES_HELP_URL = '/docs/aes';

/** /aes/generate: AES keys and IVs made, shown and tried in the browser; nothing is sent anywhere. */
export default function AesGeneratePage() {
  const permissions = usePermissions();
  if (permissions.isLoading) return <PageLoader />;
  if (!canWith(permissions, PERMISSION_KEYS.aes.use)) {
    return (
      <Alert color="orange" variant="light" icon={<IconLock aria-hidden />} title={UI_TEXT.accessDeniedTitle} maw={640}>
        Your role does not include the AES tool (key <code>{PERMISSION_KEYS.aes.use}</code>). Please contact Admin.
      </Alert>
    );
  }
  return <AesTool />;
}

function AesTool() {
  const tool = useAesTool();
  // crypto.subtle exists only on HTTPS (and localhost) pages; generation still works without it.
  const hasSubtle = Boolean(globalThis.crypto?.subtle);

  return (
    <Stack gap="lg">
      <div>
        <Group gap={6} wrap="nowrap">
          <Title order={2} size="h3">
            AES keys
          </Title>
          <FieldHelp label="the AES tool" helpUrl={AES_HELP_URL} />
        </Group>
        <Text c="dimmed" size="sm" maw={720}>
          Generate AES-128, 192 or 256 keys and IVs, copy them as hex or base64, and try them on a text with GCM or CBC. Everything happens
          in this browser: nothing is sent to the server.
        </Text>
      </div>

      {!hasSubtle ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title="Web Crypto is not available on this page"
          maw={880}
        >
          The browser offers Web Crypto encryption only to pages served over HTTPS. Keys still come from its random generator, and
          encryption runs in this page with @noble/ciphers.
        </Alert>
      ) : null}

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <KeyPanel tool={tool} />
            <RoundTripPanel tool={tool} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SecurityNotes />
        </Grid.Col>
      </Grid>
      <VisuallyHidden role="status" aria-live="polite">
        {tool.announcement}
      </VisuallyHidden>
    </Stack>
  );
}
