import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../../components/resource';
import { applyToggle, CLIENT_FILTERS } from '../clients-api';

describe('client filters in the URL', () => {
  it('reads a known type and status and a company id; drops the rest', () => {
    expect(parseFilters(CLIENT_FILTERS, new URLSearchParams('type=live&status=inactive&companyId=4'))).toEqual({
      type: 'live',
      status: 'inactive',
      companyId: 4,
    });
    expect(parseFilters(CLIENT_FILTERS, new URLSearchParams('type=hybrid&status=x&companyId=0'))).toEqual({});
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
