import type { ToneHome } from '@console/contract';
import { IconCalendarEvent, IconDeviceMobile, IconMapPin, IconMessage2, IconWaveSine } from '@tabler/icons-react';
import { type Stat, StatCards } from '../../../components/charts';

function homeStats(data: ToneHome): Stat[] {
  return [
    { key: 'locations', label: 'Locations', value: data.locations, icon: IconMapPin, color: 'brand' },
    { key: 'tone-sequences', label: 'Tone sequences', value: data.toneSequences, icon: IconWaveSine, color: 'accent' },
    { key: 'user-requests', label: 'User requests', value: data.userRequests, hint: 'All time', icon: IconMessage2, color: 'teal' },
    { key: 'devices', label: 'Devices', value: data.devices, hint: 'Seen at least once', icon: IconDeviceMobile, color: 'grape' },
    {
      key: 'requests-today',
      label: 'Requests today',
      value: data.requestsToday,
      hint: 'Since 00:00 UTC',
      icon: IconCalendarEvent,
      color: 'orange',
    },
  ];
}

/** GET /home's five counters. */
export function HomeStats({ data }: { data: ToneHome }) {
  return <StatCards stats={homeStats(data)} />;
}
