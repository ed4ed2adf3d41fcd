import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useShellRoute } from '../../components/shell';

/**
 * The content of a signed-in screen whose feature arrives in a later issue: the screen's
 * title and what it is for. Each route in app/route-table.ts swaps this for its feature screen.
 */
export default function ScreenIntro() {
  const route = useShellRoute();
  if (!route) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={880}>
      <Stack gap="sm">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          <IconLayoutDashboard size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {route.title}
        </Title>
        <Text c="dimmed" maw={640}>
          {route.description}
        </Text>
      </Stack>
    </Paper>
  );
}
