import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { deleteCompanies } from './delete-company';

describe('deleteCompanies (bulk)', () => {
  it('deletes what it can and keeps every refusal with the server message', async () => {
    const remove = vi.fn(async (id: number) => {
      if (id === 2) throw new ApiError(409, { success: false, code: 'CONFLICT', message: 'This company still has 2 users.' });
      if (id === 3) throw new TypeError('Failed to fetch');
      return { success: true, message: 'ok' };
    });
    const outcome = await deleteCompanies([1, 2, 3], remove);
    expect(remove).toHaveBeenCalledTimes(3);
    expect(outcome).toEqual({
      deleted: 1,
      failures: [
        { id: 2, message: 'This company still has 2 users.' },
        { id: 3, message: 'The company could not be deleted' },
      ],
    });
  });
});
