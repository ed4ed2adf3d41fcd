import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconLock, IconLockOpen, IconRefresh, IconX } from '@tabler/icons-react';
import { BLOCK_BYTES, type CipherEngine, GCM_TAG_BYTES } from '../logic/aes-cipher';
import type { AesTool } from '../use-aes-tool';
import { CopyValueButton } from './copy-field';

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-sm)' } };
const DIRECTIONS = [
  { run: 'encrypt', label: 'Encrypt', Icon: IconLock, variant: 'filled' },
  { run: 'decrypt', label: 'Decrypt', Icon: IconLockOpen, variant: 'default' },
] as const;
// Alert titles in their colour on the light surface fall below 4.5:1; the body text colour passes.
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

const ENGINE_NOTE: Record<CipherEngine, string> = {
  'web-crypto': "Done by your browser's Web Crypto.",
  noble:
    "Your browser's Web Crypto cannot take this key (Chromium has no AES-192; plain-HTTP pages have no Web Crypto), so this page ran @noble/ciphers, an audited implementation with the same output, still in this browser.",
};

function ciphertextDescription(tool: AesTool): string {
  const { mode, encrypted } = tool;
  const layout =
    mode === 'GCM'
      ? `The ciphertext followed by the ${GCM_TAG_BYTES}-byte authentication tag, as Web Crypto appends it.`
      : `PKCS#7-padded to whole ${BLOCK_BYTES}-byte blocks.`;
  const size = encrypted
    ? mode === 'GCM'
      ? ` ${encrypted.bytes} bytes: ${encrypted.bytes - GCM_TAG_BYTES} of ciphertext + ${GCM_TAG_BYTES} of tag.`
      : ` ${encrypted.bytes} bytes.`
    : '';
  return `${layout}${size} Paste a ciphertext here to decrypt it with the key and IV above.`;
}

/** Encrypt the sample text, decrypt it (or a pasted ciphertext) and check the round trip. */
export function RoundTripPanel({ tool }: { tool: AesTool }) {
  const hasKey = tool.material !== null;
  const { decrypted } = tool;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="aes-round-trip-heading">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="aes-round-trip-heading">
            Encrypt and decrypt
          </Title>
          <Text size="sm" c="dimmed">
            Try the key on a text: encrypt it, decrypt the result and check that the same text comes back.
          </Text>
        </div>

        <Textarea
          label="Plaintext"
          description="Encoded as UTF-8 before encryption."
          autosize
          minRows={2}
          maxRows={8}
          value={tool.plaintext}
          onChange={(event) => tool.setPlaintext(event.currentTarget.value)}
        />

        {tool.ivReuse ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title="This GCM IV was already used with this key"
            styles={readableTitle}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                It encrypted a different text. Encrypting another text with the same key and IV exposes both texts and lets an attacker
                forge messages. Make a new IV first.
              </Text>
              <Button size="xs" variant="white" color="orange" leftSection={<IconRefresh size={14} aria-hidden />} onClick={tool.newIv}>
                Make a new IV
              </Button>
            </Stack>
          </Alert>
        ) : null}

        <Group gap="sm" wrap="wrap">
          {DIRECTIONS.map(({ run, label, Icon, variant }) => (
            <Button
              key={run}
              variant={variant}
              leftSection={<Icon size={18} aria-hidden />}
              onClick={() => void tool[run]()}
              disabled={!hasKey}
              loading={tool.busy === run}
            >
              {label}
            </Button>
          ))}
          {!hasKey ? (
            <Text size="sm" c="dimmed">
              Generate or use a key first.
            </Text>
          ) : null}
        </Group>

        {tool.failure ? (
          <Alert color="red" variant="light" icon={<IconX aria-hidden />} title="Encryption failed" role="alert" styles={readableTitle}>
            {tool.failure}
          </Alert>
        ) : null}

        <Textarea
          label="Ciphertext (base64)"
          description={ciphertextDescription(tool)}
          autosize
          minRows={2}
          maxRows={8}
          spellCheck={false}
          autoComplete="off"
          disabled={!hasKey}
          value={tool.ciphertext}
          error={tool.ciphertextError}
          onChange={(event) => tool.setCiphertext(event.currentTarget.value)}
          styles={mono}
          rightSectionWidth={40}
          rightSectionProps={{ style: { alignItems: 'flex-start', paddingTop: 4 } }}
          rightSection={<CopyValueButton label="Ciphertext (base64)" value={tool.ciphertext} />}
        />
        {tool.encrypted ? (
          <Text size="xs" c="dimmed" mt={-8}>
            {ENGINE_NOTE[tool.encrypted.engine]}
          </Text>
        ) : null}

        <DecryptOutcome tool={tool} />
        {decrypted?.ok ? (
          <Textarea
            label="Decrypted text"
            // The engine note is shown once: under the ciphertext after Encrypt, here for a pasted one.
            description={
              decrypted.text === null ? 'Not UTF-8 text: shown as hex.' : tool.encrypted ? undefined : ENGINE_NOTE[decrypted.engine]
            }
            autosize
            minRows={2}
            maxRows={8}
            readOnly
            value={decrypted.text ?? decrypted.hex}
            styles={decrypted.text === null ? mono : undefined}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The visible verdict of a decryption: round trip OK, a different text, or why it failed. */
function DecryptOutcome({ tool }: { tool: AesTool }) {
  const { decrypted, plaintext } = tool;
  if (!decrypted) return null;
  if (!decrypted.ok) {
    return (
      <Alert color="red" variant="light" icon={<IconX aria-hidden />} title="Decryption failed" role="alert" styles={readableTitle}>
        {decrypted.error}
      </Alert>
    );
  }
  if (decrypted.text === plaintext) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title="Round trip OK" role="status" styles={readableTitle}>
        The decrypted text equals the plaintext.
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title="Decrypted" role="status" styles={readableTitle}>
      {decrypted.text === null
        ? 'The key and IV opened the ciphertext, but the result is not UTF-8 text. With CBC a wrong key or IV can still give valid padding: check them.'
        : 'The decrypted text differs from the plaintext above (a pasted ciphertext, or the plaintext was edited).'}
    </Alert>
  );
}
