import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceOptionsQuery } from '../components/resource';
import { roleOptionsQuery } from '../features/permissions/api/get-role-options';
import { COMPANY_OPTIONS, ROLE_OPTIONS } from '../features/users/api/users-api';

// The users screen's dropdowns (its filters and its drawer read these).
const roleOptionsQueryOptions = () => resourceOptionsQuery('roles', ROLE_OPTIONS);
const companyOptionsQueryOptions = () => resourceOptionsQuery('companies', COMPANY_OPTIONS);

// Two features read GET /roles into the one cache: users keeps {id, name, manageable} for its
// dropdown, permissions keeps whole roles (userCount shows in its picker). Under one key
// (['roles', 'options'] before the resource kit) whichever ran first answered the other.
const role = {
  id: 2,
  name: 'Editor',
  description: null,
  isSystem: false,
  userCount: 3,
  manageable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [role], total: 1, totalPages: 1 }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('one query key per cached shape', () => {
  it('the users dropdown projection never answers the permissions picker, in either order', async () => {
    for (const order of ['users-first', 'permissions-first'] as const) {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const readUsers = () => client.fetchQuery(roleOptionsQueryOptions());
      const readPermissions = () => client.fetchQuery(roleOptionsQuery()).then(() => client.getQueryData(roleOptionsQuery().queryKey));
      if (order === 'users-first') await readUsers();
      const page = await readPermissions();
      const options = await readUsers();
      expect(options).toEqual([{ id: 2, name: 'Editor', manageable: true }]);
      // The permissions picker's entry holds whole rows, userCount included.
      expect(page).toMatchObject({ data: [{ id: 2, name: 'Editor', userCount: 3 }] });
      expect(roleOptionsQueryOptions().queryKey).not.toEqual(roleOptionsQuery().queryKey);
    }
  });

  it('keys follow [resource, kind, ...]: every roles and companies entry is refreshed by invalidating [resource]', () => {
    expect(roleOptionsQueryOptions().queryKey).toEqual(['roles', 'options', 'id-name-manageable']);
    expect(roleOptionsQuery().queryKey.slice(0, 3)).toEqual(['roles', 'list', {}]);
    expect(companyOptionsQueryOptions().queryKey).toEqual(['companies', 'options', 'id-name-status']);
  });
});
