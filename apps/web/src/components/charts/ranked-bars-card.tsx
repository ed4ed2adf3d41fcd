// Mantine charts' styles come with its drawings (chart-card.tsx has none of its own).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import { ChartCard } from './chart-card';

type Ranked = { name: string; count: number };

/**
 * Names with a count as horizontal bars, in the given order (busiest first), in a ChartCard whose
 * hidden table lists the same rows: top locations on the super admin dashboard, requests by
 * location on the tones home.
 */
export function RankedBarsCard({
  title,
  description,
  rows,
  nameHeader,
  countHeader,
}: {
  title: string;
  description: ReactNode;
  rows: readonly Ranked[];
  nameHeader: string;
  countHeader: string;
}) {
  const columns = [
    { key: 'name', header: nameHeader },
    { key: 'count', header: countHeader },
  ] as const;
  return (
    <ChartCard title={title} description={description} data={rows} tableColumns={columns}>
      <BarChart
        h={Math.max(160, rows.length * 38 + 40)}
        data={rows.map((r) => ({ name: r.name, count: r.count }))}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'count', label: countHeader, color: 'accent.6' }]}
        gridAxis="x"
        tickLine="none"
        yAxisProps={{ width: 120 }}
        xAxisProps={{ allowDecimals: false }}
        valueFormatter={(value) => String(value)}
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
