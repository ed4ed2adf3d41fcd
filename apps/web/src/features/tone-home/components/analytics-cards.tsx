// Mantine charts' styles come with its drawings (components/charts/chart-card.tsx has none of its own).
import '@mantine/charts/styles.css';
import type { ToneAnalytics } from '@console/contract';
import { DonutChart } from '@mantine/charts';
import { ChartCard, ChartLegend, CountBarsCard, chartColor } from '../../../components/charts';
import { PLATFORM_COLORS, platformLabel } from '../../../lib/user-requests';
import { countOf, formatCount } from '../../../lib/formatters';

const platformColumns = [
  { key: 'platform', header: 'Platform', format: (v: unknown) => platformLabel(String(v)) },
  { key: 'count', header: 'Requests' },
] as const;

/** Requests per platform as a donut; the largest share is named in the description. */
export function PlatformCard({ rows }: { rows: ToneAnalytics['byPlatform'] }) {
  const data = rows.map((r) => ({ name: platformLabel(r.platform), value: r.count, color: chartColor(PLATFORM_COLORS[r.platform]) }));
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const top = [...rows].sort((a, b) => b.count - a.count)[0];
  const description =
    top && total > 0
      ? `${countOf(total, 'request')}; ${platformLabel(top.platform)} leads with ${Math.round((top.count / total) * 100)}%.`
      : 'No requests in this period.';
  return (
    <ChartCard title="Requests by platform" description={description} data={rows} tableColumns={platformColumns}>
      <DonutChart
        h={220}
        mx="auto"
        data={data}
        withLabelsLine
        withLabels
        labelsType="percent"
        tooltipDataSource="segment"
        valueFormatter={(value) => String(value)}
        accessibilityLayer={false}
      />
      <ChartLegend items={data} />
    </ChartCard>
  );
}

/** Requests per location as horizontal bars, busiest first. */
export function LocationCard({ rows }: { rows: ToneAnalytics['byLocation'] }) {
  const sorted = [...rows].sort((a, b) => b.count - a.count);
  const top = sorted[0];
  const description = top
    ? `${countOf(rows.length, 'location')}; busiest ${top.name} with ${formatCount(top.count)}.`
    : 'No requests in this period.';
  return (
    <CountBarsCard title="Requests by location" description={description} rows={sorted} nameHeader="Location" countHeader="Requests" />
  );
}
