import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { ComponentType } from 'react';
import { formatCount } from '../../lib/formatters';

export type Stat = {
  key: string;
  label: string;
  value: number;
  hint?: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
};

/** Dashboard counters as a list of cards; each card reads "label value" to screen readers. */
export function StatCards({ stats }: { stats: readonly Stat[] }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, xs: 2, md: Math.min(stats.length, 3), xl: stats.length }}
      spacing="md"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {stats.map(({ key, label, value, hint, icon: Icon, color }) => (
        <Paper component="li" key={key} withBorder radius="md" p="md" data-stat={key}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {label}
              </Text>
              <Text fz={28} fw={700} lh={1.2} mt={4}>
                {formatCount(value)}
              </Text>
              {hint ? (
                <Text size="xs" c="dimmed" mt={2}>
                  {hint}
                </Text>
              ) : null}
            </div>
            <ThemeIcon variant="light" color={color} size={40} radius="md" aria-hidden>
              <Icon size={22} stroke={1.7} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
