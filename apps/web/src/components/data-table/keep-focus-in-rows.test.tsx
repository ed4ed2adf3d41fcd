import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeepFocusInRows } from './keep-focus-in-rows';

type Item = { id: number; name: string };
const items = (...ids: number[]): Item[] => ids.map((id) => ({ id, name: `Item ${id}` }));

let setRows: (rows: Item[]) => void = () => {};
let setDialog: (open: boolean) => void = () => {};

/** A table whose rows have an Edit and a Delete button, as a list's row actions do, and a dialog that can hold focus. */
function Table({ initial }: { initial: Item[] }) {
  const [rows, set] = useState(initial);
  const [dialog, openDialog] = useState(false);
  setRows = set;
  setDialog = openDialog;
  const keepFocus = useKeepFocusInRows(rows);
  return (
    <>
      <button type="button">Elsewhere</button>
      <table aria-label="Items">
        <tbody ref={keepFocus.bodyRef} onFocus={keepFocus.onFocus} onBlur={keepFocus.onBlur}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td>
                <button type="button">Edit {row.name}</button>
                <button type="button">Delete {row.name}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {dialog ? (
        <div role="dialog" aria-label="Confirm">
          <button type="button">Yes</button>
        </div>
      ) : null}
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(cleanup);

describe('useKeepFocusInRows', () => {
  it('moves focus to the same cell of the row that takes the removed row’s place', () => {
    render(<Table initial={items(1, 2, 3)} />);
    button('Delete Item 2').focus();
    act(() => setRows(items(1, 3)));
    // The same one of the cell's buttons: Delete stays Delete.
    expect(document.activeElement).toBe(button('Delete Item 3'));
  });

  it('moves to the row above when the last row goes, and to the table when none is left', () => {
    render(<Table initial={items(1, 2)} />);
    button('Delete Item 2').focus();
    act(() => setRows(items(1)));
    expect(document.activeElement).toBe(button('Delete Item 1'));
    act(() => setRows([]));
    expect(document.activeElement).toBe(screen.getByRole('table', { name: 'Items' }));
  });

  it('leaves focus where the user put it when they had moved on', () => {
    render(<Table initial={items(1, 2, 3)} />);
    button('Edit Item 2').focus();
    button('Elsewhere').focus();
    act(() => setRows(items(1, 3)));
    expect(document.activeElement).toBe(button('Elsewhere'));
  });

  it('forgets the row once focus left the rows for another control, even if that control then loses it', () => {
    render(<Table initial={items(1, 2, 3)} />);
    button('Edit Item 2').focus();
    // As "Delete selected" does: focused, then disabled once the rows it deleted are gone.
    button('Elsewhere').focus();
    button('Elsewhere').blur();
    act(() => setRows(items(1, 3)));
    expect(document.activeElement).toBe(document.body);
  });

  it('waits for a dialog that still holds focus to close (a confirmed delete), then moves it', async () => {
    render(<Table initial={items(1, 2, 3)} />);
    button('Delete Item 2').focus();
    act(() => setDialog(true));
    button('Yes').focus();
    act(() => setRows(items(1, 3)));
    expect(document.activeElement).toBe(button('Yes'));
    act(() => setDialog(false));
    await waitFor(() => expect(document.activeElement).toBe(button('Delete Item 3')));
  });

  it('does nothing when the focused row stays', () => {
    render(<Table initial={items(1, 2, 3)} />);
    button('Delete Item 2').focus();
    act(() => setRows(items(2, 3, 4)));
    expect(document.activeElement).toBe(button('Delete Item 2'));
  });
});
