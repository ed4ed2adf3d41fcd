import type { ClientDashboard } from '@console/contract';
import { IconBolt, IconBuildingStore, IconPhoto, IconSpeakerphone, IconUpload } from '@tabler/icons-react';
import { type Stat, StatCards as StatCardList } from '../../../components/charts';
import { formatCount } from '../../../lib/formatters';

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function stats(d: ClientDashboard): Stat[] {
  const uploads = sum(d.bulkUploads);
  return [
    {
      key: 'clients',
      label: 'Clients',
      value: sum(d.clientsByType),
      hint: `${formatCount(d.clientsByStatus.active)} active`,
      icon: IconBuildingStore,
      color: 'brand',
    },
    {
      key: 'demo-media',
      label: 'Demo media',
      value: d.demoMedia.total,
      hint: `${formatCount(d.demoMedia.active)} active`,
      icon: IconPhoto,
      color: 'teal',
    },
    {
      key: 'campaign-media',
      label: 'Campaign media',
      value: d.campaignMedia.total,
      hint: `${formatCount(d.campaignMedia.active)} active`,
      icon: IconSpeakerphone,
      color: 'grape',
    },
    {
      key: 'manage-actions',
      label: 'Manage actions',
      value: d.manageActions.total,
      hint: `${formatCount(d.manageActions.active)} active`,
      icon: IconBolt,
      color: 'orange',
    },
    {
      key: 'bulk-uploads',
      label: 'Bulk uploads',
      value: uploads,
      hint: `${formatCount(d.bulkUploads.completed)} completed`,
      icon: IconUpload,
      color: 'accent',
    },
  ];
}

/** The headline counts as the shared list of cards; each reads "label value hint" to screen readers. */
export function StatCards({ data }: { data: ClientDashboard }) {
  return <StatCardList stats={stats(data)} />;
}
