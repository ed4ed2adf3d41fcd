import { UI_TEXT } from '@console/contract';
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatTimestamp } from '../../lib/formatters';

export type DashboardHeadingProps = {
  title: string;
  description: string;
  /** When the figures were last read (ms), shown as 'Figures as of …'. */
  updatedAt?: number;
  refreshing: boolean;
  loading: boolean;
  onRefresh: () => void;
  /** The spec's stored rejection (s.8) when a call failed; shown with 'Try Again'. */
  error?: string;
  /** The live-updates indicator of the screen's stream (components/ui/live-indicator.tsx), under the freshness line. */
  live?: ReactNode;
};

/** What a dashboard read by one query needs to know about it (a TanStack Query result fits). */
export type DashboardQuery = {
  dataUpdatedAt: number;
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/** The heading's freshness, Refresh and failure props for a dashboard read by one query. */
export function headingStateOf(query: DashboardQuery, error: string) {
  return {
    updatedAt: query.dataUpdatedAt || undefined,
    refreshing: query.isFetching,
    loading: query.isPending,
    onRefresh: () => void query.refetch(),
    error: query.isError ? error : undefined,
  } satisfies Partial<DashboardHeadingProps>;
}

/**
 * A dashboard's title, what it shows, the figures' freshness, a Refresh button, and its failure
 * with a retry. Nothing in it changes size when the figures arrive, so nothing under it moves
 * (Lighthouse measured a layout shift of 0.24 on a phone when it did): the Refresh button keeps
 * its place beside the text (no wrap), and the freshness line is there from the start ('Reading
 * the figures…'). The description stays: it is what the boot frame paints before the JavaScript
 * arrives (public/boot-shell.js), the screen's largest text on a phone.
 */
export function DashboardHeading({ title, description, updatedAt, refreshing, loading, onRefresh, error, live }: DashboardHeadingProps) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
          <Text c="dimmed" size="xs">
            {updatedAt ? `Figures as of ${formatTimestamp(updatedAt)}` : loading ? 'Reading the figures…' : '\u00a0'}
          </Text>
          {live}
        </div>
        <Button
          variant="default"
          style={{ flex: 'none' }}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRefresh}
          loading={refreshing && !loading}
          disabled={loading}
        >
          Refresh
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={error} role="alert">
          <Button size="xs" color="red" variant="white" mt="xs" onClick={onRefresh} loading={refreshing}>
            {UI_TEXT.tryAgain}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}
