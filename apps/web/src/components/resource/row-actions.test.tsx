import '../data-table/test-setup';
import { screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../data-table/test-utils';
import { RowActions } from './row-actions';

type Row = { id: number; current: boolean };

/** The slots of one row's actions (the children of its group), one per action. */
const slotsOf = (rowId: number) => [...(screen.getByTestId(`row-${rowId}`).firstElementChild?.children ?? [])] as HTMLElement[];

/** Two rows (the second one `current`), each with its actions. */
function renderRows(props: Omit<ComponentProps<typeof RowActions<Row>>, 'row' | 'name'>) {
  renderWithMantine(
    <div>
      {[
        { id: 1, current: false },
        { id: 2, current: true },
      ].map((row) => (
        <div key={row.id} data-testid={`row-${row.id}`}>
          <RowActions row={row} name={`Row ${row.id}`} {...props} />
        </div>
      ))}
    </div>,
  );
}

describe('RowActions', () => {
  it('an action left out of a row keeps its slot, so every action sits in the same column on every row', () => {
    const end = { label: 'End', icon: <span>x</span>, onClick: vi.fn(), hidden: (r: Row) => r.current };
    renderRows({ onEdit: vi.fn(), onDelete: vi.fn(), extra: [end] });
    expect(screen.getByRole('button', { name: 'End Row 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End Row 2' })).toBeNull();
    // Edit, End, Delete on both rows; on the second, End's place is a blank hidden from readers.
    expect(slotsOf(1)).toHaveLength(3);
    const [edit, blank, remove] = slotsOf(2);
    expect(edit).toHaveAccessibleName('Edit Row 2');
    expect(blank?.getAttribute('aria-hidden')).toBe('true');
    expect(within(blank!).queryByRole('button')).toBeNull();
    expect(remove).toHaveAccessibleName('Delete Row 2');
  });

  it('marks the action whose view is open for a row as current, on that row only', () => {
    const open = { label: 'Open', icon: <span>o</span>, onClick: vi.fn(), current: (r: Row) => r.current };
    renderRows({ extra: [open] });
    expect(screen.getByRole('button', { name: 'Open Row 1' })).not.toHaveAttribute('aria-current');
    const current = screen.getByRole('button', { name: 'Open Row 2' });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveAttribute('data-variant', 'light');
  });
});
