import './test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import type { ListQueryState } from './list-query';
import { currentSearch, renderWithRouter } from './test-utils';
import type { DataTableColumnDef } from './types';

type Row = { id: number; name: string; email: string; createdAt: string };
const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `User ${i + 1}`,
  email: `u${i + 1}@example.com`,
  createdAt: '2024-01-01',
}));

const COLUMNS: DataTableColumnDef<Row>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'email', title: 'Email' },
  { accessor: 'createdAt', title: 'Created', hidden: true },
  { accessor: 'actions', title: 'Actions', sortable: false, hideable: false, render: (r) => `edit ${r.id}` },
];

function makeQueryFn(rows: Row[] = ROWS) {
  return vi.fn(async (q: ListQueryState) => {
    const data = rows.slice((q.page - 1) * q.limit, q.page * q.limit);
    return { data, total: rows.length, totalPages: Math.ceil(rows.length / q.limit) };
  });
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        history back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        history forward
      </button>
    </>
  );
}

function setup(props: Partial<DataTableProps<Row>> = {}, route = '/users') {
  const queryFn = (props.queryFn ?? makeQueryFn()) as ReturnType<typeof makeQueryFn>;
  const all = {
    tableId: 'users',
    userId: 7,
    label: 'Users',
    columns: COLUMNS,
    queryKey: ['users'],
    queryFn,
    ...props,
  } as DataTableProps<Row>;
  const utils = renderWithRouter(
    <>
      <DataTable<Row> {...all} />
      <BackButton />
    </>,
    { route },
  );
  const search = () => currentSearch(screen.getByTestId);
  const lastQuery = () => queryFn.mock.lastCall?.[0];
  return { ...utils, queryFn, search, lastQuery, user: userEvent.setup() };
}

describe('DataTable: list query in the URL', () => {
  it('reads the whole query from the URL on load (reload keeps the state)', async () => {
    const { lastQuery } = setup({}, '/users?page=2&limit=25&search=ann&sortField=email&sortOrder=desc');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 25, search: 'ann', sortField: 'email', sortOrder: 'desc' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    expect(screen.getByRole('button', { name: /^Email/ })).toHaveAccessibleName(/Sorted descending/);
  });

  it('falls back to defaults for invalid URL values', async () => {
    const { lastQuery } = setup({}, '/users?page=-3&limit=7&sortField=password&sortOrder=up');
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 10, search: '', sortField: undefined, sortOrder: 'asc' }));
  });

  it('sorts by clicking a header, resets to page 1, and back/forward restore the state', async () => {
    const { user, search, lastQuery } = setup({}, '/users?page=3');
    await screen.findByText('User 21');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(search().get('sortField')).toBe('name'));
    expect(search().get('sortOrder')).toBe('asc');
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, sortField: 'name', sortOrder: 'asc' }));

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(search().get('sortOrder')).toBe('desc'));

    await user.click(screen.getByRole('button', { name: 'history back' }));
    await waitFor(() => expect(search().get('sortOrder')).toBe('asc'));
    await user.click(screen.getByRole('button', { name: 'history back' }));
    await waitFor(() => expect(search().get('page')).toBe('3'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 3, sortField: undefined }));
    await user.click(screen.getByRole('button', { name: 'history forward' }));
    await waitFor(() => expect(search().get('sortField')).toBe('name'));
  });

  it('sorts from the keyboard with Enter and Space on a header', async () => {
    const { user, search } = setup();
    await screen.findByText('User 1');
    const header = screen.getByRole('button', { name: /^Email/ });
    header.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(search().get('sortField')).toBe('email'));
    screen.getByRole('button', { name: /^Email/ }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(search().get('sortOrder')).toBe('desc'));
  });

  it('pages, and a new row limit goes back to page 1', async () => {
    const { user, search, lastQuery } = setup();
    await screen.findByText('User 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    expect(await screen.findByText('User 11')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(search().get('limit')).toBe('50'));
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, limit: 50 }));
  });

  it('offers exactly the spec row limits', async () => {
    setup();
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100', '250', '500']);
  });

  it('debounces the search box and resets to page 1', async () => {
    const { user, search, lastQuery, queryFn } = setup({}, '/users?page=2');
    await screen.findByText('User 11');
    const calls = queryFn.mock.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'User 3');
    // One request for the whole word, not one per keystroke.
    await waitFor(() => expect(search().get('search')).toBe('User 3'));
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: 1, search: 'User 3' }));
    expect(queryFn.mock.calls.length).toBe(calls + 1);
  });
});

