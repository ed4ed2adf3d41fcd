import type { UserRequest } from '@console/contract';
import { Group, Paper, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { useRef, useState } from 'react';
import { useChangeEffect } from '../../../lib/use-change-effect';
import { formatTimestamp } from '../../../lib/formatters';
import { RecentRequests } from './recent-requests';

type Props = { requests: readonly UserRequest[] | undefined; updatedAt: number; loading: boolean };

/** How many of `next` were not in the previous list (by id): what a screen reader hears after a refresh. */
export function countNew(previous: ReadonlySet<number> | null, next: readonly { id: number }[]): number {
  if (!previous) return 0;
  return next.filter((r) => !previous.has(r.id)).length;
}

/** 'Recent requests', refreshed as devices report (live updates); new arrivals are announced politely. */
export function RecentsSection({ requests, updatedAt, loading }: Props) {
  const seen = useRef<Set<number> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Follows the live list's answers: useChangeEffect (lib/use-change-effect.ts) runs on each.
  useChangeEffect(() => {
    if (!requests) return;
    const fresh = countNew(seen.current, requests);
    if (fresh > 0) setAnnouncement(`${fresh} new user request${fresh === 1 ? '' : 's'}`);
    seen.current = new Set(requests.map((r) => r.id));
  }, [requests]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-requests-heading" h="100%">
      <Group justify="space-between" align="baseline" wrap="wrap" gap={4} mb="xs">
        <Title order={2} size="h4" id="recent-requests-heading">
          Recent requests
        </Title>
        <Text size="xs" c="dimmed">
          {updatedAt ? `Updated ${formatTimestamp(updatedAt).split(' ')[1]}` : ''}
        </Text>
      </Group>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {loading ? <Skeleton h={240} radius="md" /> : <RecentRequests requests={requests ?? []} headingId="recent-requests-heading" />}
    </Paper>
  );
}
