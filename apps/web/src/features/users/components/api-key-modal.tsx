import { Alert, Button, CopyButton, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { DialogFrame } from '../../../components/ui/dialog-frame';

export type IssuedKey = { userName: string; apiKey: string };

/**
 * Shows a freshly issued API key once. The server stores only its hash, so closing this
 * dialog loses the key for good: it closes only by an explicit button, not by a stray click.
 */
export function ApiKeyModal({ issued, onClose }: { issued: IssuedKey | null; onClose: () => void }) {
  return (
    <DialogFrame opened={issued !== null} onClose={onClose} title="New API key" centered size="lg" closeOnClickOutside={false}>
      {issued ? (
        <Stack gap="md">
          <Text size="sm">
            A new API key was issued for <strong>{issued.userName}</strong>. The previous key no longer works.
          </Text>
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title="Copy it now"
            // Orange text on the light orange surface is below 4.5:1; the title uses the body text colour.
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            This key will not be shown again. Store it somewhere safe before you close this dialog.
          </Alert>
          <TextInput
            label="API key"
            value={issued.apiKey}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <CopyButton value={issued.apiKey} timeout={2500}>
              {({ copied, copy }) => (
                <>
                  <Button
                    variant={copied ? 'light' : 'filled'}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    onClick={copy}
                  >
                    {copied ? 'Copied' : 'Copy API key'}
                  </Button>
                  {/* A changed button label is not announced; this is. */}
                  <VisuallyHidden role="status">{copied ? 'API key copied to the clipboard' : ''}</VisuallyHidden>
                </>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : null}
    </DialogFrame>
  );
}
