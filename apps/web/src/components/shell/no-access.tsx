import { accessDeniedMessage, UI_TEXT } from '@console/contract';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

const NO_ACCESS_TEXT = "You don't have permission to open this page. Please contact Admin.";

type NoAccessProps = {
  backLabel: string;
  /** The module the page belongs to (its name, never the page's menu title). */
  moduleName: string;
  /** Does the user have any menu of this module? Without one, the spec's module-level text (s.6). */
  hasModuleMenus: boolean;
  /** The page's key when the role lacks it (the menu alone would allow the page): named so an admin knows what to grant. */
  missingKey?: string | readonly string[];
};

/** Shown in the shell when the user's role does not include the page's menu. */
export function NoAccess({ backLabel, moduleName, hasModuleMenus, missingKey }: NoAccessProps) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {UI_TEXT.accessDeniedTitle}
        </Title>
        <Text c="dimmed">{hasModuleMenus ? NO_ACCESS_TEXT : accessDeniedMessage(moduleName)}</Text>
        {missingKey ? (
          <Text size="sm" c="dimmed">
            Your role does not include this page's key <code>{typeof missingKey === 'string' ? missingKey : missingKey.join(' or ')}</code>.
          </Text>
        ) : null}
        <Button component={Link} to="/home" mt="sm">
          {backLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
