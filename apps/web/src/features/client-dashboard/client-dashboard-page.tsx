import { UI_TEXT } from '@console/contract';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { formatTimestamp } from '../../lib/formatters';
import { CLIENT_DASHBOARD_ERROR, useClientDashboard } from './api/get-client-dashboard';
import { DashboardCharts } from './components/dashboard-charts';
import { StatCards } from './components/stat-cards';

/** /demo-admin/client-dashboard: clients, media, manage-actions and bulk upload outcomes from one call. */
export default function ClientDashboardPage() {
  const dashboard = useClientDashboard();
  const { data } = dashboard;

  return (
    <Stack gap="lg" aria-busy={dashboard.isFetching || undefined}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            Overview
          </Title>
          <Text c="dimmed" size="sm">
            {dashboard.dataUpdatedAt ? `Figures as of ${formatTimestamp(dashboard.dataUpdatedAt)}` : 'Your clients at a glance.'}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void dashboard.refetch()}
          loading={dashboard.isFetching && !dashboard.isPending}
          disabled={dashboard.isPending}
        >
          Refresh
        </Button>
      </Group>

      {dashboard.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={CLIENT_DASHBOARD_ERROR} role="alert">
          <Button size="xs" color="red" variant="white" mt="xs" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      ) : null}

      {dashboard.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the dashboard">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
            {['a', 'b', 'c', 'd', 'e'].map((k) => (
              <Skeleton key={k} h={104} radius="md" />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Skeleton h={320} radius="md" />
            <Skeleton h={320} radius="md" />
          </SimpleGrid>
        </Stack>
      ) : null}

      {data ? (
        <>
          <StatCards data={data} />
          <DashboardCharts data={data} />
        </>
      ) : null}
    </Stack>
  );
}
