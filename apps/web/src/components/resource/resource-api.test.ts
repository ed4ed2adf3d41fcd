import { companiesResource } from '@console/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createResourceApi, resourceKeys } from './resource-api';

const companies = createResourceApi(companiesResource);

describe('resource kit: fetchers', () => {
  it('bulk delete deletes what it can and keeps every refusal with the server message', async () => {
    const remove = vi.fn(async (id: number) => {
      if (id === 2) throw new ApiError(409, { success: false, code: 'CONFLICT', message: 'This company still has 2 users.' });
      if (id === 3) throw new TypeError('Failed to fetch');
      return { success: true, message: 'ok' };
    });
    const outcome = await companies.removeMany([1, 2, 3], remove);
    expect(remove).toHaveBeenCalledTimes(3);
    expect(outcome).toEqual({
      deleted: 1,
      failures: [
        { id: 2, message: 'This company still has 2 users.' },
        { id: 3, message: 'The company could not be deleted' },
      ],
    });
  });

  it('one key scheme: lists by filters then list query, details by id, options by shape', () => {
    const keys = resourceKeys('clients');
    expect(keys.all).toEqual(['clients']);
    expect(keys.lists({ type: 'demo' })).toEqual(['clients', 'list', { type: 'demo' }]);
    expect(keys.detail(4)).toEqual(['clients', 'detail', 4]);
    expect(keys.options('id-name')).toEqual(['clients', 'options', 'id-name']);
    const query = { page: 2, limit: 10, search: '', sortOrder: 'asc' as const };
    expect(companies.listQueryOptions(query, { status: 'active' }).queryKey).toEqual(['companies', 'list', { status: 'active' }, query]);
  });

  it('paths come from the declaration, with real ids', () => {
    expect(companiesResource.api.update(7)).toBe('/companies/update/7');
    expect(companiesResource.routes.update).toBe('/companies/update/:id');
    expect(companiesResource.href.list('platform')).toBe('/platform/companies');
  });
});
