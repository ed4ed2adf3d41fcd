import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useSession } from '../../lib/auth/session';
import { DataTable, type DataTableColumnDef, TimestampCell } from '../data-table';
import { confirmDelete } from '../ui/alert-dialog';
import { type BulkList, bulkKeys, downloadBulkFile, readBulkList, useRemoveUpload, useRetryUpload } from './bulk-upload-api';
import { ErrorsCell, FailedCount, StatusCell, UploadActionsCell, type UploadRowActions } from './bulk-upload-cells';
import { formatBytes } from './file-checks';

import { type BulkUploadFile as BulkUploadRow, type BulkUploadKind, bulkUploadPaths } from '@console/contract';

function uploadColumns(actions: UploadRowActions): DataTableColumnDef<BulkUploadRow>[] {
  return [
    { accessor: 'fileName', title: 'File name' },
    { accessor: 'size', title: 'Size', render: (r) => formatBytes(r.size), noWrap: true },
    { accessor: 'status', title: 'Status', render: (r) => <StatusCell row={r} /> },
    { accessor: 'total', title: 'Total', textAlign: 'right' },
    { accessor: 'done', title: 'Done', textAlign: 'right' },
    { accessor: 'failed', title: 'Failed', textAlign: 'right', render: (r) => <FailedCount row={r} /> },
    { accessor: 'errors', title: 'Errors', sortable: false, render: (r) => <ErrorsCell row={r} /> },
    { accessor: 'uploadedBy', title: 'Uploaded by', sortable: false, render: (r) => r.uploadedBy?.email ?? '—' },
    { accessor: 'createdAt', title: 'Uploaded', render: (r) => <TimestampCell value={r.createdAt} /> },
    { accessor: 'finishedAt', title: 'Finished', hidden: true, render: (r) => <TimestampCell value={r.finishedAt} /> },
    {
      accessor: 'actions',
      title: 'Actions',
      sortable: false,
      hideable: false,
      textAlign: 'right',
      render: (r) => <UploadActionsCell row={r} {...actions} />,
    },
  ];
}

const LISTS: { list: BulkList; title: string; prefix: string; empty: string }[] = [
  { list: 'completed', title: 'Completed', prefix: 'bc.', empty: 'No completed uploads yet' },
  { list: 'pending-failed', title: 'Pending and failed', prefix: 'bp.', empty: 'No pending or failed uploads' },
];

/**
 * Spec s.4: the kind's upload files, completed ones and the rest. Both lists are read from the
 * server (their state survives a reload); `onRows` hands every page to the live-status poll.
 */
export function BulkUploadLists({
  kind,
  clientId,
  canManage,
  onRows,
}: {
  kind: BulkUploadKind;
  clientId?: number | null;
  canManage: boolean;
  onRows: (list: BulkList, rows: readonly BulkUploadRow[]) => void;
}) {
  const session = useSession();
  const retry = useRetryUpload(kind);
  const remove = useRemoveUpload(kind);
  const columns = useMemo(
    () =>
      uploadColumns({
        onRetry: canManage ? (row) => retry.mutate(row) : undefined,
        onRemove: canManage
          ? async (row) => {
              if (await confirmDelete()) remove.mutate(row);
            }
          : undefined,
        onDownloadErrors: (row) => void downloadBulkFile(bulkUploadPaths(kind).errorsCsv(row.id)),
      }),
    [canManage, kind, retry.mutate, remove.mutate],
  );
  return (
    <Stack gap="lg">
      {LISTS.map(({ list, title, prefix, empty }) => (
        <section key={list} aria-labelledby={`bulk-${kind}-${list}`}>
          <Title order={3} size="h4" mb="xs" id={`bulk-${kind}-${list}`}>
            {title}
          </Title>
          <DataTable<BulkUploadRow>
            tableId={`bulk-${kind}-${list}`}
            userId={session?.user.id}
            label={`${title} uploads`}
            columns={columns}
            queryKey={[...bulkKeys.list(kind, list), clientId ?? null]}
            queryFn={async (query, { signal }) => {
              const result = await readBulkList(kind, list, { ...query, clientId }, signal);
              onRows(list, result.data);
              return result;
            }}
            listQueryOptions={{ prefix, defaultSortField: 'createdAt', defaultSortOrder: 'desc' }}
            searchLabel={`Search ${title.toLowerCase()} uploads`}
            searchPlaceholder="Search by file name…"
            noRecordsText={empty}
            getRecordLabel={(r) => r.fileName}
            pinLastColumn
          />
        </section>
      ))}
    </Stack>
  );
}
