import { TONE_DASHBOARD_API_PATHS, TONE_DASHBOARD_MESSAGES, toneDashboardResponseSchema } from '@console/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readData } from '../../../lib/read-data';

/** Spec s.8: GET /dashboard (superAdminData) rejects with this stored message. */
export const TONES_DASHBOARD_ERROR = TONE_DASHBOARD_MESSAGES.superAdminFailed;

const getTonesDashboard = (signal?: AbortSignal) =>
  readData(TONE_DASHBOARD_API_PATHS.dashboard, toneDashboardResponseSchema, TONES_DASHBOARD_ERROR, { signal }).then((b) => b.data);

const tonesDashboardQuery = queryOptions({
  queryKey: ['tones-dashboard'],
  queryFn: ({ signal }) => getTonesDashboard(signal),
  // The figures follow ingestion within seconds (DESIGN s.4b); a slow poll keeps an open screen current.
  refetchInterval: 30_000,
});

export const useTonesDashboard = () => useQuery(tonesDashboardQuery);
