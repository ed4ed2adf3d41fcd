import {
  type DeviceRequestsResponse,
  deviceRequestsResponseSchema,
  ERROR_MESSAGES,
  USER_REQUEST_API_PATHS,
  type UserRequest,
  userRequestsResource,
} from '@console/contract';
import { createResourceApi } from '../../../components/resource';
import { type ListQueryState, listQueryToSearchParams } from '../../../components/data-table';
import { readData } from '../../../lib/read-data';
import { orderRange, REQUEST_FILTERS } from '../components/request-filters';

/** GET /user-request with its filters (in the URL) and exports; a failed read says the spec's 'Failed to load posts' (s.8). */
export const userRequestsApi = createResourceApi<UserRequest>(userRequestsResource, {
  urlFilters: REQUEST_FILTERS,
  normaliseFilters: orderRange,
});

/** GET /user-request/device-code: one device's requests (a page) and its summary. */
export async function getDeviceRequests(
  deviceCode: string,
  query: ListQueryState,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeviceRequestsResponse> {
  const params = Object.fromEntries(listQueryToSearchParams(query, { deviceCode }));
  return readData(USER_REQUEST_API_PATHS.deviceCode, deviceRequestsResponseSchema, ERROR_MESSAGES.loadPosts, { query: params, signal });
}
