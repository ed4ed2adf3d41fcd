import { describe, expect, it } from 'vitest';
import { hasUserFilters, parseUserFilters, writeUserFilters } from './user-filters';

describe('user filters in the URL', () => {
  it('reads valid role, company and status', () => {
    expect(parseUserFilters(new URLSearchParams('roleId=2&companyId=14&status=inactive&page=3'))).toEqual({
      roleId: 2,
      companyId: 14,
      status: 'inactive',
    });
  });

  it('drops invalid values instead of sending them to the API', () => {
    expect(parseUserFilters(new URLSearchParams('roleId=0&companyId=abc&status=deleted'))).toEqual({});
    expect(parseUserFilters(new URLSearchParams('roleId=-1&companyId=1.5'))).toEqual({});
    expect(parseUserFilters(new URLSearchParams('roleId=99999999999'))).toEqual({});
    expect(hasUserFilters({})).toBe(false);
  });

  it('writes a filter, keeps search/sort/limit and goes back to page 1', () => {
    const next = writeUserFilters(new URLSearchParams('search=ann&sortField=email&limit=25&page=4'), { roleId: 3 });
    expect(next.toString()).toBe('search=ann&sortField=email&limit=25&roleId=3');
  });

  it('removes a cleared filter and leaves the others', () => {
    const next = writeUserFilters(new URLSearchParams('roleId=3&status=active&companyId=2'), { status: undefined, companyId: '' });
    expect(next.toString()).toBe('roleId=3');
  });
});
