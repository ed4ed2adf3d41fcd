import { ADMIN_API_PATHS, type Company, ERROR_MESSAGES, type ListResult } from '@console/contract';
import { type ListQueryState, listQueryToSearchParams } from '../../../components/data-table';
import { api } from '../../../lib/api-client';

/** Every companies cache entry starts with this key, so one invalidation refreshes them all. */
export const COMPANIES_QUERY_KEY = ['companies'] as const;

/**
 * GET /companies with the spec's list query. A failure rejects with the spec's stored
 * rejection default for lists ('Failed to load posts', s.8); the table shows it with a retry.
 */
export async function getCompanies(query: ListQueryState, { signal }: { signal?: AbortSignal } = {}): Promise<ListResult<Company>> {
  let body: ListResult<Company> | undefined;
  try {
    body = await api.get<ListResult<Company>>(ADMIN_API_PATHS.companies.list, {
      query: Object.fromEntries(listQueryToSearchParams(query)),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(ERROR_MESSAGES.loadPosts, { cause: error });
  }
  if (!body || !Array.isArray(body.data)) throw new Error(ERROR_MESSAGES.loadPosts);
  return body;
}

