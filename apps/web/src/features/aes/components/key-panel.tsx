import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport, IconKey, IconRefresh } from '@tabler/icons-react';
import { AES_MODES, IV_BYTES, KEY_SIZES, type KeyBits, type AesMode } from '../logic/aes-cipher';
import { toBase64, toHex } from '../logic/encoding';
import type { AesTool } from '../use-aes-tool';
import { CopyField } from './copy-field';
import { ImportKeyModal } from './import-key-modal';
import { LabelledSegments } from './labelled-segments';

const SIZE_OPTIONS = KEY_SIZES.map((bits) => ({ value: String(bits), label: `${bits}-bit` }));
const MODE_OPTIONS = AES_MODES.map((mode) => ({ value: mode, label: mode }));

/** Key size, mode, Generate / Use an existing key, and the key and IV as hex and base64. */
export function KeyPanel({ tool }: { tool: AesTool }) {
  const [importing, importDialog] = useDisclosure(false);
  const { material, mode, keyBits } = tool;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="aes-key-heading">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="aes-key-heading">
            Key and IV
          </Title>
          {material ? (
            <Badge variant="light" size="lg" radius="sm">
              AES-{keyBits}-{mode} · {material.origin}
            </Badge>
          ) : null}
        </Group>

        <Group gap="lg" align="flex-end" wrap="wrap">
          <LabelledSegments
            id="aes-key-size-label"
            label="Key size"
            data={SIZE_OPTIONS}
            value={String(keyBits)}
            onChange={(value) => tool.setKeyBits(Number(value) as KeyBits)}
          />
          <LabelledSegments<AesMode> id="aes-mode-label" label="Mode" data={MODE_OPTIONS} value={mode} onChange={tool.setMode} />
        </Group>
        <Text size="xs" c="dimmed" mt={-6}>
          With a key on screen, another size makes a new key; another mode keeps the key and makes a new IV ({IV_BYTES.GCM} bytes for GCM,{' '}
          {IV_BYTES.CBC} for CBC).
        </Text>

        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconKey size={18} aria-hidden />} onClick={tool.generate}>
            {material ? 'Generate new key and IV' : 'Generate key and IV'}
          </Button>
          {material ? (
            <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} onClick={tool.newIv}>
              New IV only
            </Button>
          ) : null}
          <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} onClick={importDialog.open}>
            Use an existing key
          </Button>
        </Group>

        {material ? (
          <SimpleGrid cols={1} spacing="sm">
            <CopyField label="Key (hex)" value={toHex(material.key)} description={`${material.key.length} bytes`} />
            <CopyField label="Key (base64)" value={toBase64(material.key)} />
            <CopyField label="IV (hex)" value={toHex(material.iv)} description={`${material.iv.length} bytes, for ${mode}`} />
            <CopyField label="IV (base64)" value={toBase64(material.iv)} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            No key yet. Generate one, or use an existing key to encrypt or decrypt with it.
          </Text>
        )}
      </Stack>
      <ImportKeyModal opened={importing} mode={mode} onClose={importDialog.close} onImport={tool.importMaterial} />
    </Paper>
  );
}
