import { describe, expect, it } from 'vitest';
import { parseFilters, writeFilters } from './url-filters';

const SPEC = { roleId: 'id', companyId: 'id', status: ['active', 'inactive'], from: 'day' } as const;

describe('list filters in the URL', () => {
  it('reads ids as numbers, days as days and listed values; nothing else', () => {
    expect(parseFilters(SPEC, new URLSearchParams('roleId=2&companyId=14&status=inactive&from=2026-02-28&page=3'))).toEqual({
      roleId: 2,
      companyId: 14,
      status: 'inactive',
      from: '2026-02-28',
    });
  });

  it('drops invalid values instead of sending them to the API', () => {
    expect(parseFilters(SPEC, new URLSearchParams('roleId=0&companyId=abc&status=deleted&from=2026-02-30'))).toEqual({});
    expect(parseFilters(SPEC, new URLSearchParams('roleId=-1&companyId=1.5&from=2026-2-3'))).toEqual({});
    expect(parseFilters(SPEC, new URLSearchParams('roleId=99999999999&companyId=2147483648'))).toEqual({});
    expect(parseFilters(SPEC, new URLSearchParams('companyId=2147483647'))).toEqual({ companyId: 2147483647 });
  });

  it('writes a filter, keeps search/sort/limit and goes back to page 1', () => {
    const next = writeFilters(SPEC, new URLSearchParams('search=ann&sortField=email&limit=25&page=4'), { roleId: '3' });
    expect(next.toString()).toBe('search=ann&sortField=email&limit=25&roleId=3');
  });

  it('removes a cleared filter (undefined or empty) and leaves the others; names outside the spec are not touched', () => {
    const next = writeFilters(SPEC, new URLSearchParams('roleId=3&status=active&companyId=2&other=x'), {
      status: undefined,
      companyId: '',
    });
    expect(next.toString()).toBe('roleId=3&other=x');
  });
});
