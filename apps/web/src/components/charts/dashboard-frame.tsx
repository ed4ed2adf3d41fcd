import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useScreenHeading } from '../../lib/use-screen-heading';
import { DashboardHeading, type DashboardQuery, headingStateOf } from './dashboard-heading';

/** A dashboard's main chart (wider) beside a second card; one column on narrow screens. */
export function DashboardGrid({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 7 }}>{main}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>{side}</Grid.Col>
    </Grid>
  );
}

/**
 * A dashboard read by one query: its heading with the figures' freshness, Refresh and the
 * failure's retry; the page's skeleton while it first loads; then the figures.
 */
export function DashboardFrame<T>({
  query,
  error,
  skeleton,
  live,
  children,
}: {
  query: DashboardQuery & { data: T | undefined };
  /** The spec's stored rejection of the call (s.8). */
  error: string;
  skeleton: ReactNode;
  /** The live-updates indicator, when a stream feeds the dashboard. */
  live?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  // The heading and its line of the screen's address (lib/screen-headings.ts), as the boot frame paints them.
  const screen = useScreenHeading();
  return (
    <Stack gap="lg" aria-busy={query.isFetching || undefined}>
      <DashboardHeading
        title={screen?.heading ?? 'Overview'}
        description={screen?.intro ?? ''}
        {...headingStateOf(query, error)}
        live={live}
      />
      {query.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the dashboard">
          {skeleton}
        </Stack>
      ) : null}
      {query.data ? children(query.data) : null}
    </Stack>
  );
}
