import type { ToneDashboard } from '@console/contract';
import { Skeleton } from '@mantine/core';
import { IconMapPin, IconMessage2, IconWaveSine } from '@tabler/icons-react';
import { DashboardFrame, DashboardGrid, PerDayCard, type Stat, StatCards } from '../../components/charts';
import { LiveIndicator } from '../../components/ui/live-indicator';
import { useLiveUpdates } from '../../lib/use-live-updates';
import { TONE_HOME_DASHBOARD_ERROR, TONE_HOME_LIVE, TONE_HOME_LIVE_KEYS, useToneHomeDashboard } from './api/tone-home-api';
import { TopLocationsCard } from './components/top-locations-card';

const stats = (d: ToneDashboard): Stat[] => [
  { key: 'locations', label: 'Locations', value: d.locations, icon: IconMapPin, color: 'brand' },
  { key: 'tone-sequences', label: 'Tone sequences', value: d.totalToneSequences, icon: IconWaveSine, color: 'accent' },
  { key: 'user-requests', label: 'User requests', value: d.totalUserRequests, hint: 'All time', icon: IconMessage2, color: 'teal' },
];

const skeleton = (
  <>
    <Skeleton h={104} radius="md" />
    <Skeleton h={340} radius="md" />
  </>
);

/** /tone-home-dashboard: the super admin figures of GET /dashboard, refetched when the live stream says devices reported. */
export default function ToneHomeDashboardPage() {
  useLiveUpdates(TONE_HOME_LIVE, TONE_HOME_LIVE_KEYS);
  const query = useToneHomeDashboard();
  return (
    <DashboardFrame
      query={query}
      live={<LiveIndicator path={TONE_HOME_LIVE} updatedAt={query.dataUpdatedAt || undefined} />}
      error={TONE_HOME_DASHBOARD_ERROR}
      skeleton={skeleton}
    >
      {(data) => (
        <>
          <StatCards stats={stats(data)} />
          <DashboardGrid
            main={<PerDayCard title="Requests per day" days={data.requestsPerDay} />}
            side={<TopLocationsCard rows={data.topLocations} />}
          />
        </>
      )}
    </DashboardFrame>
  );
}
