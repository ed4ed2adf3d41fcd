// Loaded with this screen only (charts are not part of the shell or /login).
import '@mantine/charts/styles.css';
import type { ClientDashboard } from '@console/contract';
import { BarChart, DonutChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { ChartCard, ChartLegend } from '../../../components/charts';
import { countOf, formatCount } from '../../../lib/formatters';

const TYPE_LABELS: Record<keyof ClientDashboard['clientsByType'], string> = { demo: 'Demo', live: 'Live', both: 'Demo and live' };
const TYPE_COLORS = { demo: 'brand.6', live: 'teal.6', both: 'grape.6' } as const;
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

const COUNT_COLUMNS = [
  { key: 'label', header: 'Kind' },
  { key: 'count', header: 'Count', format: (v: unknown) => formatCount(Number(v)) },
] as const;

/** A record of counts as labelled rows, in the labels' order. */
function rows<K extends string>(counts: Record<K, number>, labels: Record<K, string>) {
  return (Object.keys(labels) as K[]).map((key) => ({ key, label: labels[key], count: counts[key] }));
}

/** Clients by type (donut), clients by status, manage-actions by type and bulk upload outcomes (bars). */
export function DashboardCharts({ data }: { data: ClientDashboard }) {
  const types = rows(data.clientsByType, TYPE_LABELS);
  const statuses = [
    { label: 'Active', count: data.clientsByStatus.active },
    { label: 'Inactive', count: data.clientsByStatus.inactive },
  ];
  const actions = rows(data.manageActions.byType, ACTION_LABELS);
  const uploads = rows(data.bulkUploads, UPLOAD_LABELS);
  const totalClients = types.reduce((s, r) => s + r.count, 0);
  const typeSlices = types.map((t) => ({ name: t.label, value: t.count, color: TYPE_COLORS[t.key] }));
  const totalUploads = uploads.reduce((s, r) => s + r.count, 0);
  const bar = { h: 240, dataKey: 'label', tickLine: 'none', gridAxis: 'y', yAxisProps: { allowDecimals: false, width: 36 } } as const;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title="Clients by type"
        description={`${countOf(totalClients, 'client')} in all.`}
        data={types}
        tableColumns={COUNT_COLUMNS}
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
      <ChartCard
        title="Clients by status"
        description={`${formatCount(data.clientsByStatus.active)} active, ${formatCount(data.clientsByStatus.inactive)} inactive.`}
        data={statuses}
        tableColumns={COUNT_COLUMNS}
      >
        <BarChart {...bar} data={statuses} series={[{ name: 'count', label: 'Clients', color: 'teal.6' }]} />
      </ChartCard>
      <ChartCard
        title="Manage actions by type"
        description={`${countOf(data.manageActions.total, 'action')}, ${formatCount(data.manageActions.active)} active.`}
        data={actions}
        tableColumns={COUNT_COLUMNS}
      >
        <BarChart {...bar} data={actions} series={[{ name: 'count', label: 'Actions', color: 'orange.6' }]} />
      </ChartCard>
      <ChartCard
        title="Bulk upload outcomes"
        description={`${countOf(totalUploads, 'upload')}: ${formatCount(data.bulkUploads.completed)} completed, ${formatCount(data.bulkUploads['partially-failed'])} partially failed, ${formatCount(data.bulkUploads.failed)} failed.`}
        data={uploads}
        tableColumns={COUNT_COLUMNS}
      >
        <BarChart {...bar} data={uploads} series={[{ name: 'count', label: 'Uploads', color: 'brand.6' }]} />
      </ChartCard>
    </SimpleGrid>
  );
}
