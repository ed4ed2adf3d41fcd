import { AreaChart } from '@mantine/charts';
import { ChartCard } from './chart-card';
import { dayLabel, perDaySummary } from './chart-format';

type Day = { date: string; count: number };

const columns = [
  { key: 'date', header: 'Day (UTC)' },
  { key: 'count', header: 'Requests' },
] as const;

/** Requests per UTC day as an area chart in a ChartCard (both tones dashboards draw it). */
export function PerDayCard({ title, days }: { title: string; days: readonly Day[] }) {
  const data = days.map((d) => ({ day: dayLabel(d.date), requests: d.count }));
  return (
    <ChartCard title={title} description={perDaySummary(days)} data={days} tableColumns={columns}>
      <AreaChart
        h={280}
        data={data}
        dataKey="day"
        series={[{ name: 'requests', label: 'Requests', color: 'brand.5' }]}
        curveType="monotone"
        withGradient
        fillOpacity={0.35}
        strokeWidth={2}
        gridAxis="y"
        tickLine="none"
        yAxisProps={{ allowDecimals: false, width: 36 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        valueFormatter={(value) => String(value)}
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
