import type { About } from '@console/contract';
import { Avatar, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatTimestamp, initials } from '../../../lib/formatters';
import { useStoredFileUrl } from '../../../lib/stored-file';

/** Who you are in the console: what only an administrator changes, plus sign-in facts. */
export function ProfileSummary({ about }: { about: About }) {
  const name = `${about.firstname} ${about.lastname}`.trim() || about.email;
  const avatar = useStoredFileUrl(about.profile, { thumb: true });
  const facts: [string, ReactNode][] = [
    ['E-mail', about.email],
    [
      'Role',
      <Badge key="role" variant="light" tt="none">
        {about.roleName || '—'}
      </Badge>,
    ],
    ['Company', about.companyName ?? '—'],
    [
      'Two-step sign-in',
      about.twoFactorEnabled ? (
        <Badge key="2fa" color="teal" variant="light" tt="none" leftSection={<IconShieldCheck size={12} aria-hidden />}>
          On
        </Badge>
      ) : (
        <Badge key="2fa" color="gray" variant="light" tt="none" leftSection={<IconShieldOff size={12} aria-hidden />}>
          Off
        </Badge>
      ),
    ],
    ['Last sign-in', formatTimestamp(about.lastLoginAt)],
    ['Member since', formatTimestamp(about.createdAt)],
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-summary-heading">
      <Stack align="center" gap={6} ta="center">
        <Avatar src={avatar} alt="" size={96} radius={96} color="brand">
          {initials(name)}
        </Avatar>
        <Title order={2} size="h3" id="profile-summary-heading" mt="xs">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {about.email}
        </Text>
      </Stack>
      <Divider my="md" />
      <Stack gap="sm" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="sm" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0} ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="md">
        Your e-mail address, role, company and two-step setting are managed by an administrator.
      </Text>
    </Paper>
  );
}
