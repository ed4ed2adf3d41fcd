import type { UserRequest } from '@console/contract';
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { RouteLink } from '../../../components/ui/route-link';
import { formatTimestamp } from '../../../lib/formatters';
import { deviceDetailsHref, PLATFORM_COLORS, platformLabel } from '../../../lib/user-requests';

/** The latest user requests, newest first: device (a link to its details where the user may open them), tone, location, platform and time. */
export function RecentRequests({ requests, headingId }: { requests: readonly UserRequest[]; headingId: string }) {
  if (requests.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No user requests yet. They appear here as devices report them.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {requests.map((r, index) => {
        const [date, clock] = formatTimestamp(r.requestedAt).split(' ');
        return (
          <li key={r.id} data-event-id={r.eventId} style={{ borderTop: index === 0 ? undefined : '1px solid var(--app-border)' }}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={10}>
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <RouteLink to={deviceDetailsHref(r.deviceCode)} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.deviceCode}
                  </RouteLink>
                  <Badge variant="dot" radius="sm" tt="none" color={PLATFORM_COLORS[r.platform]}>
                    {platformLabel(r.platform)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  {r.toneSequence.name} <Code fz="xs">{r.toneSequence.code}</Code> at {r.location.name}
                </Text>
              </div>
              <Text size="xs" c="dimmed" ta="right" style={{ flexShrink: 0 }}>
                <time dateTime={r.requestedAt}>
                  <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{clock}</span>
                </time>
              </Text>
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
