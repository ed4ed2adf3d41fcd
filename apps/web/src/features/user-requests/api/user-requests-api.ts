import {
  type DeviceRequestsResponse,
  deviceRequestsResponseSchema,
  ERROR_MESSAGES,
  type Location,
  locationsResource,
  USER_REQUEST_API_PATHS,
  type UserRequest,
  userRequestsResource,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { createResourceApi } from '../../../components/resource';
import { type ListQueryState, listQueryToSearchParams } from '../../../components/data-table';
import { readData } from '../../../lib/read-data';

/** GET /user-request with its filters and exports; a failed read says the spec's 'Failed to load posts' (s.8). */
export const userRequestsApi = createResourceApi<UserRequest>(userRequestsResource);

/** The location filter's choices (GET /locations, id and name only); needs locations.view. */
const locationsApi = createResourceApi<Location>(locationsResource);
export const useLocationOptions = () =>
  useQuery(locationsApi.optionsQueryOptions('id-name', (l) => ({ value: String(l.id), label: l.name })));

/** GET /user-request/device-code: one device's requests (a page) and its summary. */
export async function getDeviceRequests(
  deviceCode: string,
  query: ListQueryState,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DeviceRequestsResponse> {
  const params = Object.fromEntries(listQueryToSearchParams(query, { deviceCode }));
  return readData(USER_REQUEST_API_PATHS.deviceCode, deviceRequestsResponseSchema, ERROR_MESSAGES.loadPosts, { query: params, signal });
}
