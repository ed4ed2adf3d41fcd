import { UI_TEXT } from '@console/contract';
import { Alert, Button, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { formatTimestamp } from '../../lib/formatters';
import { PRODUCT_DASHBOARD_ERROR, useProductDashboard } from './api/get-product-dashboard';
import { RecentChanges } from './components/recent-changes';
import { SignInsChart } from './components/sign-ins-chart';
import { StatCards } from './components/stat-cards';

/** /{product}/dashboard: companies, users, roles, sessions, sign-ins per day and recent changes from one call. */
export default function ProductDashboardPage() {
  const dashboard = useProductDashboard();
  const { data } = dashboard;

  return (
    <Stack gap="lg" aria-busy={dashboard.isFetching || undefined}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3">
            Overview
          </Title>
          <Text c="dimmed" size="sm">
            {dashboard.dataUpdatedAt ? `Figures as of ${formatTimestamp(dashboard.dataUpdatedAt)}` : 'Your platform at a glance.'}
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
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={PRODUCT_DASHBOARD_ERROR} role="alert">
          <Button size="xs" color="red" variant="white" mt="xs" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      ) : null}

      {dashboard.isPending ? <DashboardSkeleton /> : null}

      {data ? (
        <>
          <StatCards data={data} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sign-ins-heading">
                <Title order={2} size="h4" id="sign-ins-heading" mb={4}>
                  Sign-ins per day
                </Title>
                <SignInsChart days={data.signInsPerDay} headingId="sign-ins-heading" />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-changes-heading">
                <Title order={2} size="h4" id="recent-changes-heading" mb="sm">
                  Recent changes
                </Title>
                <RecentChanges changes={data.recentChanges} headingId="recent-changes-heading" />
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      ) : null}
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: loading placeholders have no identity and never reorder
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Skeleton h={340} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
