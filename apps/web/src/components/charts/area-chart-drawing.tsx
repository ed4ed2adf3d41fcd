// The per-day area chart's drawing, in the charts chunk (Mantine charts and Recharts, ~135 kB
// gzip): PerDayCard loads it lazily, so a dashboard shows its figures, its summaries and the
// screen-reader tables without waiting for that download (Lighthouse mobile, issue 17).
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';

type Props = { data: { day: string; count: number }[]; label: string; height: number };

export default function AreaChartDrawing({ data, label, height }: Props) {
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="day"
      series={[{ name: 'count', label, color: 'brand.5' }]}
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
  );
}
