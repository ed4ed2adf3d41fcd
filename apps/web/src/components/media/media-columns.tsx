import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { IconHeadphones, IconMovie, IconPhoto } from '@tabler/icons-react';
import { type DataTableColumnDef, StatusBadge, TimestampCell } from '../data-table';
import { useStoredFileUrl } from '../../lib/stored-file';
import type { MediaRow } from './media-row';
import { describeCampaignRun } from './campaign-run';
import { formatBytes, formatSeconds } from './media-filters';

const MEDIA_TYPE_ICONS = { image: IconPhoto, video: IconMovie, audio: IconHeadphones } as const;
/** As the other badges read (Active, Android): capitalised. */
const MEDIA_TYPE_LABELS: Record<MediaRow['mediaType'], string> = { image: 'Image', video: 'Video', audio: 'Audio' };

/** The WebP thumbnail (an image's, or a video's poster frame); without one, the type's icon. */
function MediaThumb({ media, size = 48 }: { media: MediaRow; size?: number }) {
  const src = useStoredFileUrl(media.thumbnail, { thumb: true });
  const Icon = MEDIA_TYPE_ICONS[media.mediaType];
  return (
    <Avatar src={src} alt={src ? `Thumbnail of ${media.title}` : undefined} size={size} radius="sm" color="brand" variant="light">
      <Icon size={size / 2} stroke={1.6} aria-label={media.mediaType} />
    </Avatar>
  );
}

/** A campaign's dates, wrapping between them ("No dates" without), and "Not started yet" before its first day (the Status column marks an ended one). */
function RunCell({ media }: { media: MediaRow }) {
  const run = describeCampaignRun(media.startDate, media.endDate);
  const [from, to] = run.text.split(' – ');
  return (
    <Stack gap={2}>
      <Text size="sm" c={run.text === 'No dates' ? 'dimmed' : undefined}>
        <span style={{ whiteSpace: 'nowrap' }}>{from}</span>
        {to ? (
          <>
            {' '}
            <span style={{ whiteSpace: 'nowrap' }}>– {to}</span>
          </>
        ) : null}
      </Text>
      {run.phase === 'upcoming' ? (
        <Text size="xs" c="dimmed">
          Not started yet
        </Text>
      ) : null}
    </Stack>
  );
}

/** The list's columns; campaign media add the campaign and its dates. */
export function mediaColumns(campaign: boolean): DataTableColumnDef<MediaRow>[] {
  return [
    {
      accessor: 'title',
      title: 'Title',
      render: (m) => (
        <Group gap="sm" wrap="nowrap">
          <MediaThumb media={m} />
          <Stack gap={0} miw={140} maw={260}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
              {m.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {m.clientName}
            </Text>
          </Stack>
        </Group>
      ),
    },
    ...(campaign
      ? ([
          { accessor: 'campaignName', title: 'Campaign' },
          // One column for the run, wrapping between its two dates: a column less to fit at 1440 px.
          {
            accessor: 'startDate',
            title: 'Runs',
            render: (m) => <RunCell media={m} />,
          },
        ] satisfies DataTableColumnDef<MediaRow>[])
      : []),
    {
      accessor: 'mediaType',
      title: 'Type',
      noWrap: true,
      render: (m) => (
        <Badge
          variant="dot"
          fw={600}
          radius="sm"
          tt="none"
          color={m.mediaType === 'image' ? 'blue' : m.mediaType === 'video' ? 'grape' : 'teal'}
        >
          {MEDIA_TYPE_LABELS[m.mediaType] ?? m.mediaType}
        </Badge>
      ),
    },
    { accessor: 'toneCode', title: 'Tone code', noWrap: true, render: (m) => m.toneCode ?? '—' },
    {
      accessor: 'status',
      title: 'Status',
      // An Active campaign past its end date is not shown to devices: the badge says "ended" beside it.
      render: (m) =>
        campaign && m.status === 'active' && describeCampaignRun(m.startDate, m.endDate).phase === 'ended' ? (
          // Stacked, not side by side: the column stays as narrow as one badge (the list fits 1440 px).
          <Stack gap={4} align="flex-start">
            <StatusBadge status={m.status} />
            {/* The dot variant, as the status badge: body-text contrast in both colour schemes. */}
            <Badge
              color="orange"
              variant="dot"
              radius="sm"
              tt="none"
              fw={600}
              style={{ minWidth: 'max-content' }}
              title="Past its end date: devices no longer get it"
            >
              ended
            </Badge>
          </Stack>
        ) : (
          <StatusBadge status={m.status} />
        ),
    },
    // Campaign media carry three more columns: size and length (also in the preview) start hidden
    // there, so the list fits 1440 px beside the pinned actions (the column chooser brings them back).
    { accessor: 'size', title: 'Size', noWrap: true, hidden: campaign, render: (m) => formatBytes(m.size) },
    {
      accessor: 'durationSeconds',
      title: 'Length',
      noWrap: true,
      hidden: campaign,
      render: (m) => formatSeconds(m.durationSeconds) || '—',
    },
    { accessor: 'createdAt', title: 'Created', render: (m) => <TimestampCell value={m.createdAt} /> },
  ];
}
