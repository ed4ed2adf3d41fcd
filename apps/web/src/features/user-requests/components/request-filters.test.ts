import { describe, expect, it } from 'vitest';
import { parseRequestFilters, writeRequestFilters } from './request-filters';

describe('user-request filters in the URL', () => {
  it('reads valid filters and drops invalid ones', () => {
    expect(parseRequestFilters(new URLSearchParams('locationId=4&platform=ios&from=2026-11-01&to=2026-11-23'))).toEqual({
      locationId: 4,
      platform: 'ios',
      from: '2026-11-01',
      to: '2026-11-23',
    });
    expect(parseRequestFilters(new URLSearchParams('locationId=0&platform=symbian&from=2026-13-45&to=yesterday'))).toEqual({});
    expect(parseRequestFilters(new URLSearchParams('locationId=99999999999&from=2026-11-01T00:00'))).toEqual({});
  });

  it('puts a range given backwards the right way round', () => {
    expect(parseRequestFilters(new URLSearchParams('from=2026-11-23&to=2026-11-01'))).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });

  it('writes a patch, removes cleared filters, keeps the rest of the query and goes back to page 1', () => {
    const next = writeRequestFilters(new URLSearchParams('search=dev&page=3&platform=web&sortField=requestedAt'), {
      platform: undefined,
      locationId: '7',
      from: '2026-11-20',
      to: '',
    });
    expect(next.toString()).toBe('search=dev&sortField=requestedAt&locationId=7&from=2026-11-20');
  });
});
