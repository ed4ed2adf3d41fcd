import type { ToneDashboard } from '@console/contract';
import { BarChart } from '@mantine/charts';
import { ChartCard } from '../../../components/charts';

const columns = [
  { key: 'name', header: 'Location' },
  { key: 'requests', header: 'Requests' },
] as const;

/** The locations with the most requests of all time, as horizontal bars. */
export function TopLocationsCard({ rows }: { rows: ToneDashboard['topLocations'] }) {
  const top = rows[0];
  const description = top
    ? `The ${rows.length === 1 ? 'location' : `${rows.length} locations`} with the most requests; ${top.name} leads with ${top.requests}.`
    : 'No requests yet.';
  return (
    <ChartCard title="Top locations" description={description} data={rows} tableColumns={columns}>
      <BarChart
        h={Math.max(160, rows.length * 40 + 40)}
        data={rows.map((r) => ({ location: r.name, requests: r.requests }))}
        dataKey="location"
        orientation="vertical"
        series={[{ name: 'requests', label: 'Requests', color: 'accent.6' }]}
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
