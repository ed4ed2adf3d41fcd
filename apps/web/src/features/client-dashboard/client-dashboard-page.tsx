import { SimpleGrid, Skeleton } from '@mantine/core';
import { DashboardFrame } from '../../components/charts';
import { LiveIndicator } from '../../components/ui/live-indicator';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { CLIENT_DASHBOARD_ERROR, CLIENT_DASHBOARD_LIVE, CLIENT_DASHBOARD_LIVE_KEYS, useClientDashboard } from './api/get-client-dashboard';
import { DashboardCharts } from './components/dashboard-charts';
import { StatCards } from './components/stat-cards';

const skeleton = (
  <>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
      {['a', 'b', 'c', 'd', 'e'].map((k) => (
        <Skeleton key={k} h={104} radius="md" />
      ))}
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Skeleton h={320} radius="md" />
      <Skeleton h={320} radius="md" />
    </SimpleGrid>
  </>
);

/** /demo-admin/client-dashboard: clients, media, manage-actions and bulk upload outcomes from one call. */
export default function ClientDashboardPage() {
  useLiveUpdates(CLIENT_DASHBOARD_LIVE, CLIENT_DASHBOARD_LIVE_KEYS);
  const query = useClientDashboard();
  return (
    <DashboardFrame
      query={query}
      error={CLIENT_DASHBOARD_ERROR}
      skeleton={skeleton}
      live={<LiveIndicator path={CLIENT_DASHBOARD_LIVE} updatedAt={query.dataUpdatedAt || undefined} />}
    >
      {(data) => (
        <>
          <StatCards data={data} />
          <DashboardCharts data={data} />
        </>
      )}
    </DashboardFrame>
  );
}
