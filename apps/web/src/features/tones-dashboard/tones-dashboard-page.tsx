import type { ToneDashboard } from '@console/contract';
import { Grid, Skeleton, Stack } from '@mantine/core';
import { IconMapPin, IconMessage2, IconWaveSine } from '@tabler/icons-react';
import { DashboardHeading, headingStateOf, PerDayCard, type Stat, StatCards } from '../../components/charts';
import { TONES_DASHBOARD_ERROR, useTonesDashboard } from './api/get-tones-dashboard';
import { TopLocationsCard } from './components/top-locations-card';

const stats = (d: ToneDashboard): Stat[] => [
  { key: 'locations', label: 'Locations', value: d.locations, icon: IconMapPin, color: 'brand' },
  { key: 'tone-sequences', label: 'Tone sequences', value: d.totalToneSequences, icon: IconWaveSine, color: 'accent' },
  { key: 'user-requests', label: 'User requests', value: d.totalUserRequests, hint: 'All time', icon: IconMessage2, color: 'teal' },
];

/** /tone-home-dashboard: the super admin figures of GET /dashboard. */
export default function TonesDashboardPage() {
  const dashboard = useTonesDashboard();
  const { data } = dashboard;
  return (
    <Stack gap="lg" aria-busy={dashboard.isFetching || undefined}>
      <DashboardHeading
        title="Overview"
        description="Locations, tone sequences and user requests across the tones portal."
        {...headingStateOf(dashboard, TONES_DASHBOARD_ERROR)}
      />
      {dashboard.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the dashboard">
          <Skeleton h={104} radius="md" />
          <Skeleton h={340} radius="md" />
        </Stack>
      ) : null}
      {data ? (
        <>
          <StatCards stats={stats(data)} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <PerDayCard title="Requests per day" days={data.requestsPerDay} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <TopLocationsCard rows={data.topLocations} />
            </Grid.Col>
          </Grid>
        </>
      ) : null}
    </Stack>
  );
}
