import { ColorSwatch, Group, Text } from '@mantine/core';

export type LegendItem = { name: string; value: number; color: string };

/** `teal.6` (a Mantine chart colour) as the CSS variable it stands for; other colours as they are. */
const cssColor = (color: string) => (/^[a-z]+\.\d$/.test(color) ? `var(--mantine-color-${color.replace('.', '-')})` : color);

/**
 * Which colour is which, under a donut (its labels show only numbers). Inside the chart card's
 * drawing, so screen readers skip it: they read the card's table of the same figures.
 */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  return (
    <Group gap="md" justify="center" mt="xs" data-testid="chart-legend">
      {items.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColor(item.color)} size={12} withShadow={false} />
          <Text size="sm">
            {item.name}{' '}
            <Text span c="dimmed" size="sm">
              {item.value}
            </Text>
          </Text>
        </Group>
      ))}
    </Group>
  );
}
