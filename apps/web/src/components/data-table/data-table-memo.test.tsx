import './test-setup';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';
import { renderWithRouter } from './test-utils';
import type { DataTableColumnDef } from './types';
import { useListQueryState } from './use-list-query-state';

// The real hook, counted: DataTable calls it once per render of its own.
vi.mock('./use-list-query-state', async (importOriginal) => {
  const real = await importOriginal<typeof import('./use-list-query-state')>();
  return { ...real, useListQueryState: vi.fn(real.useListQueryState) };
});

type Row = { id: number; name: string };
const ROWS: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Bo' },
];
const COLUMNS: DataTableColumnDef<Row>[] = [{ accessor: 'name', title: 'Name' }];
const KEY = ['memo-users'];
const queryFn = async () => ({ data: ROWS, total: ROWS.length, totalPages: 1 });

/** A screen that re-renders for reasons of its own (options arriving, a dialog) around the same table. */
function Screen({ freshColumns = false }: { freshColumns?: boolean }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        screen render {renders}
      </button>
      <DataTable<Row>
        tableId="memo"
        userId={7}
        label="Users"
        columns={freshColumns ? [...COLUMNS] : COLUMNS}
        queryKey={KEY}
        queryFn={queryFn}
      />
    </>
  );
}

const tableRenders = () => vi.mocked(useListQueryState).mock.calls.length;

describe('DataTable: memoized', () => {
  it('does not render again when its screen re-renders with the same props', async () => {
    renderWithRouter(<Screen />);
    await screen.findByText('Bo');
    const before = tableRenders();
    for (let i = 1; i <= 3; i++) fireEvent.click(screen.getByRole('button', { name: /screen render/ }));
    expect(screen.getByRole('button', { name: 'screen render 3' })).toBeTruthy();
    expect(tableRenders()).toBe(before);
  });

  it('renders again when a prop changes (new columns)', async () => {
    renderWithRouter(<Screen freshColumns />);
    await screen.findByText('Bo');
    const before = tableRenders();
    fireEvent.click(screen.getByRole('button', { name: /screen render/ }));
    expect(tableRenders()).toBeGreaterThan(before);
  });
});
