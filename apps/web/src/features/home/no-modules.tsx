import { UI_TEXT } from '@console/contract';
import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockAccess } from '@tabler/icons-react';

/** Home without any accessible module (spec s.2): 'Please contact Admin' with the support e-mail. */
export function NoModules({ supportEmail }: { supportEmail: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" mt="lg">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLockAccess size={32} />
        </ThemeIcon>
        <Title order={2}>{UI_TEXT.contactAdminTitle}</Title>
        <Text>{UI_TEXT.noAccessBody}</Text>
        <Text c="dimmed">
          Support:{' '}
          <Anchor href={`mailto:${supportEmail}`} fw={600}>
            {supportEmail}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
