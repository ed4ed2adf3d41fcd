import { countryName, type Location, type ToneSequence } from '@console/contract';
import { Code } from '@mantine/core';
import { type DataTableColumnDef, nameColumn, StatusBadge, TimestampCell } from '../../../components/data-table';

const dash = (v: string | null) => v || '—';
/** "50.85000, 4.35000" or a dash: five decimals is about a metre. */
const coordinates = (l: Pick<Location, 'latitude' | 'longitude'>) =>
  l.latitude === null || l.longitude === null ? '—' : `${l.latitude.toFixed(5)}, ${l.longitude.toFixed(5)}`;

export const locationColumns: DataTableColumnDef<Location>[] = [
  nameColumn(),
  { accessor: 'city', title: 'City', render: (l) => dash(l.city) },
  // The code as stored (short, sortable), its name on hover.
  {
    accessor: 'country',
    title: 'Country',
    render: (l) => (l.country ? <span title={countryName(l.country)}>{l.country}</span> : dash(null)),
  },
  // May wrap between latitude and longitude (never inside a number) in a squeezed table.
  { accessor: 'latitude', title: 'Coordinates', render: coordinates },
  { accessor: 'clientName', title: 'Client', render: (l) => dash(l.clientName) },
  { accessor: 'status', title: 'Status', noWrap: true, render: (l) => <StatusBadge status={l.status} /> },
  // Short titles: a sortable header does not wrap, and these columns hold small numbers.
  { accessor: 'toneSequences', title: 'Sequences', textAlign: 'right' },
  { accessor: 'userRequests', title: 'Requests', textAlign: 'right' },
  // Hidden until chosen (column chooser): with the figures above, the list then fits 1440 px.
  { accessor: 'createdAt', title: 'Created', hidden: true, render: (l) => <TimestampCell value={l.createdAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];

export const toneSequenceColumns: DataTableColumnDef<ToneSequence>[] = [
  nameColumn({ miw: 120 }),
  { accessor: 'code', title: 'Code', noWrap: true, render: (s) => <Code>{s.code}</Code> },
  { accessor: 'status', title: 'Status', noWrap: true, render: (s) => <StatusBadge status={s.status} /> },
  { accessor: 'createdAt', title: 'Created', render: (s) => <TimestampCell value={s.createdAt} /> },
  { accessor: 'id', title: 'ID', hidden: true, textAlign: 'right' },
];
