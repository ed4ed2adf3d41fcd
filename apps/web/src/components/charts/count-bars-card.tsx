// Mantine charts' styles come with its drawings (chart-card.tsx has none of its own).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../../lib/formatters';
import { ChartCard } from './chart-card';
import { chartColor } from './chart-colors';

type Counted = { name: string; count: number };

/**
 * Names with a count as horizontal bars, in the given order, in a ChartCard whose hidden table
 * lists the same rows: top locations and requests by location (busiest first), the client
 * dashboard's statuses, action types and upload outcomes (in their own order).
 *
 * Horizontal, because the names are words: under columns a phone's width leaves ~45 px a name
 * and the chart drops the labels that do not fit ("Deep link", "Partially failed" went missing
 * at 390 px). Each bar carries its count, since the drawing is inert (no tooltip to hover).
 */
export function CountBarsCard({
  title,
  description,
  rows,
  nameHeader,
  countHeader,
  color = chartColor('accent'),
}: {
  title: string;
  description: ReactNode;
  rows: readonly Counted[];
  nameHeader: string;
  countHeader: string;
  color?: MantineColor;
}) {
  const columns = [
    { key: 'name', header: nameHeader },
    { key: 'count', header: countHeader, format: (v: unknown) => formatCount(Number(v)) },
  ] as const;
  return (
    <ChartCard title={title} description={description} data={rows} tableColumns={columns}>
      <BarChart
        h={Math.max(120, rows.length * 38 + 40)}
        data={rows.map((r) => ({ name: r.name, count: r.count }))}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'count', label: countHeader, color }]}
        gridAxis="x"
        tickLine="none"
        yAxisProps={{ width: 112 }}
        xAxisProps={{ allowDecimals: false }}
        withBarValueLabel
        // Room right of the longest bar for its count (it was cut off at a phone's width).
        barChartProps={{ margin: { right: 28 } }}
        valueFormatter={formatCount}
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
