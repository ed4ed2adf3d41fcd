import { describe, expect, it } from 'vitest';
import { applyToggle } from '../clients-api';
import { parseClientFilters, writeClientFilters } from './client-filters';

describe('client filters in the URL', () => {
  it('reads valid filters and drops invalid ones', () => {
    expect(parseClientFilters(new URLSearchParams('type=live&status=inactive&companyId=4'))).toEqual({
      type: 'live',
      status: 'inactive',
      companyId: 4,
    });
    expect(parseClientFilters(new URLSearchParams('type=hybrid&status=x&companyId=0'))).toEqual({});
    expect(parseClientFilters(new URLSearchParams('companyId=99999999999'))).toEqual({});
  });

  it('writes a patch, removes cleared filters, keeps the rest of the query and goes back to page 1', () => {
    const next = writeClientFilters(new URLSearchParams('search=nova&page=3&type=demo'), { type: undefined, companyId: '7' });
    expect(next.toString()).toBe('search=nova&companyId=7');
  });
});

describe('applyToggle', () => {
  const row = { id: 1, status: 'active', offlineMode: false } as never;
  const other = { id: 2, status: 'active', offlineMode: false } as never;
  it('changes only the toggled row and column', () => {
    const page = { data: [row, other], total: 2, totalPages: 1 };
    const next = applyToggle(page, { action: 'update-offline-mode', id: 1, body: { offlineMode: true } });
    expect(next?.data).toEqual([{ id: 1, status: 'active', offlineMode: true }, other]);
    expect(page.data[0]).toBe(row);
    expect(applyToggle(undefined, { action: 'update-status', id: 1, body: { status: 'inactive' } })).toBeUndefined();
  });
});
