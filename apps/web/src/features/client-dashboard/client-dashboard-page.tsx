import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DashboardHeading, headingStateOf } from '../../components/charts';
import { CLIENT_DASHBOARD_ERROR, useClientDashboard } from './api/get-client-dashboard';
import { DashboardCharts } from './components/dashboard-charts';
import { StatCards } from './components/stat-cards';

/** /demo-admin/client-dashboard: clients, media, manage-actions and bulk upload outcomes from one call. */
export default function ClientDashboardPage() {
  const dashboard = useClientDashboard();
  const { data } = dashboard;

  return (
    <Stack gap="lg" aria-busy={dashboard.isFetching || undefined}>
      <DashboardHeading title="Overview" description="Your clients at a glance." {...headingStateOf(dashboard, CLIENT_DASHBOARD_ERROR)} />

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