describe('DataTable: search box focus', () => {
  it('commits a pending search at once when the box loses focus (a click elsewhere cannot race it)', async () => {
    const { search } = setup();
    await screen.findByText('User 1');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    vi.useFakeTimers();
    try {
      fireEvent.change(box, { target: { value: 'User 2' } });
      expect(search().has('search')).toBe(false); // still debouncing
      fireEvent.blur(box);
      expect(search().get('search')).toBe('User 2');
      // the debounce timer was cleared: nothing fires later
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(search().get('search')).toBe('User 2');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DataTable: columns', () => {
  it('hides default-hidden columns and remembers the chooser per user and table', async () => {
    const first = setup();
    await screen.findByText('User 1');
    expect(screen.queryByRole('button', { name: /^Created/ })).not.toBeInTheDocument();

    // The mouse comes over the chooser first, which sets its menu up in place of the plain button
    // (components/ui/deferred-menu.tsx); the click is then on the menu's own button, as a browser's is.
    await first.user.hover(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Actions' })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('menuitemcheckbox', { name: 'Email' }));
    await first.user.click(screen.getByRole('menuitemcheckbox', { name: 'Created' }));
    expect(screen.queryByRole('button', { name: /^Email/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Created/ })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('dataTable:users:columns:7') ?? '{}')).toEqual({
      email: false,
      createdAt: true,
    });
    first.unmount();

    // Same user again: the choice is back.
    setup();
    await screen.findByText('User 1');
    expect(screen.queryByRole('button', { name: /^Email/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Created/ })).toBeInTheDocument();
  });

  it('does not share the choice with another user', async () => {
    window.localStorage.setItem('dataTable:users:columns:7', JSON.stringify({ email: false }));
    setup({ userId: 8 });
    await screen.findByText('User 1');
    expect(screen.getByRole('button', { name: /^Email/ })).toBeInTheDocument();
  });

  it('ignores a corrupt stored value', async () => {
    window.localStorage.setItem('dataTable:users:columns:7', '{not json');
    setup();
    await screen.findByText('User 1');
    expect(screen.getByRole('button', { name: /^Email/ })).toBeInTheDocument();
  });
});

describe('DataTable: states', () => {
  it('shows the empty state', async () => {
    setup({ queryFn: makeQueryFn([]) });
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('does not show the empty text while rows are present', async () => {
    setup();
    await screen.findByText('User 1');
    expect(screen.queryByText('No records found')).not.toBeInTheDocument();
  });

  it('shows an error with a working Retry', async () => {
    let fail = true;
    const queryFn = vi.fn(async () => {
      if (fail) throw new Error('Failed to load posts');
      return { data: ROWS.slice(0, 10), total: 30, totalPages: 3 };
    });
    const { user } = setup({ queryFn });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load posts');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('User 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a long page (more than 100 rows) draws its first 6 rows, then more as the body scrolls and as the keyboard reaches them', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ ...ROWS[0]!, id: i + 1, name: `User ${i + 1}` }));
    setup({ queryFn: makeQueryFn(rows), onConfirmDelete: async () => true, onBulkDelete: vi.fn() }, '/users?limit=500');
    expect(await screen.findByText('User 6')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Users' });
    await waitFor(() => expect(table.closest('[aria-busy]')).toBeNull());
    // The header, the drawn rows and one empty row holding the other 144 at the drawn rows' height
    // (jsdom lays nothing out: the estimate, 45 px, and a body 0 px tall, which the first 6 fill),
    // so the body scrolls as far as with every row.
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(screen.queryByText('User 7')).not.toBeInTheDocument();
    const held = () => table.querySelectorAll<HTMLElement>('tbody tr[data-held]');
    expect(held()).toHaveLength(1);
    expect(held()[0]!.style.height).toBe(`${144 * 45}px`);

    // Scrolled to 2,000 px (jsdom lays nothing out: rows count as 45 px): rows to there and a batch more.
    const viewport = table.closest('[data-table-viewport]') as HTMLElement;
    viewport.scrollTop = 2000;
    fireEvent.scroll(viewport);
    expect(await screen.findByText('User 70')).toBeInTheDocument();
    expect(screen.queryByText('User 71')).not.toBeInTheDocument();

    // Tabbing into the last drawn rows draws the next batch, so the keyboard never reaches a held row.
    act(() => screen.getByRole('checkbox', { name: 'Select row 68' }).focus());
    expect(await screen.findByText('User 120')).toBeInTheDocument();
    expect(held()).toHaveLength(1);
    expect(held()[0]!.style.height).toBe(`${30 * 45}px`);
  });

  it('a row click calls the latest onRowClick, also on rows kept from an earlier render', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const queryFn = makeQueryFn();
    const props = { tableId: 'users', userId: 7, label: 'Users', columns: COLUMNS, queryKey: ['users'], queryFn };
    const { rerender } = renderWithRouter(<DataTable<Row> {...props} onRowClick={first} />, { route: '/users' });
    await screen.findByText('User 1');
    rerender(<DataTable<Row> {...props} onRowClick={latest} />);
    fireEvent.click(screen.getByText('User 1'));
    expect(latest).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 0);
    expect(first).not.toHaveBeenCalled();
  });

  it('moves to the last page when the page is past the end', async () => {
    const { search } = setup({}, '/users?page=9');
    await waitFor(() => expect(search().get('page')).toBe('3'));
  });
});

describe('DataTable: selection and bulk delete', () => {
  it('confirms with the spec texts, then deletes the selected ids', async () => {
    const onConfirmDelete = vi.fn(async () => true);
    const onBulkDelete = vi.fn(async () => {});
    const { user, queryFn } = setup({ onConfirmDelete, onBulkDelete, getRecordLabel: (r) => r.name });
    await screen.findByText('User 1');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select User 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select User 3' }));
    const calls = queryFn.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));

    expect(onConfirmDelete).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Are you sure?',
        text: "You won't be able to revert this!",
        confirmButtonText: 'Yes, delete it!',
        count: 2,
      }),
    );
    await waitFor(() => expect(onBulkDelete).toHaveBeenCalledWith([1, 3]));
    // Selection cleared and the list reloaded.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled());
    await waitFor(() => expect(queryFn.mock.calls.length).toBeGreaterThan(calls));
  });

  it('gives focus to the select-all box once the selected rows are gone, back to the button when the delete failed', async () => {
    // The confirm dialog takes focus and, as the button is disabled while it deletes, leaves it on <body>.
    const onConfirmDelete = async () => {
      (document.activeElement as HTMLElement | null)?.blur();
      return true;
    };
    let fail = true;
    const onBulkDelete = vi.fn(async () => {
      if (fail) throw new Error('refused');
    });
    const { user } = setup({ onConfirmDelete, onBulkDelete });
    await screen.findByText('User 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await waitFor(() => expect(onBulkDelete).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toHaveFocus());
    fail = false;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onBulkDelete).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveFocus());
  });

  it('does not delete when the confirm is cancelled', async () => {
    const onConfirmDelete = vi.fn(async () => false);
    const onBulkDelete = vi.fn();
    const { user } = setup({ onConfirmDelete, onBulkDelete });
    await screen.findByText('User 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await waitFor(() => expect(onConfirmDelete).toHaveBeenCalled());
    expect(onBulkDelete).not.toHaveBeenCalled();
    // The selection stays for another try.
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
  });

  it('selects the whole page from the header checkbox, which shows a partial state', async () => {
    const onBulkDelete = vi.fn();
    const { user } = setup({ onConfirmDelete: async () => true, onBulkDelete });
    await screen.findByText('User 1');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(all).toBePartiallyChecked();
    await user.click(all);
    expect(all).toBeChecked();
    expect(screen.getByRole('button', { name: 'Delete selected (10)' })).toBeEnabled();
    await user.click(all);
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('selects a range with shift-click', async () => {
    const { user } = setup({ onConfirmDelete: async () => true, onBulkDelete: vi.fn() });
    await screen.findByText('User 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 5' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('button', { name: 'Delete selected (4)' })).toBeInTheDocument();
    // The row highlight is pure CSS keyed on this attribute.
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toHaveAttribute('data-row-select');
  });

  it('reports the selection to onSelectionChange when only selectable', async () => {
    const onSelectionChange = vi.fn();
    const { user } = setup({ selectable: true, onSelectionChange });
    await screen.findByText('User 1');
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 4' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([4]);
  });

  it('clears the selection when the page changes', async () => {
    const { user } = setup({ onConfirmDelete: async () => true, onBulkDelete: vi.fn() });
    await screen.findByText('User 1');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('User 11');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });
});

describe('DataTable: export', () => {
  it('calls onExport with the selection (no paging) and shows progress on the button', async () => {
    let finish!: () => void;
    let report!: (p: { loaded: number; total?: number }) => void;
    const onExport = vi.fn(
      (_format, _query, ctx: { onProgress: typeof report }) =>
        new Promise<void>((resolve) => {
          report = ctx.onProgress;
          finish = resolve;
        }),
    );
    const { user } = setup({ exports: { onExport } }, '/users?page=2&search=ann&sortField=name&sortOrder=desc');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledWith('csv', { search: 'ann', sortField: 'name', sortOrder: 'desc' }, expect.anything());
    const button = screen.getByRole('button', { name: 'Export CSV' });
    // Disabled to the user but still focused: a disabled button would drop the keyboard's focus.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveFocus();
    await user.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    act(() => report({ loaded: 50, total: 100 }));
    expect(button).toHaveTextContent('CSV 50%');
    await act(async () => finish());
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveTextContent('CSV');
  });

  it('downloads from exportUrl through the given download function', async () => {
    const download = vi.fn(async () => {});
    const { user } = setup({
      exports: { exportUrl: (format, q) => `/api/users/export/${format}?search=${q.search}`, download },
    });
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/api/users/export/excel?search=', expect.anything()));
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeInTheDocument();
  });

  it('shows the spec error text when an export fails', async () => {
    const onError = vi.fn();
    const { user } = setup({ exports: { onExport: async () => Promise.reject(new Error('boom')), onError } });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Error exporting CSV')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith('csv', expect.any(Error));
  });
});

describe('DataTable: 500 rows', () => {
  it('draws the first rows of a 500-row page and toggles one row without re-rendering the others', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `N${i + 1}`, email: 'e', createdAt: '' }));
    const renderCount = vi.fn();
    const columns: DataTableColumnDef<Row>[] = [
      {
        accessor: 'name',
        render: (r) => {
          renderCount();
          return r.name;
        },
      },
    ];
    const { user } = setup(
      { columns, queryFn: makeQueryFn(many), onConfirmDelete: async () => true, onBulkDelete: vi.fn() },
      '/users?limit=500',
    );
    // jsdom is slow at 500 rows when the suite runs in parallel; the browser is not.
    await screen.findByText('N6', undefined, { timeout: 15_000 });
    expect(screen.queryByText('N7')).not.toBeInTheDocument();
    const before = renderCount.mock.calls.length;
    // The drawn rows only (a first render may run twice), not 500.
    expect(before).toBeGreaterThanOrEqual(6);
    expect(before).toBeLessThanOrEqual(18);
    // The first row: focusing one of the last drawn rows would draw the next batch (the keyboard's way on).
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeInTheDocument();
    expect(renderCount.mock.calls.length).toBe(before);
  }, 30_000);
});
