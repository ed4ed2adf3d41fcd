import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboard, IconDeviceDesktop, IconRepeatOff, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const NOTES: { icon: ReactNode; title: string; body: string }[] = [
  {
    icon: <IconDeviceDesktop size={16} aria-hidden />,
    title: 'Generated in your browser',
    body: "Keys and IVs come from your browser's cryptographic random generator (Web Crypto). Nothing on this page is sent to the server or stored; leaving or reloading it forgets them.",
  },
  {
    icon: <IconClipboard size={16} aria-hidden />,
    title: 'Copy carefully',
    body: 'Anyone holding the key can read the data. Paste it only into a secret store or password manager, never into e-mail, chat or tickets, and clear the clipboard afterwards.',
  },
  {
    icon: <IconRepeatOff size={16} aria-hidden />,
    title: 'Never reuse a GCM IV',
    body: 'Use a new IV for every message encrypted with the same key. A reused GCM IV exposes the texts and lets an attacker forge messages.',
  },
  {
    icon: <IconShieldCheck size={16} aria-hidden />,
    title: 'Prefer GCM',
    body: 'CBC has no integrity check: a changed ciphertext may decrypt without an error. Use CBC only where a system requires it, together with a MAC.',
  },
];

export function SecurityNotes() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="aes-security-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="aes-security-heading">
          Security notes
        </Title>
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {NOTES.map((note) => (
            <Group component="li" key={note.title} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden>
                {note.icon}
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {note.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {note.body}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
