import { ActionIcon, Badge, Button, Collapse, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { breakable, RowTooltip } from '../data-table';
import type { BulkUploadFile as BulkUploadRow, BulkUploadStatus } from '@console/contract';

const STATUS_LOOK: Record<BulkUploadStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gray' },
  processing: { label: 'Processing', color: 'blue' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  'partially-failed': { label: 'Partially failed', color: 'orange' },
};

/** The status, and while items are counted, how far the job is (done + failed of total). */
export function StatusCell({ row }: { row: BulkUploadRow }) {
  const look = STATUS_LOOK[row.status] ?? { label: row.status, color: 'gray' };
  const handled = row.done + row.failed;
  const showBar = (row.status === 'processing' || row.status === 'pending') && row.total > 0;
  return (
    <Stack gap={4}>
      {/* The dot carries the colour, the label the body text colour: light green and orange badges fall under 4.5:1 (axe). */}
      <Badge variant="dot" color={look.color} fw={600} style={{ textTransform: 'none' }}>
        {look.label}
      </Badge>
      {showBar ? (
        <Progress
          value={Math.round((handled / row.total) * 100)}
          size="sm"
          aria-label={`${row.fileName}: ${handled} of ${row.total} items handled`}
        />
      ) : null}
    </Stack>
  );
}

/** The failed count stands out when it is not zero. */
export function FailedCount({ row }: { row: BulkUploadRow }) {
  const failing = row.failed > 0;
  return (
    <Text span size="sm" c={failing ? 'red.9' : undefined} fw={failing ? 600 : undefined}>
      {row.failed}
    </Text>
  );
}

/** Per-item errors, folded until asked for: a sheet may fail on hundreds of rows. */
export function ErrorsCell({ row }: { row: BulkUploadRow }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const errors = row.errors ?? [];
  if (errors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <div>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        c="red.9"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide' : 'Show'} {errors.length} {errors.length === 1 ? 'error' : 'errors'}
      </Button>
      <Collapse expanded={open} id={id}>
        <List size="xs" spacing={2} mt={4} aria-label={`Errors of ${row.fileName}`}>
          {errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same item may fail twice with two messages
            <List.Item key={`${e.item}-${i}`}>
              <Text span size="xs" fw={600}>
                {breakable(String(e.item))}
              </Text>
              : {breakable(e.message)}
            </List.Item>
          ))}
        </List>
      </Collapse>
    </div>
  );
}

export type UploadRowActions = {
  onRetry?: (row: BulkUploadRow) => void;
  onRemove?: (row: BulkUploadRow) => void;
  onDownloadErrors: (row: BulkUploadRow) => void;
};

// A file that failed as a whole (unreadable archive, bad header) counts as one failed item with an error of its
// own; rows settled before that rule have no failed items, only the error.
const hasFailures = (row: BulkUploadRow) => row.failed > 0 || (row.errors?.length ?? 0) > 0;
const canRetry = (row: BulkUploadRow) => (row.status === 'failed' || row.status === 'partially-failed') && hasFailures(row);

/**
 * Retry (failed items only), error rows as CSV, remove (not while the job holds the row). Each button's name says
 * it acts on the stored upload ("Remove upload a.png"), apart from the form's "Remove a.png" of a file still to send.
 */
export function UploadActionsCell({ row, onRetry, onRemove, onDownloadErrors }: { row: BulkUploadRow } & UploadRowActions) {
  const file = row.fileName;
  const actions = [
    onRetry && canRetry(row)
      ? { label: 'Retry', name: `Retry upload ${file}`, icon: <IconRefresh size={18} aria-hidden />, run: onRetry, color: undefined }
      : null,
    // Failed items, or a file that failed as a whole (its reason is the CSV's one row).
    hasFailures(row)
      ? {
          label: 'Download errors',
          name: `Download errors of ${file}`,
          icon: <IconDownload size={18} aria-hidden />,
          run: onDownloadErrors,
          color: undefined,
        }
      : null,
    onRemove && row.status !== 'processing'
      ? { label: 'Remove', name: `Remove upload ${file}`, icon: <IconTrash size={18} aria-hidden />, run: onRemove, color: 'red' }
      : null,
  ].filter((a) => a !== null);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map((a) => (
        <RowTooltip key={a.label} label={a.label} withArrow openDelay={300}>
          <ActionIcon variant="subtle" color={a.color} aria-label={a.name} onClick={() => a.run(row)}>
            {a.icon}
          </ActionIcon>
        </RowTooltip>
      ))}
    </Group>
  );
}
