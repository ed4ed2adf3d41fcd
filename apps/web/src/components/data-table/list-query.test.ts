import { describe, expect, it } from 'vitest';
import { defaultListQuery, listQueryToSearchParams, parseListQuery, toExportQuery, writeListQuery } from './list-query';

const parse = (search: string, options = {}) => parseListQuery(new URLSearchParams(search), options);

describe('parseListQuery', () => {
  it('reads every field of the list query', () => {
    expect(parse('page=3&limit=25&search=%20ann%20&sortField=email&sortOrder=DESC')).toEqual({
      page: 3,
      limit: 25,
      search: 'ann',
      sortField: 'email',
      sortOrder: 'desc',
    });
  });

  it('falls back to defaults for invalid values', () => {
    expect(parse('page=0&limit=7&sortOrder=sideways')).toEqual(defaultListQuery());
    expect(parse('page=-2&limit=abc')).toMatchObject({ page: 1, limit: 10 });
    expect(parse('page=1.5&limit=1000')).toMatchObject({ page: 1, limit: 10 });
    expect(parse('page=99999999')).toMatchObject({ page: 1 });
  });

  it('only accepts the row limits of spec s.9', () => {
    for (const limit of [10, 25, 50, 100, 250, 500]) expect(parse(`limit=${limit}`).limit).toBe(limit);
    expect(parse('limit=20').limit).toBe(10);
  });

  it('drops a sort field that is not allowed and uses the default', () => {
    const options = { sortFields: ['name', 'email'], defaultSortField: 'name' };
    expect(parse('sortField=password', options).sortField).toBe('name');
    expect(parse('sortField=email', options).sortField).toBe('email');
  });

  it('reads prefixed parameters for a second table on the page', () => {
    expect(parse('page=4&s.page=2', { prefix: 's.' }).page).toBe(2);
  });

  it('caps the search length', () => {
    expect(parse(`search=${'x'.repeat(300)}`).search).toHaveLength(200);
  });
});

describe('writeListQuery', () => {
  it('leaves defaults out and keeps unrelated parameters', () => {
    const params = writeListQuery(new URLSearchParams('clientId=9&page=4'), defaultListQuery());
    expect(params.toString()).toBe('clientId=9');
  });

  it('writes non-default values and round-trips through parse', () => {
    const query = { page: 2, limit: 50, search: 'bob', sortField: 'name', sortOrder: 'desc' as const };
    const params = writeListQuery(new URLSearchParams(), query);
    expect(parseListQuery(params)).toEqual(query);
  });

  it('omits the order when there is no sort field', () => {
    const params = writeListQuery(new URLSearchParams(), { ...defaultListQuery(), sortOrder: 'desc' });
    expect(params.has('sortOrder')).toBe(false);
  });
});

describe('listQueryToSearchParams', () => {
  it('builds API parameters and skips empty values', () => {
    const params = listQueryToSearchParams(
      { page: 1, limit: 10, search: '', sortOrder: 'asc', sortField: undefined },
      { clientId: 5, userId: null },
    );
    expect(params.toString()).toBe('page=1&limit=10&clientId=5');
  });

  it('sends the export selection without paging', () => {
    const exportQuery = toExportQuery({ page: 3, limit: 25, search: 'x', sortField: 'name', sortOrder: 'desc' });
    expect(listQueryToSearchParams(exportQuery).toString()).toBe('search=x&sortField=name&sortOrder=desc');
  });
});
