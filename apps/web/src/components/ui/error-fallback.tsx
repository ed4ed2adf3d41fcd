import { ERROR_MESSAGES, UI_TEXT } from '@console/contract';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What a crashed screen shows (spec s.8): 'Something went wrong:' + the message + 'Try Again'. */
export function ErrorFallback({ message, onRetry, fullPage }: { message: string; onRetry: () => void; fullPage?: boolean }) {
  return (
    <Center mih={fullPage ? '100dvh' : 320} p="md" component={fullPage ? 'main' : 'div'} bg={fullPage ? 'var(--app-surface)' : undefined}>
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon color="red" variant="light" size={56} radius="xl" aria-hidden>
            <IconAlertTriangle size={30} />
          </ThemeIcon>
          {fullPage ? (
            <Title order={1} size="h3">
              {ERROR_MESSAGES.boundaryPrefix}
            </Title>
          ) : (
            <Text fw={650} size="lg">
              {ERROR_MESSAGES.boundaryPrefix}
            </Text>
          )}
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
          <Button onClick={onRetry}>{UI_TEXT.tryAgain}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'statusText' in error) {
    const e = error as { status?: number; statusText?: string };
    return [e.status, e.statusText].filter(Boolean).join(' ');
  }
  return 'Unknown error';
}
