import { Paper, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { IconActivity, IconBuilding, IconShieldLock, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { ProductDashboard } from '@console/contract';
import { DashboardFrame, DashboardGrid, PerDayCard, type Stat, StatCards } from '../../components/charts';
import { LiveIndicator } from '../../components/ui/live-indicator';
import { useLiveUpdates } from '../../lib/use-live-updates';
import {
  PRODUCT_DASHBOARD_ERROR,
  PRODUCT_DASHBOARD_LIVE,
  PRODUCT_DASHBOARD_LIVE_KEYS,
  useProductDashboard,
} from './api/get-product-dashboard';
import { RecentChanges } from './components/recent-changes';

function stats(data: ProductDashboard): Stat[] {
  const share = data.users > 0 ? Math.round((data.activeUsers / data.users) * 100) : 0;
  return [
    { key: 'companies', label: 'Companies', value: data.companies, icon: IconBuilding, color: 'brand' },
    { key: 'users', label: 'Users', value: data.users, icon: IconUsers, color: 'accent' },
    {
      key: 'active-users',
      label: 'Active users',
      value: data.activeUsers,
      hint: `${share}% of all users`,
      icon: IconUserCheck,
      color: 'teal',
    },
    { key: 'roles', label: 'Roles', value: data.roles, icon: IconShieldLock, color: 'grape' },
    {
      key: 'sessions',
      label: 'Active sessions',
      value: data.activeSessions,
      hint: 'Signed in right now',
      icon: IconActivity,
      color: 'orange',
    },
  ];
}

const skeleton = (
  <>
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders have no identity and never reorder
        <Skeleton key={i} h={104} radius="md" />
      ))}
    </SimpleGrid>
    <DashboardGrid main={<Skeleton h={340} radius="md" />} side={<Skeleton h={340} radius="md" />} />
  </>
);

/** /{product}/dashboard: companies, users, roles, sessions, sign-ins per day and recent changes from one call. */
export default function ProductDashboardPage() {
  useLiveUpdates(PRODUCT_DASHBOARD_LIVE, PRODUCT_DASHBOARD_LIVE_KEYS);
  const query = useProductDashboard();
  return (
    <DashboardFrame
      query={query}
      live={<LiveIndicator path={PRODUCT_DASHBOARD_LIVE} updatedAt={query.dataUpdatedAt || undefined} />}
      error={PRODUCT_DASHBOARD_ERROR}
      skeleton={skeleton}
    >
      {(data) => (
        <>
          <StatCards stats={stats(data)} />
          <DashboardGrid
            // Days in the browser's time zone (the call sends it).
            main={<PerDayCard title="Sign-ins per day" days={data.signInsPerDay} noun="sign-in" label="Sign-ins" dayHeader="Day" />}
            side={
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-changes-heading">
                <Title order={2} size="h4" id="recent-changes-heading" mb="sm">
                  Recent changes
                </Title>
                <RecentChanges changes={data.recentChanges} headingId="recent-changes-heading" />
              </Paper>
            }
          />
        </>
      )}
    </DashboardFrame>
  );
}
