import './test-setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButtons } from './export-buttons';
import { emulatePhoneWidth, renderWithMantine } from './test-utils';

const QUERY = { search: 'ann', sortField: 'name', sortOrder: 'asc' as const };

afterEach(() => vi.restoreAllMocks());

function pendingExport() {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  let report!: (p: { loaded: number; total?: number }) => void;
  const onExport = vi.fn(
    (_format, _query, ctx: { onProgress: typeof report }) =>
      new Promise<void>((resolve, reject) => {
        report = ctx.onProgress;
        finish = resolve;
        fail = reject;
      }),
  );
  return { onExport, finish: () => finish(), fail: (e: Error) => fail(e), report: (p: { loaded: number; total?: number }) => report(p) };
}

describe('ExportButtons on a phone', () => {
  it('offers the formats in one Export menu, shows the running export on its button and keeps the focus there', async () => {
    emulatePhoneWidth();
    const run = pendingExport();
    renderWithMantine(<ExportButtons query={QUERY} config={{ onExport: run.onExport }} />);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    // The menu is set up when the pointer comes over its button, which it replaces (DeferredMenu).
    await user.hover(screen.getByRole('button', { name: 'Export' }));
    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Export CSV', 'Export Excel', 'Export PDF']);
    await user.click(screen.getByRole('menuitem', { name: 'Export Excel' }));
    expect(run.onExport).toHaveBeenCalledWith('excel', QUERY, expect.anything());
    expect(button).toHaveAttribute('aria-busy', 'true');
    // The closed menu hands the focus back to its button, which stays enabled.
    await waitFor(() => expect(button).toHaveFocus());
    act(() => run.report({ loaded: 30, total: 100 }));
    expect(button).toHaveTextContent('Excel 30%');
    // While it runs, the menu opens with every format disabled: one export at a time.
    await user.click(button);
    for (const item of await screen.findAllByRole('menuitem')) expect(item).toHaveAttribute('data-disabled', 'true');
    await user.keyboard('{Escape}');
    await act(async () => run.finish());
    expect(button).toHaveTextContent('Export');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('status')).toHaveTextContent('Excel export ready');
  });

  it('says which format failed', async () => {
    emulatePhoneWidth();
    const run = pendingExport();
    const onError = vi.fn();
    renderWithMantine(<ExportButtons query={QUERY} config={{ onExport: run.onExport, onError }} />);
    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Export PDF' }));
    await act(async () => run.fail(new Error('boom')));
    expect(screen.getByRole('alert')).toHaveTextContent('Error exporting PDF');
    expect(onError).toHaveBeenCalledWith('pdf', expect.any(Error));
  });

  it('keeps a single format a plain button', () => {
    emulatePhoneWidth();
    renderWithMantine(<ExportButtons query={QUERY} config={{ onExport: vi.fn(), formats: ['csv'] }} />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('shows one button per format on a wider screen', () => {
    emulatePhoneWidth(1024);
    renderWithMantine(<ExportButtons query={QUERY} config={{ onExport: vi.fn() }} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Export CSV', 'Export Excel', 'Export PDF']);
  });
});
