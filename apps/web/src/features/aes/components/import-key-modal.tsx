import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { type AesMode, type Bytes, IV_BYTES } from '../logic/aes-cipher';
import type { InputEncoding } from '../logic/encoding';
import { describeInput, encodedLengths, type ImportErrors, validateImport } from '../logic/key-import';
import { LabelledSegments } from './labelled-segments';

type Props = {
  opened: boolean;
  mode: AesMode;
  onClose: () => void;
  onImport: (key: Bytes, iv: Bytes | null) => void;
};

const ENCODINGS: { value: InputEncoding; label: string }[] = [
  { value: 'auto', label: 'Detect' },
  { value: 'hex', label: 'Hex' },
  { value: 'base64', label: 'Base64' },
];
const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** Paste an existing key (and IV) to encrypt or decrypt with it; checked before anything changes. */
export function ImportKeyModal({ opened, mode, onClose, onImport }: Props) {
  const [key, setKey] = useState('');
  const [iv, setIv] = useState('');
  const [encoding, setEncoding] = useState<InputEncoding>('auto');
  const [errors, setErrors] = useState<ImportErrors>({});

  const close = () => {
    // The pasted key is not kept once the dialog is gone.
    setKey('');
    setIv('');
    setErrors({});
    onClose();
  };

  const submit = () => {
    const result = validateImport({ key, iv, encoding, mode });
    if (!result.ok) {
      setErrors(result.errors);
      document.getElementById(result.errors.key ? 'aes-import-key' : 'aes-import-iv')?.focus();
      return;
    }
    onImport(result.key, result.iv);
    close();
  };

  return (
    <DialogFrame opened={opened} onClose={close} title="Use an existing key" centered size="lg">
      <form
        aria-label="Use an existing key"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The key is checked and used only in this browser. Its length sets the key size: 16, 24 or 32 bytes for AES-128, 192 or 256.
          </Text>
          <LabelledSegments<InputEncoding>
            id="aes-import-encoding"
            label="Encoding"
            data={ENCODINGS}
            value={encoding}
            onChange={(value) => {
              setEncoding(value);
              setErrors({});
            }}
            gap={4}
            maw={320}
          />
          <Textarea
            id="aes-import-key"
            label="Key"
            required
            autosize
            minRows={2}
            spellCheck={false}
            autoComplete="off"
            placeholder="e.g. 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
            description={describeInput(key, encoding) ?? 'Hex (0-9, a-f) or base64.'}
            value={key}
            error={errors.key}
            onChange={(event) => {
              setKey(event.currentTarget.value);
              setErrors((e) => ({ ...e, key: undefined }));
            }}
            styles={mono}
            data-autofocus
          />
          <TextInput
            id="aes-import-iv"
            label={`IV for ${mode} (optional)`}
            spellCheck={false}
            autoComplete="off"
            description={
              describeInput(iv, encoding) ??
              `${IV_BYTES[mode]} bytes (${encodedLengths(IV_BYTES[mode])}). Leave empty to generate a new one.`
            }
            value={iv}
            error={errors.iv}
            onChange={(event) => {
              setIv(event.currentTarget.value);
              setErrors((e) => ({ ...e, iv: undefined }));
            }}
            styles={mono}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit">Use this key</Button>
          </Group>
        </Stack>
      </form>
    </DialogFrame>
  );
}
