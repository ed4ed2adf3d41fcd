import type { DeviceSummary as Device } from '@console/contract';
import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatTimestamp } from '../../../lib/formatters';
import { PLATFORM_COLORS, platformLabel } from '../../../lib/user-requests';
import { formatCount } from '../../../lib/formatters';

/** The device's first and last request, count and what it runs, as a description list. */
export function DeviceSummary({ device }: { device: Device }) {
  const items: [string, React.ReactNode][] = [
    ['Requests', formatCount(device.requests)],
    [
      'Platform',
      <Badge key="p" variant="dot" radius="sm" tt="none" color={PLATFORM_COLORS[device.platform]}>
        {platformLabel(device.platform)}
      </Badge>,
    ],
    ['Device model', device.deviceModel || '—'],
    ['OS version', device.osVersion || '—'],
    ['App version', device.appVersion || '—'],
    ['First seen', formatTimestamp(device.firstSeen)],
    ['Last seen', formatTimestamp(device.lastSeen)],
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Device summary">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4, xl: 7 }} spacing="md" verticalSpacing="sm" m={0}>
        {items.map(([label, value]) => (
          <div key={label} data-summary={label}>
            <Text component="dt" size="xs" c="dimmed" fw={500}>
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
