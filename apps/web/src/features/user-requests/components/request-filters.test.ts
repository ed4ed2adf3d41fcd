import { describe, expect, it } from 'vitest';
import { parseFilters } from '../../../components/resource';
import { orderRange, REQUEST_FILTERS } from './request-filters';

describe('user-request filters in the URL', () => {
  it('reads location, platform and whole days; drops the rest', () => {
    expect(parseFilters(REQUEST_FILTERS, new URLSearchParams('locationId=4&platform=ios&from=2026-11-01&to=2026-11-23'))).toEqual({
      locationId: 4,
      platform: 'ios',
      from: '2026-11-01',
      to: '2026-11-23',
    });
    expect(parseFilters(REQUEST_FILTERS, new URLSearchParams('locationId=0&platform=symbian&from=2026-13-45&to=yesterday'))).toEqual({});
    expect(parseFilters(REQUEST_FILTERS, new URLSearchParams('locationId=99999999999&from=2026-11-01T00:00'))).toEqual({});
  });

  it('puts a range given backwards the right way round', () => {
    expect(orderRange({ from: '2026-11-23', to: '2026-11-01' })).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(orderRange({ from: '2026-11-01' })).toEqual({ from: '2026-11-01' });
  });
});
