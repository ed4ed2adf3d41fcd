import { Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { DashboardHeading, PerDayCard } from '../../components/charts';
import { LiveIndicator } from '../../components/ui/live-indicator';
import { useLiveUpdates } from '../../lib/use-live-updates';
import {
  TONE_HOME_ERROR,
  TONE_HOME_LIVE,
  TONE_HOME_LIVE_KEYS,
  useToneAnalytics,
  useToneHomeTotals,
  useToneRecents,
} from './api/tone-home-api';
import { LocationCard, PlatformCard } from './components/analytics-cards';
import { HomeStats } from './components/home-stats';
import { RecentsSection } from './components/recents-section';

/**
 * /tone-dashboard/home: totals (GET /home), analytics (GET /home/analytics) and recent requests
 * (GET /home/recents), refetched when the live stream says devices reported; polled while it is cut.
 */
export default function ToneHomePage() {
  useLiveUpdates(TONE_HOME_LIVE, TONE_HOME_LIVE_KEYS);
  const home = useToneHomeTotals();
  const analytics = useToneAnalytics();
  const recents = useToneRecents();
  const queries = [home, analytics, recents];
  const failed = queries.some((q) => q.isError);
  const refresh = () => {
    for (const q of queries) void q.refetch();
  };

  return (
    // Busy only while first loading: live refetches refresh in place and must not hide the page from screen readers.
    <Stack gap="lg" aria-busy={home.isPending || analytics.isPending || undefined}>
      <DashboardHeading
        title="Tones portal"
        description="Requests reported by devices, per day, platform and location."
        updatedAt={home.dataUpdatedAt || undefined}
        refreshing={queries.some((q) => q.isFetching)}
        loading={home.isPending && analytics.isPending}
        onRefresh={refresh}
        error={failed ? TONE_HOME_ERROR : undefined}
        live={<LiveIndicator path={TONE_HOME_LIVE} updatedAt={recents.dataUpdatedAt || undefined} />}
      />

      {home.data ? <HomeStats data={home.data} /> : home.isPending ? <Skeleton h={104} radius="md" /> : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {analytics.data ? (
            <PerDayCard title="Requests per day" days={analytics.data.requestsPerDay} />
          ) : (
            <Skeleton h={360} radius="md" animate={analytics.isPending} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {analytics.data ? (
            <PlatformCard rows={analytics.data.byPlatform} />
          ) : (
            <Skeleton h={360} radius="md" animate={analytics.isPending} />
          )}
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {analytics.data ? (
          <LocationCard rows={analytics.data.byLocation} />
        ) : (
          <Skeleton h={320} radius="md" animate={analytics.isPending} />
        )}
        {recents.isError && !recents.data ? null : (
          <RecentsSection requests={recents.data} updatedAt={recents.dataUpdatedAt} loading={recents.isPending} />
        )}
      </SimpleGrid>
    </Stack>
  );
}
