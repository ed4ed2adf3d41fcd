import { LIVE_TEXT } from '@console/contract';
import { Box, Group, Text } from '@mantine/core';
import { useLiveStreamStatus } from '../../lib/live-status';
import { HelpTopicLink } from './help-topic-link';

const time = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/**
 * "Live" while the screen's stream delivers, "Stale — last updated HH:MM:SS, reconnecting…" while
 * it is cut (its queries poll meanwhile). A polite status region: a screen reader hears the
 * change without losing its place. `updatedAt` is the screen's own last refetch (polling may
 * have brought newer data than the moment the stream was cut).
 */
export function LiveIndicator({ path, updatedAt }: { path: string; updatedAt?: number }) {
  const status = useLiveStreamStatus(path);
  const state = status?.state ?? 'connecting';
  const freshAt = Math.max(status?.freshAt ?? 0, updatedAt ?? 0) || Date.now();
  const text =
    state === 'live'
      ? LIVE_TEXT.live
      : state === 'connecting'
        ? LIVE_TEXT.connecting
        : state === 'down'
          ? LIVE_TEXT.stale(time(freshAt))
          : LIVE_TEXT.stopped(time(freshAt));
  return (
    <Group gap="sm" wrap="wrap" mt={4}>
      {/* As wide as "Connecting…" in every state: the help link then wraps (on a phone) or not the
          same way before and after the stream connects, and the dashboard under it does not move. */}
      <Group gap={6} wrap="nowrap" miw="5.5rem" role="status" aria-live="polite" data-live-state={state} data-testid="live-indicator">
        <Box
          aria-hidden
          w={8}
          h={8}
          style={{ borderRadius: '50%', flex: 'none' }}
          bg={state === 'live' ? 'green.7' : state === 'connecting' ? 'gray.5' : 'orange.7'}
        />
        <Text size="xs">{text}</Text>
      </Group>
      {/* Outside the status region: the link is not re-announced with every change. */}
      <HelpTopicLink slug="live-updates">About live updates</HelpTopicLink>
    </Group>
  );
}
