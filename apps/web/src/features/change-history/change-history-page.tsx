import type { ChangeHistoryEntry } from '@console/contract';
import { IconListDetails } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { HistoryHelpLink, ResourcePage, type RowAction } from '../../components/resource';
import { changeHistoryApi } from './change-history-api';
import { EntryDetailsDrawer } from './components/entry-details-drawer';
import { historyColumns } from './components/history-columns';
import { HistoryFilterInputs, type HistoryFilters, historyFilterSelects } from './components/history-filters';

const NEWEST_FIRST = { field: 'createdAt', order: 'desc' } as const;
const recordName = (e: ChangeHistoryEntry) => `change #${e.id}`;

/** /{product}/change-history: every resource's changes, newest first, filtered by resource, who, row and days, with exports and revert. */
export default function ChangeHistoryPage() {
  const [details, setDetails] = useState<{ opened: boolean; entry: ChangeHistoryEntry | null }>({ opened: false, entry: null });
  // Names of the people in the rows seen, for a who-filter read from the URL.
  const actors = useRef(new Map<number, string>());
  const onPage = useCallback((rows: ChangeHistoryEntry[]) => {
    for (const row of rows) if (row.actorId !== null && row.actorName) actors.current.set(row.actorId, row.actorName);
  }, []);
  const knownName = useCallback((id: number) => actors.current.get(id), []);
  const rowActions = useMemo<RowAction<ChangeHistoryEntry>[]>(
    () => [
      {
        label: 'Details',
        icon: <IconListDetails size={18} stroke={1.7} aria-hidden />,
        onClick: (entry) => setDetails({ opened: true, entry }),
        ariaLabel: (name) => `Details of ${name}`,
      },
    ],
    [],
  );
  return (
    <ResourcePage<ChangeHistoryEntry>
      resourceApi={changeHistoryApi}
      headerExtra={<HistoryHelpLink />}
      columns={historyColumns}
      recordName={recordName}
      defaultSort={NEWEST_FIRST}
      onPage={onPage}
      rowActions={rowActions}
      filterSelects={historyFilterSelects}
      filterInputs={(filters, onChange) => (
        <HistoryFilterInputs filters={filters as HistoryFilters} onChange={onChange} knownName={knownName} />
      )}
      searchLabel="Search changes"
      searchPlaceholder="Search by row ID or action…"
      noRecordsText="No changes found"
    >
      <EntryDetailsDrawer
        entry={details.entry}
        opened={details.opened}
        onClose={() => setDetails((prev) => ({ ...prev, opened: false }))}
      />
    </ResourcePage>
  );
}
