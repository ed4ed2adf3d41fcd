import { STORAGE_KEYS, UI_TEXT } from '@console/contract';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { isOnline } from '../../lib/connectivity';
import { storage } from '../../lib/storage';

/**
 * /internet-connection (spec s.2). Part of the entry bundle, not lazy: when the network is
 * gone, a lazily loaded chunk could not be fetched any more.
 */
export function InternetConnectionPage() {
  const navigate = useNavigate();
  const retry = () => {
    if (!isOnline()) return;
    const target = storage.get(STORAGE_KEYS.recentPath) || '/home';
    storage.remove(STORAGE_KEYS.recentPath);
    void navigate(target, { replace: true });
  };
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--app-surface)">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480} w="100%">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden>
            <IconWifiOff size={38} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {UI_TEXT.noInternetTitle}
          </Title>
          <Text c="dimmed">{UI_TEXT.noInternetAdvice}</Text>
          <Button variant="light" onClick={retry}>
            {UI_TEXT.tryAgain}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
