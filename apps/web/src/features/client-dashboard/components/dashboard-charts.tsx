// Loaded with this screen only (charts are not part of the shell or /login).
import '@mantine/charts/styles.css';
import type { ClientDashboard } from '@console/contract';
import { DonutChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { ChartCard, ChartLegend, CountBarsCard, chartColor } from '../../../components/charts';
import { countOf, formatCount } from '../../../lib/formatters';

const TYPE_LABELS: Record<keyof ClientDashboard['clientsByType'], string> = { demo: 'Demo', live: 'Live', both: 'Demo and live' };
const TYPE_COLORS = { demo: chartColor('brand'), live: chartColor('teal'), both: chartColor('grape') };
const STATUS_LABELS: Record<keyof ClientDashboard['clientsByStatus'], string> = { active: 'Active', inactive: 'Inactive' };
const UPLOAD_LABELS: Record<keyof ClientDashboard['bulkUploads'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  'partially-failed': 'Partially failed',
  failed: 'Failed',
};
const ACTION_LABELS: Record<keyof ClientDashboard['manageActions']['byType'], string> = {
  'open-url': 'Open URL',
  'deep-link': 'Deep link',
  'show-media': 'Show media',
  call: 'Call',
  email: 'Email',
  sms: 'SMS',
};

// The donut's hidden table (the bar cards build theirs from nameHeader and countHeader).
const TYPE_COLUMNS = [
  { key: 'name', header: 'Type' },
  { key: 'count', header: 'Clients', format: (v: unknown) => formatCount(Number(v)) },
] as const;

/** A record of counts as named rows, in the labels' order. */
function rows<K extends string>(counts: Record<K, number>, labels: Record<K, string>) {
  return (Object.keys(labels) as K[]).map((key) => ({ key, name: labels[key], count: counts[key] }));
}

/** Clients by type (donut), clients by status, manage-actions by type and bulk upload outcomes (bars). */
export function DashboardCharts({ data }: { data: ClientDashboard }) {
  const types = rows(data.clientsByType, TYPE_LABELS);
  const statuses = rows(data.clientsByStatus, STATUS_LABELS);
  const actions = rows(data.manageActions.byType, ACTION_LABELS);
  const uploads = rows(data.bulkUploads, UPLOAD_LABELS);
  const totalClients = types.reduce((s, r) => s + r.count, 0);
  const typeSlices = types.map((t) => ({ name: t.name, value: t.count, color: TYPE_COLORS[t.key] }));
  const totalUploads = uploads.reduce((s, r) => s + r.count, 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title="Clients by type"
        description={`${countOf(totalClients, 'client')} in all.`}
        data={types}
        tableColumns={TYPE_COLUMNS}
        empty={totalClients === 0}
        emptyText="No clients yet."
      >
        <DonutChart
          h={220}
          mx="auto"
          withLabelsLine
          withLabels
          withTooltip={false}
          chartLabel={formatCount(totalClients)}
          data={typeSlices}
        />
        <ChartLegend items={typeSlices} />
      </ChartCard>
      <CountBarsCard
        title="Clients by status"
        description={`${formatCount(data.clientsByStatus.active)} active, ${formatCount(data.clientsByStatus.inactive)} inactive.`}
        rows={statuses}
        nameHeader="Status"
        countHeader="Clients"
        color={chartColor('teal')}
      />
      <CountBarsCard
        title="Manage actions by type"
        description={`${countOf(data.manageActions.total, 'action')}, ${formatCount(data.manageActions.active)} active.`}
        rows={actions}
        nameHeader="Type"
        countHeader="Actions"
        color={chartColor('orange')}
      />
      <CountBarsCard
        title="Bulk upload outcomes"
        description={`${countOf(totalUploads, 'upload')}: ${formatCount(data.bulkUploads.completed)} completed, ${formatCount(data.bulkUploads['partially-failed'])} partially failed, ${formatCount(data.bulkUploads.failed)} failed.`}
        rows={uploads}
        nameHeader="Outcome"
        countHeader="Uploads"
        color={chartColor('brand')}
      />
    </SimpleGrid>
  );
}
