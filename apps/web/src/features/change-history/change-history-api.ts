import { type ChangeHistoryEntry, changeHistoryResource } from '@console/contract';
import { createResourceApi } from '../../components/resource';
import { HISTORY_FILTERS, orderRange } from './components/history-filters';

/** GET /change-history with its filters (resource, who, row, days: in the URL) and its exports. */
export const changeHistoryApi = createResourceApi<ChangeHistoryEntry>(changeHistoryResource, {
  urlFilters: HISTORY_FILTERS,
  normaliseFilters: orderRange,
});
