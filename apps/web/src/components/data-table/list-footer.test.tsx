import './test-setup';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListFooter, type ListFooterProps } from './list-footer';
import { renderWithMantine } from './test-utils';

const footer = (over: Partial<ListFooterProps> = {}) => {
  const onPage = vi.fn();
  renderWithMantine(
    <ListFooter page={1} limit={500} rows={500} total={10_000} totalPages={21} onPage={onPage} onLimit={vi.fn()} {...over} />,
  );
  return { onPage };
};

describe('ListFooter', () => {
  it('says "more than 10,000" when the API capped its count, and still pages on', async () => {
    const { onPage } = footer({ totalCapped: true, page: 21 });
    expect(screen.getByText('10001–10500 of more than 10,000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    // The end is not known: no "last page" to jump to.
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(22);
  });

  it('shows the exact count and a last page otherwise', async () => {
    const { onPage } = footer({ total: 1234, totalPages: 3, page: 1 });
    expect(screen.getByText('1–500 of 1234')).toBeTruthy();
    expect(screen.queryByText(/more than/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('a short page of a capped list ends the pager there', () => {
    footer({ totalCapped: true, page: 22, rows: 40 });
    expect(screen.getByText('10501–10540 of more than 10,000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
