import type { ToneDashboard } from '@console/contract';
import { CountBarsCard } from '../../../components/charts';
import { formatCount } from '../../../lib/formatters';

/** The locations with the most requests of all time, as horizontal bars. */
export function TopLocationsCard({ rows }: { rows: ToneDashboard['topLocations'] }) {
  const top = rows[0];
  const description = top
    ? `The ${rows.length === 1 ? 'location' : `${rows.length} locations`} with the most requests; ${top.name} leads with ${formatCount(top.requests)}.`
    : 'No requests yet.';
  return (
    <CountBarsCard
      title="Top locations"
      description={description}
      rows={rows.map((r) => ({ name: r.name, count: r.requests }))}
      nameHeader="Location"
      countHeader="Requests"
    />
  );
}
