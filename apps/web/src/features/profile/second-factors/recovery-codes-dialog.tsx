import { Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DialogFrame } from '../../../components/ui/dialog-frame';

type Props = { codes: string[] | null; onClose: () => void };

/** The recovery codes, shown this once: copy or download them before closing. */
export function RecoveryCodesDialog({ codes, onClose }: Props) {
  const text = (codes ?? []).join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <DialogFrame opened={codes !== null} onClose={onClose} title="Save your recovery codes" closeOnClickOutside={false}>
      <Stack gap="md">
        <Text size="sm">
          If you lose your phone, each of these codes signs you in once instead of the app. They are shown only now: keep them somewhere
          safe, such as a password manager.
        </Text>
        <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Recovery codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(codes ?? []).map((c) => (
            <li key={c}>
              <Code fz="sm">{c}</Code>
            </li>
          ))}
        </SimpleGrid>
        <Group justify="space-between">
          <Group gap="xs">
            <CopyButton value={text}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={download}>
              Download
            </Button>
          </Group>
          <Button onClick={onClose}>I saved them</Button>
        </Group>
      </Stack>
    </DialogFrame>
  );
}
